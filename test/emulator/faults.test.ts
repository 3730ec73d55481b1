import { call, USERS } from '../harness/emulatorHttp';
import { useEmulatorCalls } from './faxCalls';

const { emu, api } = useEmulatorCalls();

const send = () => api.send({ FaxNumber: '12125550000' });
const onSend = { method: 'POST', path: '^/v1/outboundfaxes$' };
const inboundStatus = async () => (await api.get(`inboundfaxes`, USERS.alice)).status;
/** The statuses of `n` calls made one after the other. */
async function statusesOf(n: number, ask: () => Promise<number>): Promise<number[]> {
	const statuses = [];
	for (let i = 0; i < n; i++) statuses.push(await ask());
	return statuses;
}
const sendStatus = async () => (await send()).status;
const faxCount = () => emu().control.stats().outboundCount;

test('after: the first N matching requests go through, then the fault hits its count', async () => {
	emu().control.addFault({ ...onSend, kind: 'http500', status: 503, count: 1, after: 2 });
	expect(await statusesOf(4, sendStatus)).toEqual([201, 201, 503, 201]);
	expect(faxCount()).toBe(3);
	expect(() => emu().control.addFault({ kind: 'http500', after: -1 })).toThrow(/after must be/);
});

test('http500: 500 with RequestStatus, nothing processed', async () => {
	emu().control.addFault({ ...onSend, api: 'fax', kind: 'http500', count: 1 });
	const res = await send();
	expect(res.status).toBe(500);
	expect(res.json.RequestStatus.StatusCode).not.toBe(0);
	expect(faxCount()).toBe(0);
	const logged = { status: 500, fault: 'http500', processed: false };
	expect(emu().control.requests()[0]).toMatchObject(logged);
});

test('htmlError: an HTML gateway page, nothing processed', async () => {
	emu().control.addFault({ kind: 'htmlError', count: 1 });
	const res = await send();
	expect(res.status).toBe(502);
	expect(res.headers['content-type']).toBe('text/html');
	expect(res.body.toString()).toContain('<html>');
	expect(faxCount()).toBe(0);
	emu().control.addFault({ kind: 'htmlError', status: 503, count: 1 });
	expect(await sendStatus()).toBe(503);
});

// A dropped connection: the two kinds differ only in whether the fax was made first.
test.each([
	['resetBeforeProcessing: connection dropped, no fax', 'resetBeforeProcessing', 0, false],
	[
		'resetAfterProcessing: connection dropped after the fax was created',
		'resetAfterProcessing',
		1,
		true,
	],
] as const)('%s', async (_name, kind, faxes, processed) => {
	emu().control.addFault({ kind, count: 1 });
	await expect(send()).rejects.toThrow();
	expect(faxCount()).toBe(faxes);
	expect(emu().control.requests()[0]).toMatchObject({ status: null, fault: kind, processed });
});

test('delay: the processed answer is held', async () => {
	emu().control.addFault({ kind: 'delay', delayMs: 300, count: 1 });
	const started = Date.now();
	expect(await sendStatus()).toBe(201);
	expect(Date.now() - started).toBeGreaterThanOrEqual(280);
	const logged = { fault: 'delay', processed: true, status: 201 };
	expect(emu().control.requests()[0]).toMatchObject(logged);
});

test('truncatedJson: 201 with half a JSON body, fax created', async () => {
	emu().control.addFault({ kind: 'truncatedJson', count: 1 });
	const res = await send();
	expect(res.status).toBe(201);
	expect(res.headers['content-type']).toContain('application/json');
	expect(() => JSON.parse(res.body.toString())).toThrow();
	expect(faxCount()).toBe(1);
});

test('filters by api, method and path; count; the control API is never faulted', async () => {
	emu().control.addFault({ api: 'fax', method: 'GET', path: '/inboundfaxes', kind: 'http500' });
	expect(await sendStatus()).toBe(201);
	expect((await api.get(`outboundfaxes`, USERS.alice)).status).toBe(200);
	expect(await inboundStatus()).toBe(500);
	emu().control.clearFaults();
	expect(await inboundStatus()).toBe(200);
	emu().control.addFault({ kind: 'http500', count: 2 });
	// A fault on every path: the control call is answered and does not use up the count.
	expect((await call('GET', `${emu().urls.control}/stats`)).status).toBe(200);
	expect(await statusesOf(3, inboundStatus)).toEqual([500, 500, 200]);
});

