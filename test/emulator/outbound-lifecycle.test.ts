import { MINUTE, textPages, USERS, type Login } from '../harness/emulatorHttp';
import { expectAnswer, OK, useEmulatorCalls } from './faxCalls';

const { emu, api } = useEmulatorCalls();
const { sendId, fax } = api;
const advance = (ms: number) => emu().control.advance(ms);

/** The statuses a fax went through, in order, as `a → b → c`. */
const statusesOf = (faxId: number): string =>
	emu()
		.control.outboundHistory()
		.filter((h) => h.faxId === faxId)
		.map((h) => h.status)
		.join(' → ');
/** When each dial (the status sending) of any fax began. */
const dials = () =>
	emu()
		.control.outboundHistory()
		.filter((h) => h.status === 'sending')
		.map((h) => h.at);

test('awaitingConversion → scheduled → sending → sent on the clock, CompleteTime follows', async () => {
	const id = await sendId({ FaxNumber: '12125550000' });
	const seen: Array<[string, string]> = [];
	for (let i = 0; i < 40; i++) {
		const f = await fax(id);
		if (seen.length === 0 || seen[seen.length - 1][0] !== f.FaxStatus)
			seen.push([f.FaxStatus, f.CompleteTime]);
		advance(1000);
	}
	expect(seen).toEqual([
		['awaitingConversion', '2026-01-05T09:00:00Z'],
		['scheduled', '2026-01-05T09:00:05Z'],
		['sending', '2026-01-05T09:00:07Z'],
		['sent', '2026-01-05T09:00:27Z'],
	]);
	expect(await fax(id)).toMatchObject({
		PagesTotal: '1',
		PagesSent: '1',
		Duration: '20',
		CSI: '+1 212 555 0000',
		ErrorCode: '0',
		ErrorText: '',
	});
});

test('a cover page adds awaitingCoverpage and a page', async () => {
	const id = await sendId({ FaxNumber: '12125550000', CoverPageEnabled: 'true' });
	advance(10 * MINUTE);
	const statuses = 'awaitingConversion → awaitingCoverpage → scheduled → sending → sent';
	expect(statusesOf(id)).toBe(statuses);
	expect(await fax(id)).toMatchObject({ CoverPageName: 'default', PagesTotal: '2' });
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
		'no answer on the first two attempts then sent (...0008)',
		{ FaxNumber: '12125550008', RetryInterval: '1' },
		10 * MINUTE,
		{ FaxStatus: 'sent', RetryCountLeft: '0', ErrorCode: '0' },
	],
	[
		'excessive duration sends every page but one',
		{ FaxNumber: '12125551103', CoverPageEnabled: 'true' },
		20 * MINUTE,
		{ FaxStatus: 'sendFailed', PagesTotal: '2', PagesSent: '1' },
	],
	[
		'page rejected sends part of the pages',
		{ FaxNumber: '12125553002', RetryCount: '1', CoverPageEnabled: 'true' },
		MINUTE,
		{ PagesTotal: '2', PagesSent: '1' },
	],
])('%s', async (_name, params, wait, fields) => {
	const id = await sendId(params);
	advance(wait);
	expect(await fax(id)).toMatchObject(fields);
});

test('SendAfter holds the fax in scheduled', async () => {
	const id = await sendId({ FaxNumber: '12125550000', SendAfter: '2026-01-05T11:30+0200' });
	advance(29 * MINUTE);
	expect((await fax(id)).FaxStatus).toBe('scheduled');
	emu().control.setTime('2026-01-05T09:31:00Z');
	expect((await fax(id)).FaxStatus).toBe('sent');
	expect(dials()).toEqual(['2026-01-05T09:30:00.000Z']);
});

