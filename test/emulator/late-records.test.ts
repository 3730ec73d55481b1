/**
 * Records that become visible after their own time, the last-modified order of SortColumn=dateTime
 * and the service clock in the Date header: what a poller needs to be tested against.
 */
import {
	call,
	controlOf,
	getOutbound,
	MINUTE,
	sendFax,
	USERS,
	type Login,
} from '../harness/emulatorHttp';
import { useEmulator } from '../harness/jest/emulator';
import { faxCalls, ids } from './faxCalls';

const emu = useEmulator();
const ctl = controlOf(emu);
const api = faxCalls(emu);
const search = (collection: string, login: Login, query: Record<string, string | number> = {}) =>
	api.get(collection, login, query);
/** The FaxIds of Alice's faxes a search finds. */
const aliceFinds = (collection: string, query: Record<string, string | number> = {}) =>
	api.ids(collection, USERS.alice, query);
const byModified = { SortColumn: 'dateTime', SortOrder: 'asc' };

describe('the Date header is the emulator clock', () => {
	test('on every interface, on errors and on injected faults, never the host clock', async () => {
		emu().control.advance(90 * MINUTE + 7_000);
		const expected = 'Mon, 05 Jan 2026 10:30:07 GMT';
		const answers = [
			await search('inboundfaxes', USERS.alice),
			await api.get('inboundfaxes/99', USERS.alice),
			await api.get('inboundfaxes', null),
			await call('GET', `${emu().urls.mailMerge}/Job`, { auth: USERS.alice }),
			await call('GET', `${emu().urls.numbers}/api/numbers/regions/US`, {
				headers: { authorization: 'Bearer acme-numbers-token' },
			}),
		];
		expect(answers.map((res) => res.status)).toEqual([200, 404, 401, 200, 200]);
		emu().control.addFault({ kind: 'http500', count: 1 });
		answers.push(await search('outboundfaxes', USERS.alice));
		expect(answers.at(-1)!.status).toBe(500);
		for (const res of answers) expect(res.headers.date).toBe(expected);
	});

	test('whole seconds, moving only with the clock', async () => {
		emu().control.advance(1_999);
		for (let i = 0; i < 2; i++) {
			const { headers } = await search('inboundfaxes', USERS.alice);
			expect(headers.date).toBe('Mon, 05 Jan 2026 09:00:01 GMT');
		}
	});
});

describe('inbound faxes visible late (injectInbound lateByMs)', () => {
	test('invisible until ReceivedTime + lateByMs, then found by their ReceivedTime', async () => {
		const [late] = emu().control.injectInbound({ userId: 'alice@acme', lateByMs: 3 * MINUTE });
		expect(late).toMatchObject({ FaxId: '1', ReceivedTime: '2026-01-05T09:00:00Z' });
		emu().control.advance(MINUTE);
		const [onTime] = emu().control.injectInbound({ userId: 'alice@acme' });
		expect(await aliceFinds('inboundfaxes')).toEqual([onTime.FaxId]);
		expect(await api.status('GET', 'inboundfaxes/1', USERS.alice)).toBe(404);
		expect(
			emu()
				.control.inboundAll()
				.map((fax) => fax.FaxId),
		).toEqual([onTime.FaxId]);

		emu().control.advance(2 * MINUTE);
		// Filtered by its ReceivedTime (09:00), though it appeared at 09:03.
		expect(await aliceFinds('inboundfaxes', { DatetimeAfter: '2026-01-05T09:00Z' })).toEqual([
			'1',
			'2',
		]);
		expect(await aliceFinds('inboundfaxes', { DatetimeAfter: '2026-01-05T09:01Z' })).toEqual(['2']);
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
		emu().control.injectInbound({
			userId: 'alice@acme',
			at: '2026-01-05T08:00:00Z',
			lateByMs: 30_000,
		});
		emu().control.injectInbound({ userId: 'alice@acme', at: '2026-01-05T08:10:00Z' });
		expect(await aliceFinds('inboundfaxes', byModified)).toEqual(['1', '2']);
		expect(emu().control.inboundAll()[0].visibleAt).toBe('2026-01-05T08:00:30.000Z');
	});

	test('lateByMs must be a whole number of milliseconds up to a day', () => {
		for (const lateByMs of [-1, 1.5, 24 * 60 * MINUTE + 1]) {
			expect(() => emu().control.injectInbound({ userId: 'alice@acme', lateByMs })).toThrow(
				/lateByMs/,
			);
		}
	});
});

