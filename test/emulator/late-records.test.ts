/**
 * Records that become visible after their own time, the last-modified order of SortColumn=dateTime
 * and the service clock in the Date header (also when it is off): what a poller needs to be tested
 * against.
 */
import { call, MINUTE, USERS } from '../harness/emulatorHttp';
import { ids, useEmulatorCalls } from './faxCalls';

const { emu, api } = useEmulatorCalls();
const { send, fax, control: ctl } = api;
const advance = (ms: number) => emu().control.advance(ms);
const inject = (options: { at?: string; lateByMs?: number; count?: number } = {}) =>
	emu().control.injectInbound({ userId: 'alice@acme', ...options });
const aliceFinds = (collection: string, query: Record<string, string | number> = {}) =>
	api.ids(collection, USERS.alice, query);
const byModified = { SortColumn: 'dateTime', SortOrder: 'asc' };

describe('the Date header is the emulator clock', () => {
	test('on every interface, on errors and on injected faults, never the host clock', async () => {
		advance(90 * MINUTE + 7_000);
		const answers = [
			await api.get('inboundfaxes', USERS.alice),
			await api.get('inboundfaxes/99', USERS.alice),
			await api.get('inboundfaxes', null),
			await api.mailMerge('/Job'),
			await call('GET', `${emu().urls.numbers}/api/numbers/regions/US`, {
				headers: { authorization: 'Bearer acme-numbers-token' },
			}),
		];
		expect(answers.map((res) => res.status)).toEqual([200, 404, 401, 200, 200]);
		emu().control.addFault({ kind: 'http500', count: 1 });
		answers.push(await api.get('outboundfaxes', USERS.alice));
		expect(answers.at(-1)!.status).toBe(500);
		for (const res of answers) expect(res.headers.date).toBe('Mon, 05 Jan 2026 10:30:07 GMT');
	});

	test('whole seconds, moving only with the clock', async () => {
		advance(1_999);
		for (let i = 0; i < 2; i++) {
			const { headers } = await api.get('inboundfaxes', USERS.alice);
			expect(headers.date).toBe('Mon, 05 Jan 2026 09:00:01 GMT');
		}
	});
});

const dateOf = (res: { headers: Record<string, unknown> }) =>
	new Date(String(res.headers.date)).toISOString();
const searched = async () => dateOf(await api.get('inboundfaxes', USERS.alice));

test('a wrong front-end clock: the next answers carry a Date an hour ahead, then the clock again; the records keep the service clock', async () => {
	inject();
	const now = emu().control.now();
	const offset = await ctl('POST', '/date-header-offset', { ms: 3_600_000, answers: 1 });
	expect(offset.status).toBe(200);
	const ahead = await api.get('inboundfaxes', USERS.alice);
	expect(dateOf(ahead)).toBe(new Date(Date.parse(now) + 3_600_000).toISOString());
	expect(ahead.json.FaxInfo[0].ReceivedTime).toBe(now.replace('.000Z', 'Z'));
	expect(await searched()).toBe(now);

	emu().control.setDateHeaderOffset(-120_000);
	expect(await searched()).toBe(new Date(Date.parse(now) - 120_000).toISOString());
	expect(await searched()).toBe(new Date(Date.parse(now) - 120_000).toISOString());
	emu().control.reset();
	expect(await searched()).toBe(emu().control.now());
	expect((await ctl('POST', '/date-header-offset', { ms: 'x' })).status).toBe(400);
});

