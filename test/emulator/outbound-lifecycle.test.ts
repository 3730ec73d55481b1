import { getOutbound, MINUTE, sendFax, textFile, USERS } from '../harness/emulatorHttp';
import { useEmulator } from '../harness/jest/emulator';
import { faxCalls } from './faxCalls';

const emu = useEmulator();
const api = faxCalls(emu);

const statusesOf = (faxId: number): string[] =>
	emu()
		.control.outboundHistory()
		.filter((h) => h.faxId === faxId)
		.map((h) => h.status);

async function sendOne(params: Record<string, string | string[]>): Promise<number> {
	const res = await sendFax(emu(), USERS.alice, params);
	expect(res.status).toBe(201);
	return Number(res.json.FaxInfo[0].FaxId);
}

test('awaitingConversion → scheduled → sending → sent on the clock, CompleteTime follows', async () => {
	const id = await sendOne({ FaxNumber: '12125550000' });
	const seen: Array<[string, string]> = [];
	for (let i = 0; i < 40; i++) {
		const f = await getOutbound(emu(), USERS.alice, id);
		if (seen.length === 0 || seen[seen.length - 1][0] !== f.FaxStatus)
			seen.push([f.FaxStatus, f.CompleteTime]);
		emu().control.advance(1000);
	}
	expect(seen).toEqual([
		['awaitingConversion', '2026-01-05T09:00:00Z'],
		['scheduled', '2026-01-05T09:00:05Z'],
		['sending', '2026-01-05T09:00:07Z'],
		['sent', '2026-01-05T09:00:27Z'],
	]);
	expect(await getOutbound(emu(), USERS.alice, id)).toMatchObject({
		PagesTotal: '1',
		PagesSent: '1',
		Duration: '20',
		CSI: '+1 212 555 0000',
		ErrorCode: '0',
		ErrorText: '',
	});
});

test('a cover page adds awaitingCoverpage and a page', async () => {
	const id = await sendOne({ FaxNumber: '12125550000', CoverPageEnabled: 'true' });
	emu().control.advance(10 * MINUTE);
	expect(statusesOf(id)).toEqual([
		'awaitingConversion',
		'awaitingCoverpage',
		'scheduled',
		'sending',
		'sent',
	]);
	expect(await getOutbound(emu(), USERS.alice, id)).toMatchObject({
		CoverPageName: 'default',
		PagesTotal: '2',
	});
});

// Cases that send one fax, let the clock run, and read what the fax became.
test.each<[string, Record<string, string>, number, Record<string, string>]>([
	[
		'an unknown cover page template fails the fax with the merge error',
		{ FaxNumber: '12125550000', CoverPageEnabled: 'true', CoverPageName: 'nope' },
		MINUTE,
		{ FaxStatus: 'sendFailed', ErrorCode: '1000', ErrorText: 'Coverpage and fax merge failed' },
	],
	[
		'busy on the first attempt then sent (...0006)',
		{ FaxNumber: '12125550006', RetryInterval: '5' },
		10 * MINUTE,
		{ FaxStatus: 'sent', RetryCountLeft: '1', ErrorCode: '0', ErrorText: '' },
	],
	[
		'page rejected sends part of the pages',
		{ FaxNumber: '12125553002', RetryCount: '1', CoverPageEnabled: 'true' },
		MINUTE,
		{ PagesTotal: '2', PagesSent: '1' },
	],
])('%s', async (_name, params, wait, fields) => {
	const id = await sendOne(params);
	emu().control.advance(wait);
	expect(await getOutbound(emu(), USERS.alice, id)).toMatchObject(fields);
});

test('SendAfter holds the fax in scheduled', async () => {
	const id = await sendOne({ FaxNumber: '12125550000', SendAfter: '2026-01-05T11:30+0200' });
	emu().control.advance(29 * MINUTE);
	expect((await getOutbound(emu(), USERS.alice, id)).FaxStatus).toBe('scheduled');
	emu().control.setTime('2026-01-05T09:31:00Z');
	expect((await getOutbound(emu(), USERS.alice, id)).FaxStatus).toBe('sent');
	expect(
		emu()
			.control.outboundHistory()
			.find((h) => h.status === 'sending')?.at,
	).toBe('2026-01-05T09:30:00.000Z');
});

