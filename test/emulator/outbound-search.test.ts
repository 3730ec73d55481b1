import { getOutbound, MINUTE, sendFax, USERS, type Login } from '../harness/emulatorHttp';
import { useEmulator, useOwnEmulators } from '../harness/jest/emulator';
import { faxCalls, ids } from './faxCalls';

const emu = useEmulator();
const ownEmulator = useOwnEmulators();
const api = faxCalls(emu);

const search = (login: Login, query: Record<string, string | number>) =>
	api.get('outboundfaxes', login, query);
/** The ids of Alice's faxes that a query finds. */
const aliceFinds = (query: Record<string, string | number> = {}) =>
	api.ids('outboundfaxes', USERS.alice, query);

test('FaxInfo is absent when nothing matches', async () => {
	const res = await search(USERS.alice, {});
	expect(res.status).toBe(200);
	expect(res.json).toEqual({
		HasMoreResults: 'false',
		RequestStatus: { StatusCode: 0, StatusText: '' },
	});
});

test('filters: FaxStatus, Mark, BatchName, BatchUniqueId, datetime window', async () => {
	await sendFax(emu(), USERS.alice, {
		FaxNumber: '12125550000',
		BatchName: 'b1',
		BatchUniqueId: 'x1',
	});
	emu().control.advance(MINUTE); // fax 1 sent at 09:00:27
	await sendFax(emu(), USERS.alice, {
		FaxNumber: '12125551041',
		BatchName: 'b1',
		BatchUniqueId: 'x2',
	});
	emu().control.advance(MINUTE); // fax 2 failed at 09:01:07
	await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000', BatchName: 'b2' }); // fax 3 awaiting at 09:02
	await api.put('outboundfaxes/1', USERS.alice, { Mark: 'true' });
	expect(await aliceFinds({ FaxStatus: 'sent' })).toEqual(['1']);
	expect(await aliceFinds({ FaxStatus: 'sendFailed' })).toEqual(['2']);
	expect(await aliceFinds({ FaxStatus: 'awaitingConversion' })).toEqual(['3']);
	expect(await aliceFinds({ Mark: 'true' })).toEqual(['1']);
	expect(await aliceFinds({ Mark: 'false' })).toEqual(['2', '3']);
	expect(await aliceFinds({ BatchName: 'b1' })).toEqual(['1', '2']);
	expect(await aliceFinds({ BatchUniqueId: 'x2' })).toEqual(['2']);
	expect(await aliceFinds({ DatetimeAfter: '2026-01-05T09:00:27Z' })).toEqual(['1', '2', '3']);
	expect(await aliceFinds({ DatetimeAfter: '2026-01-05T09:00:28Z' })).toEqual(['2', '3']);
	expect(await aliceFinds({ DatetimeBefore: '2026-01-05T09:01:07Z' })).toEqual(['1', '2']);
	expect(
		await aliceFinds({
			DatetimeAfter: '2026-01-05T09:01Z',
			DatetimeBefore: '2026-01-05T09:01:59Z',
		}),
	).toEqual(['2']);
	// offsets with and without colon
	expect(await aliceFinds({ DatetimeAfter: '2026-01-05T04:01:00-05:00' })).toEqual(['2', '3']);
	expect(await aliceFinds({ DatetimeAfter: '2026-01-05T10:01+0100' })).toEqual(['2', '3']);
	const bads: Record<string, string | number>[] = [
		{ FaxStatus: 'done' },
		{ Mark: 'yes' },
		{ DatetimeAfter: '5 Jan' },
		{ ResultLimit: 0 },
		{ SortColumn: 'faxid' },
		{ SortOrder: 'up' },
	];
	for (const bad of bads) {
		const res = await search(USERS.alice, bad);
		expect(res.status).toBe(400);
		expect(res.json.RequestStatus.StatusCode).toBe(11);
	}
});

test('CompleteTime (last update) moves with every status change, so the update window finds moving faxes', async () => {
	await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
	emu().control.advance(6000);
	const res = await search(USERS.alice, { DatetimeAfter: '2026-01-05T09:00:05Z' });
	expect(res.json.FaxInfo[0]).toMatchObject({
		FaxStatus: 'scheduled',
		CompleteTime: '2026-01-05T09:00:05Z',
	});
});