test('the first fault added that matches applies; a method filter spares the other methods', async () => {
	emu().control.addFault({ kind: 'http500', status: 503, count: 1 });
	emu().control.addFault({ kind: 'htmlError', status: 504, count: 1 });
	expect(await statusesOf(3, inboundStatus)).toEqual([503, 504, 200]);
	emu().control.addFault({ method: 'DELETE', kind: 'http500' });
	expect(await inboundStatus()).toBe(200);
	expect(await api.status('DELETE', 'inboundfaxes/1', USERS.alice)).toBe(500);
});

test('truncatedJson on a refused request still answers 200/201', async () => {
	emu().control.addFault({ kind: 'truncatedJson', count: 2 });
	expect((await api.get('outboundfaxes', USERS.alice, { Mark: 'maybe' })).status).toBe(200);
	expect((await api.send({})).status).toBe(201);
});

test('probability with a seed repeats exactly', async () => {
	const run = async (): Promise<number[]> => {
		emu().control.reset();
		emu().control.addFault({ kind: 'http500', probability: 0.5, seed: 42 });
		return statusesOf(12, inboundStatus);
	};
	const a = await run();
	expect(await run()).toEqual(a);
	expect(a).toContain(500);
	expect(a).toContain(200);
});

test('bad fault specs are refused', () => {
	expect(() => emu().control.addFault({ kind: 'explode' as any })).toThrow();
	expect(() => emu().control.addFault({ kind: 'http500', probability: 2 })).toThrow();
});

test('request log: every request in order, params merged, files described, no secrets', async () => {
	await api.send({ FaxNumber: ['12125550000', '12125550010'], Mark: 'x' });
	await api.get('outboundfaxes', { userId: 'bob@acme', password: 'wrong' }, { ResultLimit: 5 });
	const log = emu().control.requests();
	expect(log).toHaveLength(2);
	expect(log[0]).toMatchObject({
		seq: 1,
		api: 'fax',
		method: 'POST',
		path: '/v1/outboundfaxes',
		params: { FaxNumber: ['12125550000', '12125550010'], Mark: 'x' },
		files: [{ field: 'attachment', filename: 'letter.txt', contentType: 'text/plain', size: 22 }],
		auth: { scheme: 'Basic', userId: 'alice@acme' },
		status: 201,
		processed: true,
		time: '2026-01-05T09:00:00.000Z',
	});
	expect(log[1]).toMatchObject({
		seq: 2,
		query: { ResultLimit: '5' },
		auth: { scheme: 'Basic', userId: 'bob@acme' },
		status: 401,
	});
	expect(JSON.stringify(log)).not.toMatch(/alice-pass-1|wrong/);
	expect(emu().control.requests({ method: 'GET' })).toHaveLength(1);
	expect(emu().control.requests({ path: 'outboundfaxes$', userId: 'bob@acme' })).toHaveLength(1);
});

test('faults reach mail merge and numbers in their own dialect; faults.addFault is the same registry', async () => {
	emu().control.faults.addFault({ api: 'numbers', kind: 'http500', count: 1 });
	const numbers = await call('GET', `${emu().urls.numbers}/api/numbers/regions/US`, {
		auth: 'Bearer acme-numbers-token',
	});
	expect(numbers.status).toBe(500);
	expect(numbers.json).toEqual({ error: 'internal_error', message: 'Internal server error' });
	emu().control.faults.addFault({ api: 'mailMerge', kind: 'http500', count: 1 });
	const mm = await api.mailMerge('/Job');
	expect(mm.status).toBe(500);
	expect(mm.json.RequestStatus.StatusCode).toBe(1300);
	const faults = emu().control.listFaults();
	expect(faults.map((f) => f.hits)).toEqual([1, 1]);
});