describe('inbound faxes visible late (injectInbound lateByMs)', () => {
	test('invisible until ReceivedTime + lateByMs, then found by their ReceivedTime', async () => {
		const [late] = inject({ lateByMs: 3 * MINUTE });
		expect(late).toMatchObject({ FaxId: '1', ReceivedTime: '2026-01-05T09:00:00Z' });
		advance(MINUTE);
		const [onTime] = inject();
		expect(await aliceFinds('inboundfaxes')).toEqual([onTime.FaxId]);
		expect(await api.status('GET', 'inboundfaxes/1', USERS.alice)).toBe(404);
		const visible = emu().control.inboundAll();
		expect(visible.map((f) => f.FaxId)).toEqual([onTime.FaxId]);

		advance(2 * MINUTE);
		// Filtered by its ReceivedTime (09:00), though it appeared at 09:03.
		const after = (at: string) => aliceFinds('inboundfaxes', { DatetimeAfter: at });
		expect(await after('2026-01-05T09:00Z')).toEqual(['1', '2']);
		expect(await after('2026-01-05T09:01Z')).toEqual(['2']);
		// Sorted by when it appeared: after the fax received a minute later.
		expect(await aliceFinds('inboundfaxes', byModified)).toEqual(['2', '1']);
		expect(emu().control.inboundAll()).toEqual([
			expect.objectContaining({ FaxId: '2', visibleAt: '2026-01-05T09:01:00.000Z' }),
			expect.objectContaining({
				FaxId: '1',
				ReceivedTime: '2026-01-05T09:00:00Z',
				visibleAt: '2026-01-05T09:03:00.000Z',
			}),
		]);
	});

	test('a receive time in the past with a lag that already passed seeds the fax as history', async () => {
		inject({ at: '2026-01-05T08:00:00Z', lateByMs: 30_000 });
		inject({ at: '2026-01-05T08:10:00Z' });
		expect(await aliceFinds('inboundfaxes', byModified)).toEqual(['1', '2']);
		expect(emu().control.inboundAll()[0].visibleAt).toBe('2026-01-05T08:00:30.000Z');
	});

	test('lateByMs must be a whole number of milliseconds up to a day', () => {
		for (const lateByMs of [-1, 1.5, 24 * 60 * MINUTE + 1])
			expect(() => inject({ lateByMs })).toThrow(/lateByMs/);
	});
});

describe('SortColumn=dateTime is the last-modified time', () => {
	test('marking or recoding an inbound fax moves it to the end; DatetimeAfter still filters ReceivedTime', async () => {
		inject();
		advance(MINUTE);
		inject();
		advance(MINUTE);
		await api.put('inboundfaxes/1', USERS.alice, { ProjectCode: 'A-7' });
		expect(await aliceFinds('inboundfaxes', byModified)).toEqual(['2', '1']);
		const descending = { ...byModified, SortOrder: 'desc' };
		expect(await aliceFinds('inboundfaxes', descending)).toEqual(['1', '2']);
		const after = { ...byModified, DatetimeAfter: '2026-01-05T09:01Z' };
		expect(await aliceFinds('inboundfaxes', after)).toEqual(['2']);
		const [first] = (await api.get('inboundfaxes', USERS.alice, { ResultLimit: 1 })).json.FaxInfo;
		expect(first.ReceivedTime).toBe('2026-01-05T09:00:00Z');
	});

	test('marking an outbound fax moves it in dateTime order but not its CompleteTime', async () => {
		await send({ FaxNumber: '12125550000' });
		advance(MINUTE);
		await send({ FaxNumber: '12125550000' });
		advance(MINUTE);
		await api.put('outboundfaxes/1', USERS.alice, { Mark: 'true' });
		expect(await aliceFinds('outboundfaxes', byModified)).toEqual(['2', '1']);
		expect((await fax(1)).CompleteTime).toBe('2026-01-05T09:00:27Z');
		const before = { DatetimeBefore: '2026-01-05T09:00:30Z' };
		expect(await aliceFinds('outboundfaxes', before)).toEqual(['1']);
	});

	test('a record modified between two pages comes again on a later ascending page, never lost', async () => {
		inject({ count: 4 });
		advance(MINUTE);
		const first = await api.get('inboundfaxes', USERS.alice, { ...byModified, ResultLimit: 2 });
		expect(ids(first)).toEqual(['1', '2']);
		await api.put('inboundfaxes/1', USERS.alice, { Mark: 'true' });
		const next = { ResultLimit: 5, GetNextResults: first.json.ResultsReference };
		expect(ids(await api.get('inboundfaxes', USERS.alice, next))).toEqual(['3', '4', '1']);
	});
});