test('sorting by faxId and by dateTime, ascending and descending', async () => {
	await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' }); // 1: sent at 09:00:27
	await sendFax(emu(), USERS.alice, { FaxNumber: '12125551041' }); // 2: failed at 09:00:07
	emu().control.advance(MINUTE);
	expect(await aliceFinds({ SortColumn: 'faxId', SortOrder: 'desc' })).toEqual(['2', '1']);
	expect(await aliceFinds({ SortColumn: 'dateTime', SortOrder: 'asc' })).toEqual(['2', '1']);
	expect(await aliceFinds({ SortColumn: 'dateTime', SortOrder: 'desc' })).toEqual(['1', '2']);
	expect(await aliceFinds()).toEqual(['1', '2']);
});

describe('paging', () => {
	beforeEach(async () => {
		for (let i = 0; i < 7; i++) {
			await sendFax(emu(), USERS.alice, {
				FaxNumber: '12125550000',
				BatchName: i % 2 ? 'odd' : 'even',
			});
			emu().control.advance(MINUTE);
		}
	});

	test('ResultLimit, HasMoreResults, ResultsReference and GetNextResults walk every record once', async () => {
		const first = await search(USERS.alice, { ResultLimit: 3 });
		expect(ids(first)).toEqual(['1', '2', '3']);
		expect(first.json.HasMoreResults).toBe('true');
		expect(typeof first.json.ResultsReference).toBe('string');
		const second = await search(USERS.alice, {
			ResultLimit: 3,
			GetNextResults: first.json.ResultsReference,
		});
		expect(ids(second)).toEqual(['4', '5', '6']);
		const third = await search(USERS.alice, {
			ResultLimit: 3,
			GetNextResults: second.json.ResultsReference,
		});
		expect(ids(third)).toEqual(['7']);
		expect(third.json.HasMoreResults).toBe('false');
		expect(third.json.ResultsReference).toBeUndefined();
		// the same reference again gives the same page
		const repeat = await search(USERS.alice, {
			ResultLimit: 3,
			GetNextResults: first.json.ResultsReference,
		});
		expect(ids(repeat)).toEqual(['4', '5', '6']);
	});

	test('with GetNextResults, changed criteria are ignored except ResultLimit', async () => {
		const first = await search(USERS.alice, { BatchName: 'even', ResultLimit: 2 });
		expect(ids(first)).toEqual(['1', '3']);
		const next = await search(USERS.alice, {
			BatchName: 'odd',
			SortOrder: 'desc',
			FaxStatus: 'sendFailed',
			ResultLimit: 1,
			GetNextResults: first.json.ResultsReference,
		});
		expect(ids(next)).toEqual(['5']);
		expect(next.json.HasMoreResults).toBe('true');
		const rest = await search(USERS.alice, { GetNextResults: next.json.ResultsReference });
		expect(ids(rest)).toEqual(['7']);
	});

	test('the reference is a keyset position: deleting seen records does not skip unseen ones', async () => {
		const first = await search(USERS.alice, { ResultLimit: 3 });
		for (const id of ['1', '2']) await api.del(`outboundfaxes/${id}`, USERS.alice);
		const next = await search(USERS.alice, {
			ResultLimit: 3,
			GetNextResults: first.json.ResultsReference,
		});
		expect(ids(next)).toEqual(['4', '5', '6']);
	});

	test('dateTime paging descending', async () => {
		const first = await search(USERS.alice, {
			SortColumn: 'dateTime',
			SortOrder: 'desc',
			ResultLimit: 4,
		});
		expect(ids(first)).toEqual(['7', '6', '5', '4']);
		const next = await search(USERS.alice, { GetNextResults: first.json.ResultsReference });
		expect(ids(next)).toEqual(['3', '2', '1']);
	});

	test('an unknown reference, or one of another login, is a 400', async () => {
		const first = await search(USERS.alice, { ResultLimit: 3 });
		const bad = await search(USERS.alice, { GetNextResults: 'nope' });
		expect(bad.status).toBe(400);
		expect(bad.json.RequestStatus.StatusCode).toBe(20);
		const other = await search(USERS.bob, { GetNextResults: first.json.ResultsReference });
		expect(other.status).toBe(400);
	});
});