describe('SortColumn=dateTime is the last-modified time', () => {
	test('marking or recoding an inbound fax moves it to the end; DatetimeAfter still filters ReceivedTime', async () => {
		emu().control.injectInbound({ userId: 'alice@acme' });
		emu().control.advance(MINUTE);
		emu().control.injectInbound({ userId: 'alice@acme' });
		emu().control.advance(MINUTE);
		await api.put('inboundfaxes/1', USERS.alice, { ProjectCode: 'A-7' });
		expect(await aliceFinds('inboundfaxes', byModified)).toEqual(['2', '1']);
		const descending = { ...byModified, SortOrder: 'desc' };
		expect(await aliceFinds('inboundfaxes', descending)).toEqual(['1', '2']);
		const after = { ...byModified, DatetimeAfter: '2026-01-05T09:01Z' };
		expect(await aliceFinds('inboundfaxes', after)).toEqual(['2']);
		const [fax] = (await search('inboundfaxes', USERS.alice, { ResultLimit: 1 })).json.FaxInfo;
		expect(fax.ReceivedTime).toBe('2026-01-05T09:00:00Z');
	});

	test('marking an outbound fax moves it in dateTime order but not its CompleteTime', async () => {
		await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
		emu().control.advance(MINUTE);
		await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
		emu().control.advance(MINUTE);
		await api.put('outboundfaxes/1', USERS.alice, { Mark: 'true' });
		expect(await aliceFinds('outboundfaxes', byModified)).toEqual(['2', '1']);
		expect((await getOutbound(emu(), USERS.alice, 1)).CompleteTime).toBe('2026-01-05T09:00:27Z');
		const before = { DatetimeBefore: '2026-01-05T09:00:30Z' };
		expect(await aliceFinds('outboundfaxes', before)).toEqual(['1']);
	});

	test('a record modified between two pages comes again on a later ascending page, never lost', async () => {
		emu().control.injectInbound({ userId: 'alice@acme', count: 4 });
		emu().control.advance(MINUTE);
		const query = { SortColumn: 'dateTime', SortOrder: 'asc', ResultLimit: 2 };
		const first = await search('inboundfaxes', USERS.alice, query);
		expect(ids(first)).toEqual(['1', '2']);
		await api.put('inboundfaxes/1', USERS.alice, { Mark: 'true' });
		const second = await search('inboundfaxes', USERS.alice, {
			ResultLimit: 5,
			GetNextResults: first.json.ResultsReference,
		});
		expect(ids(second)).toEqual(['3', '4', '1']);
	});
});

describe('outbound completions visible late (setCompletionLag)', () => {
	test('the fax shows its previous status until the lag passed, then completes at its real time', async () => {
		const res = await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
		const id = Number(res.json.FaxInfo[0].FaxId);
		emu().control.setCompletionLag(id, 9 * MINUTE);
		emu().control.advance(MINUTE);
		// Sent at 09:00:27 on the fax server, still "sending" on the service.
		expect(await getOutbound(emu(), USERS.alice, id)).toMatchObject({
			FaxStatus: 'sending',
			CompleteTime: '2026-01-05T09:00:07Z',
		});
		emu().control.advance(8 * MINUTE + 26_000);
		expect((await getOutbound(emu(), USERS.alice, id)).FaxStatus).toBe('sending');
		emu().control.advance(1_000);
		expect(await getOutbound(emu(), USERS.alice, id)).toMatchObject({
			FaxStatus: 'sent',
			CompleteTime: '2026-01-05T09:00:27Z',
		});
		expect(emu().control.outboundHistory().at(-1)).toEqual({
			faxId: id,
			status: 'sent',
			at: '2026-01-05T09:00:27.000Z',
		});
		// Found by its CompleteTime, sorted by when it appeared.
		await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
		emu().control.advance(MINUTE);
		const after = { DatetimeAfter: '2026-01-05T09:00Z' };
		expect(await aliceFinds('outboundfaxes', after)).toEqual(['1', '2']);
		const descending = { SortColumn: 'dateTime', SortOrder: 'desc' };
		expect(await aliceFinds('outboundfaxes', descending)).toEqual(['2', '1']);
	});

	test('a failure is late the same way; a fax deleted during the lag never shows its completion', async () => {
		const send = async (FaxNumber: string) =>
			Number((await sendFax(emu(), USERS.alice, { FaxNumber })).json.FaxInfo[0].FaxId);
		const failed = await send('12125551000');
		const deleted = await send('12125550000');
		emu().control.setCompletionLag(failed, 3 * MINUTE);
		emu().control.setCompletionLag(deleted, 3 * MINUTE);
		emu().control.advance(MINUTE);
		await api.del(`outboundfaxes/${deleted}`, USERS.alice);
		emu().control.advance(3 * MINUTE);
		expect(await getOutbound(emu(), USERS.alice, failed)).toMatchObject({
			FaxStatus: 'sendFailed',
			CompleteTime: '2026-01-05T09:00:10Z',
			ErrorText: 'Call rejected',
		});
		expect(emu().control.outboundFax(deleted)?.FaxStatus).toBe('sending');
	});

	test('only a fax not completed yet, with a lag of whole milliseconds up to a day', async () => {
		await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
		expect(() => emu().control.setCompletionLag(1, -5)).toThrow(/ms must be/);
		expect(() => emu().control.setCompletionLag(2, 1_000)).toThrow(/no outbound fax 2/);
		emu().control.advance(MINUTE);
		expect(() => emu().control.setCompletionLag(1, 1_000)).toThrow(/already final/);
	});

	test('over HTTP: POST /outbound/{id}/completion-lag and POST /inbound with lateByMs', async () => {
		await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
		expect((await ctl('POST', '/outbound/1/completion-lag', { ms: 5 * MINUTE })).json).toEqual({
			ok: true,
		});
		expect((await ctl('POST', '/outbound/1/completion-lag', { ms: 'soon' })).status).toBe(400);
		const injected = await ctl('POST', '/inbound', { userId: 'bob@acme', lateByMs: 30_000 });
		expect(injected.json.faxes[0].ReceivedTime).toBe('2026-01-05T09:00:00Z');
		await ctl('POST', '/advance', { ms: MINUTE });
		expect((await getOutbound(emu(), USERS.alice, 1)).FaxStatus).toBe('sending');
		expect((await ctl('GET', '/inbound')).json.faxes[0].visibleAt).toBe('2026-01-05T09:00:30.000Z');
		await ctl('POST', '/advance', { ms: 5 * MINUTE });
		expect((await getOutbound(emu(), USERS.alice, 1)).FaxStatus).toBe('sent');
	});
});
