import { MINUTE, USERS, type Login } from '../harness/emulatorHttp';
import { faxCalls, ids, OK, useEmulatorCalls } from './faxCalls';

const { emu, api, ownEmulator } = useEmulatorCalls();

const search = (login: Login, query: Record<string, string | number> = {}) =>
	api.get('inboundfaxes', login, query);
const finds = (login: Login, query: Record<string, string | number> = {}) =>
	api.ids('inboundfaxes', login, query);
const inject = (userId = 'alice@acme', count = 1) => emu().control.injectInbound({ userId, count });
const statusOf = (login: Login, id = 1) => api.status('GET', `inboundfaxes/${id}`, login);

test('injected faxes have realistic fields, all strings', async () => {
	const [fax] = inject();
	expect(fax).toMatchObject({
		FaxId: '1',
		FaxUserId: 'alice@acme',
		FaxStatus: 'recvOk',
		ReceivedTime: '2026-01-05T09:00:00Z',
		CreateTime: '2026-01-05T09:00:00Z',
		DestFaxNumber: '12125550101',
		CSI: '+1 212 555 0101',
		ErrorCode: '0',
		ErrorText: '',
		Mark: 'false',
	});
	expect(fax.CallerNumber).toMatch(/^1\d{10}$/);
	expect(fax.TSI).toMatch(/^.{1,20}$/);
	expect(Number(fax.PagesReceived)).toBeGreaterThan(0);
	expect(Number(fax.Duration)).toBeGreaterThan(0);
	const res = await api.get('inboundfaxes/1', USERS.alice);
	expect(res.status).toBe(200);
	expect(res.json.FaxInfo).toEqual([fax]);
	for (const v of Object.values(res.json.FaxInfo[0])) expect(typeof v).toBe('string');
});

// A fax arriving later (visible after now) is in late-records.test.ts.
test('recvIncomplete on request, overrides by wire name; an unknown user is refused', () => {
	const fields = { FaxStatus: 'recvIncomplete', PagesReceived: 2 };
	const [bad] = emu().control.injectInbound({ userId: 'bob@acme', fields });
	expect(bad).toMatchObject({ FaxStatus: 'recvIncomplete', PagesReceived: '2' });
	expect(bad.ErrorCode).not.toBe('0');
	expect(() => inject('nobody@acme')).toThrow();
});

// Paging: the ResultsReference tests below, and outbound-search.test.ts (the code is shared).
test('search filters on ReceivedTime, FaxStatus and Mark, and sorts by the last change', async () => {
	inject(); // 1 at 09:00
	emu().control.advance(MINUTE);
	emu().control.injectInbound({ userId: 'alice@acme', fields: { FaxStatus: 'recvIncomplete' } }); // 2 at 09:01
	emu().control.advance(MINUTE);
	inject('alice@acme', 3); // 3,4,5 at 09:02
	await api.put('inboundfaxes/1', USERS.alice, { Mark: 'true' });
	const aliceFinds = (query: Record<string, string>) => finds(USERS.alice, query);
	expect(await aliceFinds({ DatetimeAfter: '2026-01-05T09:01Z' })).toEqual(['2', '3', '4', '5']);
	expect(await aliceFinds({ DatetimeBefore: '2026-01-05T09:01:00Z' })).toEqual(['1', '2']);
	expect(await aliceFinds({ FaxStatus: 'recvIncomplete' })).toEqual(['2']);
	expect(await aliceFinds({ Mark: 'false', SortOrder: 'desc' })).toEqual(['5', '4', '3', '2']);
	// dateTime is the last-modified time: fax 1 was marked at 09:02, with 3, 4 and 5.
	const byModified = { SortColumn: 'dateTime', SortOrder: 'desc' };
	expect(await aliceFinds(byModified)).toEqual(['5', '4', '3', '1', '2']);
	expect((await search(USERS.alice, { FaxStatus: 'sent' })).status).toBe(400);
});

// The proxy rules are the outbound ones (outbound-search.test.ts), here as they reach inbound faxes.
test('proxy rules: FaxUserId=* finds the organization for a proxy; a colleague is refused', async () => {
	for (const userId of ['alice@acme', 'bob@acme', 'carol@globex', 'admin@acme']) inject(userId);
	expect(await finds(USERS.acmeAdmin, { FaxUserId: '*' })).toEqual(['1', '2', '4']);
	expect(await statusOf(USERS.bob)).toBe(403);
});