test('retries: RetryCount attempts, RetryInterval minutes apart, RetryCountLeft going down', async () => {
	const id = await sendOne({ FaxNumber: '12125550002', RetryCount: '3', RetryInterval: '10' });
	emu().control.advance(20_000);
	expect(await getOutbound(emu(), USERS.alice, id)).toMatchObject({
		FaxStatus: 'scheduled',
		RetryCountLeft: '2',
		ErrorCode: '1002',
		ErrorText: 'Busy',
	});
	emu().control.advance(9 * MINUTE);
	expect((await getOutbound(emu(), USERS.alice, id)).FaxStatus).toBe('scheduled');
	emu().control.advance(MINUTE);
	expect((await getOutbound(emu(), USERS.alice, id)).RetryCountLeft).toBe('1');
	emu().control.advance(30 * MINUTE);
	expect(await getOutbound(emu(), USERS.alice, id)).toMatchObject({
		FaxStatus: 'sendFailed',
		RetryCountLeft: '0',
		ErrorCode: '1002',
		PagesSent: '0',
	});
	expect(statusesOf(id)).toEqual([
		'awaitingConversion',
		'scheduled',
		'sending',
		'scheduled',
		'sending',
		'scheduled',
		'sending',
		'sendFailed',
	]);
	const dials = emu()
		.control.outboundHistory()
		.filter((h) => h.status === 'sending');
	expect(dials.map((d) => d.at)).toEqual([
		'2026-01-05T09:00:07.000Z',
		'2026-01-05T09:10:12.000Z',
		'2026-01-05T09:20:17.000Z',
	]);
});

test.each([
	['12125550002', '1002', 'Busy', 1],
	['12125550003', '1003', 'Circuits Busy', 1],
	['12125550004', '1004', 'No answer', 1],
	['12125550005', '1005', 'No fax tone', 1],
	['12125550009', '1009', 'sit intercept tone', 1],
	['12125551000', '1000', 'Call rejected', 1],
	['12125551001', '1000', 'Temporary failure', 1],
	['12125551007', '1000', 'Answer - Marked by Silence', 1],
	['12125551009', '1009', 'sit vacant tone', 1],
	['12125551041', '1041', 'Fax number rejected by fax server fax number restriction', 1],
	['12125551100', '1100', 'Call answered, possibly by a person', 1],
	['12125551101', '1101', 'Dial - no answer from central office', 1],
	['12125551102', '1102', 'Dial - call disconnected', 1],
	['12125551103', '1103', 'fax processing excessive duration', 1],
	['12125553002', '3002', 'page rejected by recipient', 1],
	['12125554001', '4001', 'Error converting document to FAX', 0],
	['12125559000', '0', 'Cannot combine fax files', 1],
	['2125550000', '1000', 'Invalid number format', 1],
	['1212555000', '1000', 'Invalid phone number, missing digits', 1],
])('%s ends sendFailed with %s %s', async (number, code, text, dialled) => {
	const id = await sendOne({ FaxNumber: number, RetryCount: '1' });
	emu().control.advance(60 * MINUTE);
	expect(await getOutbound(emu(), USERS.alice, id)).toMatchObject({
		FaxStatus: 'sendFailed',
		ErrorCode: code,
		ErrorText: text,
	});
	expect(statusesOf(id).filter((s) => s === 'sending')).toHaveLength(dialled);
});

test('a file the server cannot convert fails with 4001', async () => {
	const res = await sendFax(
		emu(),
		USERS.alice,
		{ FaxNumber: '12125550000' },
		new Blob([Buffer.from([0, 1, 2, 3, 0, 255, 254])], { type: 'application/octet-stream' }),
	);
	emu().control.advance(MINUTE);
	expect(await getOutbound(emu(), USERS.alice, res.json.FaxInfo[0].FaxId)).toMatchObject({
		FaxStatus: 'sendFailed',
		ErrorCode: '4001',
	});
});

test('TSI is truncated to 20 characters when sent', async () => {
	const id = await sendOne({ FaxNumber: '12125550000', TSI: 'A VERY LONG STATION IDENTIFIER' });
	expect((await getOutbound(emu(), USERS.alice, id)).TSI).toBe('A VERY LONG STATION IDENTIFIER');
	emu().control.advance(MINUTE);
	expect((await getOutbound(emu(), USERS.alice, id)).TSI).toBe('A VERY LONG STATION ');
});

test('forceOutcome overrides the script, by key or by ErrorCode', async () => {
	const a = await sendOne({ FaxNumber: '12125550000', RetryCount: '1' });
	const b = await sendOne({ FaxNumber: '12125550002' });
	emu().control.forceOutcome(a, 'noFaxTone');
	emu().control.forceOutcome(b, 'sent');
	emu().control.advance(MINUTE);
	expect((await getOutbound(emu(), USERS.alice, a)).ErrorCode).toBe('1005');
	expect((await getOutbound(emu(), USERS.alice, b)).FaxStatus).toBe('sent');
	expect(() => emu().control.forceOutcome(b, 'busy')).toThrow(/final/);
	const c = await sendOne({ FaxNumber: '12125550000', RetryCount: '1' });
	emu().control.forceOutcome(c, 1041);
	emu().control.advance(MINUTE);
	expect((await getOutbound(emu(), USERS.alice, c)).ErrorCode).toBe('1041');
	expect(() => emu().control.forceOutcome(c + 10, 'busy')).toThrow();
	expect(() => emu().control.forceOutcome(c, 'nonsense')).toThrow();
});