describe('proxy rules', () => {
	beforeEach(async () => {
		await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' }); // 1
		await sendFax(emu(), USERS.bob, { FaxNumber: '12125550000' }); // 2
		await sendFax(emu(), USERS.carol, { FaxNumber: '14165550000' }); // 3
		await sendFax(emu(), USERS.acmeAdmin, { FaxNumber: '12125550000' }); // 4
	});

	test('a non-proxy FaxUserId filter is ignored', async () => {
		expect(await aliceFinds()).toEqual(['1']);
		expect(await aliceFinds({ FaxUserId: 'bob@acme' })).toEqual(['1']);
		expect(await aliceFinds({ FaxUserId: '*' })).toEqual(['1']);
	});

	test('a proxy sees its own by default, one user by FaxUserId, the organization with *', async () => {
		const adminFinds = (query = {}) => api.ids('outboundfaxes', USERS.acmeAdmin, query);
		expect(await adminFinds()).toEqual(['4']);
		expect(await adminFinds({ FaxUserId: 'bob@acme' })).toEqual(['2']);
		expect(await adminFinds({ FaxUserId: '*' })).toEqual(['1', '2', '4']);
		expect(await adminFinds({ FaxUserId: 'carol@globex' })).toEqual([]);
	});

	test('get, mark, delete of another user: 403 for a colleague, allowed for the proxy, 404 across organizations', async () => {
		const colleague = await api.get('outboundfaxes/1', USERS.bob);
		expect(colleague.status).toBe(403);
		expect(colleague.json.RequestStatus.StatusCode).toBe(60);
		expect(await api.status('PUT', 'outboundfaxes/1', USERS.bob, { Mark: 'true' })).toBe(403);
		expect(await api.status('DELETE', 'outboundfaxes/1', USERS.bob)).toBe(403);
		expect(await api.status('GET', 'outboundfaxes/1/image', USERS.bob)).toBe(403);
		expect((await getOutbound(emu(), USERS.acmeAdmin, 1)).FaxUserId).toBe('alice@acme');
		expect(await api.status('GET', 'outboundfaxes/3', USERS.acmeAdmin)).toBe(404);
	});
});

test('PUT Mark answers 201 with RequestStatus only; Mark is required', async () => {
	await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
	const put = await api.put('outboundfaxes/1?Mark=true', USERS.alice);
	expect(put.status).toBe(201);
	expect(put.json).toEqual({ RequestStatus: { StatusCode: 0, StatusText: '' } });
	expect((await getOutbound(emu(), USERS.alice, 1)).Mark).toBe('true');
	const unmark = await api.put('outboundfaxes/1', USERS.alice, { Mark: 'false' });
	expect(unmark.status).toBe(201);
	expect((await getOutbound(emu(), USERS.alice, 1)).Mark).toBe('false');
	const missing = await api.put('outboundfaxes/1', USERS.alice);
	expect(missing.status).toBe(400);
	expect(missing.json.RequestStatus.StatusCode).toBe(10);
	expect(await api.status('GET', 'outboundfaxes/abc', USERS.alice)).toBe(400);
	expect(await api.status('DELETE', 'outboundfaxes/1', USERS.alice)).toBe(201);
	expect(await api.status('DELETE', 'outboundfaxes/1', USERS.alice)).toBe(404);
});

test('minute precision option writes datetimes without seconds', async () => {
	const other = await ownEmulator({
		datetimePrecision: 'minute',
		startTime: '2026-03-01T12:34:56Z',
	});
	await sendFax(other, USERS.alice, { FaxNumber: '12125550000' });
	expect((await getOutbound(other, USERS.alice, 1)).CreateTime).toBe('2026-03-01T12:34Z');
	expect(other.control.now()).toBe('2026-03-01T12:34:56.000Z');
});