test('PUT takes Mark, ProjectCode, ProjectCode2 and answers 201', async () => {
	inject();
	const codes = { Mark: 'true', ProjectCode: 'ACC-9', ProjectCode2: 'ref-1' };
	const put = await api.put('inboundfaxes/1', USERS.alice, codes);
	expect(put.status).toBe(201);
	expect(put.json).toEqual({ RequestStatus: OK });
	expect((await api.get('inboundfaxes/1', USERS.alice)).json.FaxInfo[0]).toMatchObject(codes);
	expect(await api.status('PUT', 'inboundfaxes/1', USERS.alice)).toBe(400);
	expect(await api.status('PUT', 'inboundfaxes/1', USERS.alice, { Mark: '1' })).toBe(400);
});

test('image as TIFF (default) and PDF, page count matching PagesReceived', async () => {
	const [fax] = emu().control.injectInbound({ userId: 'alice@acme', fields: { PagesReceived: 3 } });
	const url = `inboundfaxes/${fax.FaxId}/image`;
	// The headers are the outbound ones (outbound-send.test.ts); the pages are the inbound fax's.
	const { tiffPageCount } = await import('../../emulator/fax/documents');
	expect(tiffPageCount((await api.get(url, USERS.alice)).body)).toBe(3);
	const pdf = await api.get(url, USERS.alice, { FaxContentType: 'pdf' });
	const { PDFDocument } = await import('pdf-lib');
	expect((await PDFDocument.load(pdf.body)).getPageCount()).toBe(3);
});

test('DELETE answers 201; the fax is gone but stays in inboundAll()', async () => {
	inject('alice@acme', 2);
	const del = await api.del('inboundfaxes/1', USERS.alice);
	expect(del.status).toBe(201);
	expect(del.json).toEqual({ RequestStatus: OK });
	expect(await statusOf(USERS.alice)).toBe(404);
	expect(await finds(USERS.alice)).toEqual(['2']);
	const kept = emu().control.inboundAll();
	expect(kept.map((f) => [f.FaxId, f.deleted])).toEqual([
		['1', true],
		['2', false],
	]);
});

test('outbound and inbound ids are counted separately', async () => {
	inject();
	emu().control.bulkCreateOutbound(1, { userId: 'alice@acme' });
	expect((await api.get('inboundfaxes/1', USERS.alice)).json.FaxInfo[0].FaxId).toBe('1');
	expect((await api.fax(1)).FaxId).toBe('1');
});

test('demo traffic delivers inbound faxes on the clock', async () => {
	const demo = await ownEmulator({ demoTraffic: true });
	const initial = demo.control.stats().inboundCount;
	expect(initial).toBeGreaterThan(0);
	demo.control.advance(10 * MINUTE);
	expect(demo.control.stats().inboundCount).toBeGreaterThan(initial + 3);
});

/**
 * How ResultsReference keys are issued: a new key per page (default), or one key for every page
 * of a search (`pagingKeys: 'session'`, a session cursor), which still pages on to the end.
 */