describe('outbound completions visible late (setCompletionLag)', () => {
	test('the fax shows its previous status until the lag passed, then completes at its real time', async () => {
		const id = await api.sendId({ FaxNumber: '12125550000' });
		emu().control.setCompletionLag(id, 9 * MINUTE);
		advance(MINUTE);
		// Sent at 09:00:27 on the fax server, still "sending" on the service.
		const sending = { FaxStatus: 'sending', CompleteTime: '2026-01-05T09:00:07Z' };
		expect(await fax(id)).toMatchObject(sending);
		advance(8 * MINUTE + 26_000);
		expect((await fax(id)).FaxStatus).toBe('sending');
		advance(1_000);
		const sent = { FaxStatus: 'sent', CompleteTime: '2026-01-05T09:00:27Z' };
		expect(await fax(id)).toMatchObject(sent);
		const sentEntry = { faxId: id, status: 'sent', at: '2026-01-05T09:00:27.000Z' };
		expect(emu().control.outboundHistory().at(-1)).toEqual(sentEntry);
		// Found by its CompleteTime, sorted by when it appeared.
		await send({ FaxNumber: '12125550000' });
		advance(MINUTE);
		const after = { DatetimeAfter: '2026-01-05T09:00Z' };
		expect(await aliceFinds('outboundfaxes', after)).toEqual(['1', '2']);
		const descending = { SortColumn: 'dateTime', SortOrder: 'desc' };
		expect(await aliceFinds('outboundfaxes', descending)).toEqual(['2', '1']);
	});

	test('a failure is late the same way; a fax deleted during the lag never shows its completion', async () => {
		const failed = await api.sendId({ FaxNumber: '12125551000' });
		const deleted = await api.sendId({ FaxNumber: '12125550000' });
		emu().control.setCompletionLag(failed, 3 * MINUTE);
		emu().control.setCompletionLag(deleted, 3 * MINUTE);
		advance(MINUTE);
		await api.del(`outboundfaxes/${deleted}`, USERS.alice);
		advance(3 * MINUTE);
		expect(await fax(failed)).toMatchObject({
			FaxStatus: 'sendFailed',
			CompleteTime: '2026-01-05T09:00:10Z',
			ErrorText: 'Call rejected',
		});
		expect(emu().control.outboundFax(deleted)?.FaxStatus).toBe('sending');
	});

	test('only a fax not completed yet, with a lag of whole milliseconds up to a day', async () => {
		await send({ FaxNumber: '12125550000' });
		const lag = (id: number, ms: number) => () => emu().control.setCompletionLag(id, ms);
		expect(lag(1, -5)).toThrow(/ms must be/);
		expect(lag(2, 1_000)).toThrow(/no outbound fax 2/);
		advance(MINUTE);
		expect(lag(1, 1_000)).toThrow(/already final/);
	});

	test('over HTTP: POST /outbound/{id}/completion-lag and POST /inbound with lateByMs', async () => {
		await send({ FaxNumber: '12125550000' });
		const lag = (ms: unknown) => ctl('POST', '/outbound/1/completion-lag', { ms });
		expect((await lag(5 * MINUTE)).json).toEqual({ ok: true });
		expect((await lag('soon')).status).toBe(400);
		const injected = await ctl('POST', '/inbound', { userId: 'bob@acme', lateByMs: 30_000 });
		expect(injected.json.faxes[0].ReceivedTime).toBe('2026-01-05T09:00:00Z');
		await ctl('POST', '/advance', { ms: MINUTE });
		expect((await fax(1)).FaxStatus).toBe('sending');
		expect((await ctl('GET', '/inbound')).json.faxes[0].visibleAt).toBe('2026-01-05T09:00:30.000Z');
		await ctl('POST', '/advance', { ms: 5 * MINUTE });
		expect((await fax(1)).FaxStatus).toBe('sent');
	});
});
