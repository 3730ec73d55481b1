import { ReferenceStore } from '../../emulator/fax/search';
import { MINUTE, USERS, type Login } from '../harness/emulatorHttp';
import { expectAnswer, faxCalls, ids, OK, useEmulatorCalls } from './faxCalls';

const { emu, api, ownEmulator } = useEmulatorCalls();
const { send, fax } = api;
const N = '12125550000';

const search = (login: Login, query: Record<string, string | number>) =>
	api.get('outboundfaxes', login, query);
const aliceFinds = (query: Record<string, string | number> = {}) =>
	api.ids('outboundfaxes', USERS.alice, query);

test('FaxInfo is absent when nothing matches', async () => {
	const res = await search(USERS.alice, {});
	expect(res.status).toBe(200);
	expect(res.json).toEqual({ HasMoreResults: 'false', RequestStatus: OK });
});

test('filters: FaxStatus, Mark, BatchName, BatchUniqueId, datetime window', async () => {
	await send({ FaxNumber: N, BatchName: 'b1', BatchUniqueId: 'x1' });
	emu().control.advance(MINUTE); // fax 1 sent at 09:00:27
	await send({ FaxNumber: '12125551041', BatchName: 'b1', BatchUniqueId: 'x2' });
	emu().control.advance(MINUTE); // fax 2 failed at 09:01:07
	await send({ FaxNumber: N, BatchName: 'b2' }); // fax 3 awaiting at 09:02
	await api.put('outboundfaxes/1', USERS.alice, { Mark: 'true' });
	const window = { DatetimeAfter: '2026-01-05T09:01Z', DatetimeBefore: '2026-01-05T09:01:59Z' };
	// [query, the faxes it finds]
	const found: Array<[Record<string, string>, string[]]> = [
		[{ FaxStatus: 'sent' }, ['1']],
		[{ FaxStatus: 'sendFailed' }, ['2']],
		[{ FaxStatus: 'awaitingConversion' }, ['3']],
		[{ Mark: 'true' }, ['1']],
		[{ Mark: 'false' }, ['2', '3']],
		[{ BatchName: 'b1' }, ['1', '2']],
		[{ BatchUniqueId: 'x2' }, ['2']],
		[{ DatetimeAfter: '2026-01-05T09:00:27Z' }, ['1', '2', '3']],
		[{ DatetimeAfter: '2026-01-05T09:00:28Z' }, ['2', '3']],
		[{ DatetimeBefore: '2026-01-05T09:01:07Z' }, ['1', '2']],
		[window, ['2']],
		// offsets with and without colon
		[{ DatetimeAfter: '2026-01-05T04:01:00-05:00' }, ['2', '3']],
		[{ DatetimeAfter: '2026-01-05T10:01+0100' }, ['2', '3']],
	];
	for (const [query, faxes] of found)
		expect([query, await aliceFinds(query)]).toEqual([query, faxes]);
	const bads: Record<string, string | number>[] = [
		{ FaxStatus: 'done' },
		{ Mark: 'yes' },
		{ DatetimeAfter: '5 Jan' },
		{ ResultLimit: 0 },
		{ SortColumn: 'faxid' },
		{ SortOrder: 'up' },
	];
	for (const bad of bads) expectAnswer(await search(USERS.alice, bad), 400, 11);
});

test('CompleteTime (last update) moves with every status change, so the update window finds moving faxes', async () => {
	await send({ FaxNumber: N });
	emu().control.advance(6000);
	const after = { DatetimeAfter: '2026-01-05T09:00:05Z' };
	const [moved] = (await search(USERS.alice, after)).json.FaxInfo;
	expect(moved).toMatchObject({ FaxStatus: 'scheduled', CompleteTime: '2026-01-05T09:00:05Z' });
});

test('sorting by faxId and by dateTime, ascending and descending', async () => {
	await send({ FaxNumber: N }); // 1: sent at 09:00:27
	await send({ FaxNumber: '12125551041' }); // 2: failed at 09:00:07
	emu().control.advance(MINUTE);
	expect(await aliceFinds({ SortColumn: 'faxId', SortOrder: 'desc' })).toEqual(['2', '1']);
	expect(await aliceFinds({ SortColumn: 'dateTime', SortOrder: 'asc' })).toEqual(['2', '1']);
	expect(await aliceFinds({ SortColumn: 'dateTime', SortOrder: 'desc' })).toEqual(['1', '2']);
	expect(await aliceFinds()).toEqual(['1', '2']);
});