describe('ResultsReference keys', () => {
	const aliceSearch = (query: Record<string, string | number>) => search(USERS.alice, query);
	/** Every page of one search, following ResultsReference, with the keys it was given. */
	async function allPages(query: Record<string, string | number>) {
		const pages: string[][] = [];
		const keys: string[] = [];
		let res = await aliceSearch(query);
		for (;;) {
			expect(res.status).toBe(200);
			pages.push(ids(res));
			if (res.json.HasMoreResults !== 'true') break;
			keys.push(res.json.ResultsReference);
			const next = { ResultLimit: query.ResultLimit, GetNextResults: res.json.ResultsReference };
			res = await aliceSearch(next);
		}
		expect(res.json.ResultsReference).toBeUndefined();
		return { pages, keys };
	}
	const setKeys = (mode: string) => api.control('POST', '/paging-keys', { mode });

	test('per page by default: each page its own key, asking again repeats the page', async () => {
		const faxes = inject('alice@acme', 25);
		const { pages, keys } = await allPages({ ResultLimit: 10 });
		expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
		expect(pages.flat()).toEqual(faxes.map((fax) => fax.FaxId));
		expect(new Set(keys).size).toBe(2);
		expect(ids(await aliceSearch({ GetNextResults: keys[0] }))).toEqual(pages[1]);
	});

	test('session (control): one key for every page, each request answers the next page', async () => {
		expect((await setKeys('session')).status).toBe(200);
		const faxes = inject('alice@acme', 25);
		const { pages, keys } = await allPages({ ResultLimit: 10 });
		expect(pages.map((page) => page.length)).toEqual([10, 10, 5]);
		expect(pages.flat()).toEqual(faxes.map((fax) => fax.FaxId));
		expect(keys).toEqual([keys[0], keys[0]]);
		// Two searches at once each keep their own session.
		const first = (await aliceSearch({ ResultLimit: 20 })).json.ResultsReference;
		const second = (await aliceSearch({ ResultLimit: 5 })).json.ResultsReference;
		expect(first).not.toBe(second);
		const after = async (key: string) => ids(await aliceSearch({ GetNextResults: key }));
		expect(await after(second)).toEqual(pages.flat().slice(5, 10));
		expect(await after(first)).toEqual(pages.flat().slice(20));
	});

	test('an unknown mode is refused; reset returns to the start option', async () => {
		const refused = await setKeys('sticky');
		expect(refused.status).toBe(400);
		expect(refused.json.error).toMatch(/per-page, session/);
		emu().control.setPagingKeys('session');
		emu().control.reset();
		inject('alice@acme', 3);
		const { keys } = await allPages({ ResultLimit: 1 });
		expect(new Set(keys).size).toBe(2);
	});

	test('the start option pagingKeys: session', async () => {
		const own = await ownEmulator({ pagingKeys: 'session' });
		const session = faxCalls(() => own);
		own.control.injectInbound({ userId: USERS.alice.userId, count: 3 });
		const first = await session.get('inboundfaxes', USERS.alice, { ResultLimit: 1 });
		const key = first.json.ResultsReference;
		const next = await session.get('inboundfaxes', USERS.alice, { GetNextResults: key });
		expect(next.json.ResultsReference).toBe(key);
		expect(ids(next)).not.toEqual(ids(first));
	});

	test('withheld (control): more results said, no key given; per-page gives keys again', async () => {
		inject('alice@acme', 15);
		emu().control.setPagingKeys('withheld');
		const res = await aliceSearch({ ResultLimit: 10 });
		expect(res.status).toBe(200);
		expect(ids(res)).toHaveLength(10);
		expect(res.json.HasMoreResults).toBe('true');
		expect(res.json.ResultsReference).toBeUndefined();
		emu().control.setPagingKeys('per-page');
		const { pages } = await allPages({ ResultLimit: 10 });
		expect(pages.map((page) => page.length)).toEqual([10, 5]);
	});
});

/**
 * The description shows HasMoreResults for outbound answers only ("HasMoreResults in inbound query
 * responses: not shown"): with `inboundHasMoreResults: 'omitted'` inbound answers leave the key
 * out, and a ResultsReference alone says more records follow.
 */