test('DeleteAfterSend removes the fax after success but not after failure', async () => {
	const ok = await sendOne({ FaxNumber: '12125550000', DeleteAfterSend: 'true' });
	const bad = await sendOne({ FaxNumber: '12125551041', DeleteAfterSend: 'true' });
	emu().control.advance(MINUTE);
	const res = await api.get(`outboundfaxes/${ok}`, USERS.alice);
	expect(res.status).toBe(404);
	expect(statusesOf(ok)).toContain('sent');
	expect((await getOutbound(emu(), USERS.alice, bad)).FaxStatus).toBe('sendFailed');
});

test('deleting a fax stops its lifecycle', async () => {
	const id = await sendOne({ FaxNumber: '12125550000' });
	const del = await api.del(`outboundfaxes/${id}`, USERS.alice);
	expect(del.status).toBe(201);
	expect(del.json).toEqual({ RequestStatus: { StatusCode: 0, StatusText: '' } });
	emu().control.advance(MINUTE);
	expect(statusesOf(id)).toEqual(['awaitingConversion']);
});

describe('resend', () => {
	test('only from sendFailed: new FaxId, original deleted', async () => {
		const id = await sendOne({ FaxNumber: '12125551041', FaxDescription: 'first try' });
		const early = await api.post(`outboundfaxes/${id}/resend`, USERS.alice);
		expect(early.status).toBe(400);
		expect(early.json.RequestStatus.StatusCode).toBe(30);
		emu().control.advance(MINUTE);
		const res = await api.post(`outboundfaxes/${id}/resend`, USERS.alice, {
			FaxNumber: '12125550000',
		});
		expect(res.status).toBe(201);
		expect(res.json).toEqual({
			FaxInfo: [{ FaxId: String(id + 1), FaxNumber: '12125550000' }],
			RequestStatus: { StatusCode: 0, StatusText: '' },
		});
		const old = await api.get(`outboundfaxes/${id}`, USERS.alice);
		expect(old.status).toBe(404);
		expect(await getOutbound(emu(), USERS.alice, id + 1)).toMatchObject({
			FaxStatus: 'awaitingConversion',
			FaxDescription: 'first try',
			GroupId: String(id + 1),
			ErrorCode: '0',
		});
		emu().control.advance(MINUTE);
		expect((await getOutbound(emu(), USERS.alice, id + 1)).FaxStatus).toBe('sent');
		const again = await api.post(`outboundfaxes/${id + 1}/resend`, USERS.alice);
		expect(again.status).toBe(400);
	});

	test('without FaxNumber the original number is used; unknown fax is 404', async () => {
		const id = await sendOne({ FaxNumber: '12125551041' });
		emu().control.advance(MINUTE);
		const res = await api.post(`outboundfaxes/${id}/resend`, USERS.alice);
		expect(res.json.FaxInfo[0].FaxNumber).toBe('12125551041');
		const missing = await api.post(`outboundfaxes/999/resend`, USERS.alice);
		expect(missing.status).toBe(404);
		expect(missing.json.RequestStatus.StatusCode).toBe(70);
	});

	test('a colleague cannot resend; the proxy can', async () => {
		const id = await sendOne({ FaxNumber: '12125551041' });
		emu().control.advance(MINUTE);
		const bob = await api.post(`outboundfaxes/${id}/resend`, USERS.bob);
		expect(bob.status).toBe(403);
		const admin = await api.post(`outboundfaxes/${id}/resend`, USERS.acmeAdmin);
		expect(admin.status).toBe(201);
		expect((await getOutbound(emu(), USERS.alice, admin.json.FaxInfo[0].FaxId)).FaxUserId).toBe(
			'alice@acme',
		);
	});
});

test('while sending, each page that has gone out updates PagesSent and CompleteTime; the status stays sending', async () => {
	const text = Array.from({ length: 4 * 66 }, (_, i) => `line ${i + 1}`).join('\n');
	const res = await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' }, textFile(text));
	const id = Number(res.json.FaxInfo[0].FaxId);
	emu().control.advance(7_000);
	const progress: Array<[string, string, string]> = [];
	for (let second = 7; second <= 47; second += 10) {
		const f = await getOutbound(emu(), USERS.alice, id);
		progress.push([f.FaxStatus, f.PagesSent, f.CompleteTime]);
		emu().control.advance(10_000);
	}
	expect(progress).toEqual([
		['sending', '0', '2026-01-05T09:00:07Z'],
		['sending', '0', '2026-01-05T09:00:07Z'],
		['sending', '1', '2026-01-05T09:00:27Z'],
		['sending', '2', '2026-01-05T09:00:37Z'],
		['sending', '3', '2026-01-05T09:00:47Z'],
	]);
	const done = await getOutbound(emu(), USERS.alice, id);
	expect([done.FaxStatus, done.PagesSent, done.CompleteTime]).toEqual([
		'sent',
		'4',
		'2026-01-05T09:00:57Z',
	]);
	// Page updates are not status changes.
	expect(statusesOf(id)).toEqual(['awaitingConversion', 'scheduled', 'sending', 'sent']);
});