describe('paging', () => {
	beforeEach(async () => {
		for (let i = 0; i < 7; i++) {
			await send({ FaxNumber: N, BatchName: i % 2 ? 'odd' : 'even' });
			emu().control.advance(MINUTE);
		}
	});
	/** The page after the one `from` answered, as Alice, with these criteria. */
	const after = (from: { json: any }, query: Record<string, string | number> = {}) =>
		search(USERS.alice, { ...query, GetNextResults: from.json.ResultsReference });

	test('ResultLimit, HasMoreResults, ResultsReference and GetNextResults walk every record once', async () => {
		const first = await search(USERS.alice, { ResultLimit: 3 });
		expect(ids(first)).toEqual(['1', '2', '3']);
		expect(first.json.HasMoreResults).toBe('true');
		expect(typeof first.json.ResultsReference).toBe('string');
		const second = await after(first, { ResultLimit: 3 });
		expect(ids(second)).toEqual(['4', '5', '6']);
		const third = await after(second, { ResultLimit: 3 });
		expect(ids(third)).toEqual(['7']);
		expect(third.json.HasMoreResults).toBe('false');
		expect(third.json.ResultsReference).toBeUndefined();
		// the same reference again gives the same page
		expect(ids(await after(first, { ResultLimit: 3 }))).toEqual(['4', '5', '6']);
	});

	test('with GetNextResults, changed criteria are ignored except ResultLimit', async () => {
		const first = await search(USERS.alice, { BatchName: 'even', ResultLimit: 2 });
		expect(ids(first)).toEqual(['1', '3']);
		const changed = { BatchName: 'odd', SortOrder: 'desc', FaxStatus: 'sendFailed' };
		const next = await after(first, { ...changed, ResultLimit: 1 });
		expect(ids(next)).toEqual(['5']);
		expect(next.json.HasMoreResults).toBe('true');
		expect(ids(await after(next))).toEqual(['7']);
	});

	test('the reference is a keyset position: deleting seen records does not skip unseen ones', async () => {
		const first = await search(USERS.alice, { ResultLimit: 3 });
		for (const id of ['1', '2']) await api.del(`outboundfaxes/${id}`, USERS.alice);
		expect(ids(await after(first, { ResultLimit: 3 }))).toEqual(['4', '5', '6']);
	});

	test('dateTime paging descending', async () => {
		const query = { SortColumn: 'dateTime', SortOrder: 'desc', ResultLimit: 4 };
		const first = await search(USERS.alice, query);
		expect(ids(first)).toEqual(['7', '6', '5', '4']);
		expect(ids(await after(first))).toEqual(['3', '2', '1']);
	});

	test('an unknown reference, or one of another login, is a 400', async () => {
		const first = await search(USERS.alice, { ResultLimit: 3 });
		expectAnswer(await search(USERS.alice, { GetNextResults: 'nope' }), 400, 20);
		const other = await search(USERS.bob, { GetNextResults: first.json.ResultsReference });
		expect(other.status).toBe(400);
	});

	test('past 20,000 references the oldest is forgotten, the newer kept', () => {
		const store = new ReferenceStore();
		const criteria = { direction: 'outbound' } as Parameters<ReferenceStore['next']>[1];
		const keys = Array.from({ length: 20_001 }, () => store.next(undefined, criteria, {} as never));
		expect(new Set(keys).size).toBe(20_001);
		expect(store.get(keys[0])).toBeUndefined();
		expect([keys[1], keys[20_000]].map((key) => store.get(key)?.criteria)).toEqual([
			criteria,
			criteria,
		]);
	});

	test('a reference of the other direction is a 400; an empty or false GetNextResults is no reference', async () => {
		const first = await search(USERS.alice, { ResultLimit: 3 });
		const inbound = await api.get('inboundfaxes', USERS.alice, {
			GetNextResults: first.json.ResultsReference,
		});
		expectAnswer(inbound, 400, 20);
		for (const GetNextResults of ['', 'false'])
			expect(ids(await search(USERS.alice, { ResultLimit: 3, GetNextResults }))).toEqual([
				'1',
				'2',
				'3',
			]);
	});
});

describe('proxy rules', () => {
	beforeEach(async () => {
		await send({ FaxNumber: N }); // 1
		await send({ FaxNumber: N }, USERS.bob); // 2
		await send({ FaxNumber: '14165550000' }, USERS.carol); // 3
		await send({ FaxNumber: N }, USERS.acmeAdmin); // 4
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

	test('a proxy with an empty FaxUserId sees its own faxes', async () => {
		expect(await api.ids('outboundfaxes', USERS.acmeAdmin, { FaxUserId: '' })).toEqual(['4']);
	});

	test('get, mark, delete of another user: 403 for a colleague, allowed for the proxy, 404 across organizations', async () => {
		expectAnswer(await api.get('outboundfaxes/1', USERS.bob), 403, 60);
		expect(await api.status('PUT', 'outboundfaxes/1', USERS.bob, { Mark: 'true' })).toBe(403);
		expect(await api.status('DELETE', 'outboundfaxes/1', USERS.bob)).toBe(403);
		expect(await api.status('GET', 'outboundfaxes/1/image', USERS.bob)).toBe(403);
		expect((await fax(1, USERS.acmeAdmin)).FaxUserId).toBe('alice@acme');
		expect(await api.status('GET', 'outboundfaxes/3', USERS.acmeAdmin)).toBe(404);
	});
});

test('PUT Mark answers 201 with RequestStatus only; Mark is required', async () => {
	await send({ FaxNumber: N });
	const put = await api.put('outboundfaxes/1?Mark=true', USERS.alice);
	expect(put.status).toBe(201);
	expect(put.json).toEqual({ RequestStatus: OK });
	expect((await fax(1)).Mark).toBe('true');
	expect((await api.put('outboundfaxes/1', USERS.alice, { Mark: 'false' })).status).toBe(201);
	expect((await fax(1)).Mark).toBe('false');
	expectAnswer(await api.put('outboundfaxes/1', USERS.alice), 400, 10);
	expect(await api.status('GET', 'outboundfaxes/abc', USERS.alice)).toBe(400);
});

test('minute precision option writes datetimes without seconds', async () => {
	const own = await ownEmulator({ datetimePrecision: 'minute', startTime: '2026-03-01T12:34:56Z' });
	await faxCalls(() => own).send({ FaxNumber: N });
	expect((await faxCalls(() => own).fax(1)).CreateTime).toBe('2026-03-01T12:34Z');
	expect(own.control.now()).toBe('2026-03-01T12:34:56.000Z');
});