describe('inbound answers without HasMoreResults', () => {
	type Calls = ReturnType<typeof faxCalls>;
	/** Every answer of alice's inbound search, following ResultsReference alone (at most 20). */
	async function pagesByReference(calls: Calls, ResultLimit: number) {
		const answers = [await calls.get('inboundfaxes', USERS.alice, { ResultLimit })];
		while (answers.length < 20) {
			const GetNextResults = answers[answers.length - 1].json.ResultsReference;
			if (GetNextResults === undefined) break;
			answers.push(await calls.get('inboundfaxes', USERS.alice, { ResultLimit, GetNextResults }));
		}
		for (const res of answers) expect(res.status).toBe(200);
		return answers;
	}
	/** Whether each answer has the HasMoreResults key, and its value where it has. */
	const hasMore = (answers: Array<{ json: any }>) =>
		answers.map((res) => ('HasMoreResults' in res.json ? res.json.HasMoreResults : 'no key'));
	const setMode = (mode: string) => api.control('POST', '/inbound-has-more-results', { mode });

	test('the start option omitted: no HasMoreResults on any page, a ResultsReference on each page with more after it, none on the last; the pages hold every fax once', async () => {
		const own = await ownEmulator({ inboundHasMoreResults: 'omitted' });
		const calls = faxCalls(() => own);
		expect((await calls.get('inboundfaxes', USERS.alice)).json).toEqual({ RequestStatus: OK });
		const faxes = own.control.injectInbound({ userId: USERS.alice.userId, count: 25 });
		const answers = await pagesByReference(calls, 10);
		expect(answers.map((res) => ids(res).length)).toEqual([10, 10, 5]);
		expect(hasMore(answers)).toEqual(['no key', 'no key', 'no key']);
		const keys = answers.map((res) => res.json.ResultsReference);
		expect(keys).toEqual([expect.any(String), expect.any(String), undefined]);
		expect(answers.flatMap(ids)).toEqual(faxes.map((fax) => fax.FaxId));
		// A search that fits on one page: the records, no key, no reference.
		const one = await calls.get('inboundfaxes', USERS.alice, { ResultLimit: 25 });
		expect(Object.keys(one.json).sort()).toEqual(['FaxInfo', 'RequestStatus']);
		expect(ids(one)).toEqual(answers.flatMap(ids));
	});

	test('outbound answers keep HasMoreResults when inbound ones leave it out', async () => {
		const own = await ownEmulator({ inboundHasMoreResults: 'omitted' });
		const calls = faxCalls(() => own);
		own.control.bulkCreateOutbound(15, { userId: USERS.alice.userId });
		const first = await calls.get('outboundfaxes', USERS.alice, { ResultLimit: 10 });
		const GetNextResults = first.json.ResultsReference;
		const last = await calls.get('outboundfaxes', USERS.alice, { ResultLimit: 10, GetNextResults });
		expect(hasMore([first, last])).toEqual(['true', 'false']);
		expect([...ids(first), ...ids(last)]).toHaveLength(15);
	});

	test('the control call switches a running emulator; shown brings the key back; an unknown mode is refused naming the modes', async () => {
		inject('alice@acme', 15);
		emu().control.setInboundHasMoreResults('omitted');
		const omitted = await pagesByReference(api, 10);
		expect(hasMore(omitted)).toEqual(['no key', 'no key']);
		expect(omitted.flatMap(ids)).toHaveLength(15);
		emu().control.setInboundHasMoreResults('shown');
		expect(hasMore(await pagesByReference(api, 10))).toEqual(['true', 'false']);
		const unknown = () => emu().control.setInboundHasMoreResults('hidden' as never);
		expect(unknown).toThrow(/shown, omitted/);
	});

	test('over HTTP: POST /inbound-has-more-results {mode}; an unknown mode is a 400 naming the modes and changes nothing', async () => {
		inject('alice@acme', 15);
		expect((await setMode('omitted')).status).toBe(200);
		expect(hasMore(await pagesByReference(api, 10))).toEqual(['no key', 'no key']);
		const refused = await setMode('hidden');
		expect(refused.status).toBe(400);
		expect(refused.json.error).toMatch(/shown, omitted/);
		expect(hasMore(await pagesByReference(api, 10))).toEqual(['no key', 'no key']);
		expect((await setMode('shown')).status).toBe(200);
		expect(hasMore(await pagesByReference(api, 10))).toEqual(['true', 'false']);
	});

	test('reset() returns to the start option, shown or omitted; an unknown start option is refused', async () => {
		emu().control.setInboundHasMoreResults('omitted');
		emu().control.reset();
		inject('alice@acme', 15);
		expect(hasMore(await pagesByReference(api, 10))).toEqual(['true', 'false']);

		const own = await ownEmulator({ inboundHasMoreResults: 'omitted' });
		own.control.setInboundHasMoreResults('shown');
		own.control.reset();
		own.control.injectInbound({ userId: USERS.alice.userId, count: 15 });
		const ownCalls = faxCalls(() => own);
		expect(hasMore(await pagesByReference(ownCalls, 10))).toEqual(['no key', 'no key']);

		const unknown = ownEmulator({ inboundHasMoreResults: 'hidden' as never });
		await expect(unknown).rejects.toThrow(/shown, omitted/);
	});
});