test('retries: RetryCount attempts, RetryInterval minutes apart, RetryCountLeft going down', async () => {
	const id = await sendId({ FaxNumber: '12125550002', RetryCount: '3', RetryInterval: '10' });
	advance(20_000);
	const busy = { ErrorCode: '1002', ErrorText: 'Busy' };
	expect(await fax(id)).toMatchObject({ FaxStatus: 'scheduled', RetryCountLeft: '2', ...busy });
	advance(9 * MINUTE);
	expect((await fax(id)).FaxStatus).toBe('scheduled');
	advance(MINUTE);
	expect((await fax(id)).RetryCountLeft).toBe('1');
	advance(30 * MINUTE);
	expect(await fax(id)).toMatchObject({
		FaxStatus: 'sendFailed',
		RetryCountLeft: '0',
		ErrorCode: '1002',
		PagesSent: '0',
	});
	expect(statusesOf(id)).toBe(
		'awaitingConversion → scheduled → sending → scheduled → sending → scheduled → sending → sendFailed',
	);
	expect(dials()).toEqual([
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
])('%s ends sendFailed with %s %s', async (number, ErrorCode, ErrorText, dialled) => {
	const id = await sendId({ FaxNumber: number, RetryCount: '1' });
	advance(60 * MINUTE);
	expect(await fax(id)).toMatchObject({ FaxStatus: 'sendFailed', ErrorCode, ErrorText });
	expect(dials()).toHaveLength(dialled);
});

test.each(['12125551000', '12125551009', '12125551041', '12125551103', '12125559000'])(
	'%s is not retried although attempts are left',
	async (number) => {
		const id = await sendId({ FaxNumber: number, RetryCount: '3', RetryInterval: '1' });
		advance(60 * MINUTE);
		expect(await fax(id)).toMatchObject({ FaxStatus: 'sendFailed', RetryCountLeft: '2' });
		expect(dials()).toHaveLength(1);
	},
);

test('a file the server cannot convert fails with 4001', async () => {
	const bytes = Buffer.from([0, 1, 2, 3, 0, 255, 254]);
	const file = new Blob([bytes], { type: 'application/octet-stream' });
	const id = await sendId({ FaxNumber: '12125550000' }, USERS.alice, file);
	advance(MINUTE);
	expect(await fax(id)).toMatchObject({ FaxStatus: 'sendFailed', ErrorCode: '4001' });
});

test('TSI is truncated to 20 characters when sent', async () => {
	const id = await sendId({ FaxNumber: '12125550000', TSI: 'A VERY LONG STATION IDENTIFIER' });
	expect((await fax(id)).TSI).toBe('A VERY LONG STATION IDENTIFIER');
	advance(MINUTE);
	expect((await fax(id)).TSI).toBe('A VERY LONG STATION ');
});

test('forceOutcome overrides the script, by key or by ErrorCode', async () => {
	const force = emu().control.forceOutcome;
	const a = await sendId({ FaxNumber: '12125550000', RetryCount: '1' });
	const b = await sendId({ FaxNumber: '12125550002' });
	force(a, 'noFaxTone');
	force(b, 'sent');
	advance(MINUTE);
	expect((await fax(a)).ErrorCode).toBe('1005');
	expect((await fax(b)).FaxStatus).toBe('sent');
	expect(() => force(b, 'busy')).toThrow(/final/);
	const c = await sendId({ FaxNumber: '12125550000', RetryCount: '1' });
	force(c, 1041);
	advance(MINUTE);
	expect((await fax(c)).ErrorCode).toBe('1041');
	expect(() => force(c + 10, 'busy')).toThrow();
	expect(() => force(c, 'nonsense')).toThrow();
});

test('DeleteAfterSend removes the fax after success but not after failure', async () => {
	const ok = await sendId({ FaxNumber: '12125550000', DeleteAfterSend: 'true' });
	const bad = await sendId({ FaxNumber: '12125551041', DeleteAfterSend: 'true' });
	advance(MINUTE);
	expect(await api.status('GET', `outboundfaxes/${ok}`, USERS.alice)).toBe(404);
	expect(statusesOf(ok)).toContain('sent');
	expect((await fax(bad)).FaxStatus).toBe('sendFailed');
});

test('deleting a fax stops its lifecycle; deleting it again is a 404', async () => {
	const id = await sendId({ FaxNumber: '12125550000' });
	const del = await api.del(`outboundfaxes/${id}`, USERS.alice);
	expect(del.status).toBe(201);
	expect(del.json).toEqual({ RequestStatus: OK });
	expect(await api.status('DELETE', `outboundfaxes/${id}`, USERS.alice)).toBe(404);
	advance(MINUTE);
	expect(statusesOf(id)).toBe('awaitingConversion');
});

describe('resend', () => {
	const resend = (id: number, login: Login = USERS.alice, form?: Record<string, string>) =>
		api.post(`outboundfaxes/${id}/resend`, login, form);

	test('only from sendFailed: new FaxId, original deleted', async () => {
		const id = await sendId({ FaxNumber: '12125551041', FaxDescription: 'first try' });
		expectAnswer(await resend(id), 400, 30);
		advance(MINUTE);
		const res = await resend(id, USERS.alice, { FaxNumber: '12125550000' });
		expect(res.status).toBe(201);
		const created = { FaxId: String(id + 1), FaxNumber: '12125550000' };
		expect(res.json).toEqual({ FaxInfo: [created], RequestStatus: OK });
		expect(await api.status('GET', `outboundfaxes/${id}`, USERS.alice)).toBe(404);
		expect(await fax(id + 1)).toMatchObject({
			FaxStatus: 'awaitingConversion',
			FaxDescription: 'first try',
			GroupId: String(id + 1),
			ErrorCode: '0',
		});
		advance(MINUTE);
		expect((await fax(id + 1)).FaxStatus).toBe('sent');
		expect((await resend(id + 1)).status).toBe(400);
	});

	test('without FaxNumber the original number is used; unknown fax is 404', async () => {
		const id = await sendId({ FaxNumber: '12125551041' });
		advance(MINUTE);
		expect((await resend(id)).json.FaxInfo[0].FaxNumber).toBe('12125551041');
		expectAnswer(await resend(999), 404, 70);
	});

	test('a colleague cannot resend; the proxy can', async () => {
		const id = await sendId({ FaxNumber: '12125551041' });
		advance(MINUTE);
		expect((await resend(id, USERS.bob)).status).toBe(403);
		const admin = await resend(id, USERS.acmeAdmin);
		expect(admin.status).toBe(201);
		// The fax stays the owner's; its ProxyFaxUserId is the login that resent it.
		const resentBy = { FaxUserId: 'alice@acme', ProxyFaxUserId: 'admin@acme' };
		expect(await fax(admin.json.FaxInfo[0].FaxId)).toMatchObject(resentBy);
	});
});

test('while sending, each page that has gone out updates PagesSent and CompleteTime; the status stays sending', async () => {
	const id = await sendId({ FaxNumber: '12125550000' }, USERS.alice, textPages(4));
	advance(7_000);
	const progress: string[][] = [];
	for (let second = 7; second <= 57; second += 10) {
		const f = await fax(id);
		progress.push([f.FaxStatus, f.PagesSent, f.CompleteTime]);
		advance(10_000);
	}
	expect(progress).toEqual([
		['sending', '0', '2026-01-05T09:00:07Z'],
		['sending', '0', '2026-01-05T09:00:07Z'],
		['sending', '1', '2026-01-05T09:00:27Z'],
		['sending', '2', '2026-01-05T09:00:37Z'],
		['sending', '3', '2026-01-05T09:00:47Z'],
		['sent', '4', '2026-01-05T09:00:57Z'],
	]);
	// Page updates are not status changes.
	expect(statusesOf(id)).toBe('awaitingConversion → scheduled → sending → sent');
});
