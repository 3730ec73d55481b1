import { MINUTE, USERS, type Login } from '../harness/emulatorHttp';
import { useEmulator, useOwnEmulators } from '../harness/jest/emulator';
import { faxCalls, ids } from './faxCalls';

const emu = useEmulator();
const ownEmulator = useOwnEmulators();
const api = faxCalls(emu);

const search = (login: Login, query: Record<string, string | number> = {}) =>
	api.get('inboundfaxes', login, query);
/** The FaxIds a login's search finds. */
const finds = (login: Login, query: Record<string, string | number> = {}) =>
	api.ids('inboundfaxes', login, query);

test('injected faxes have realistic fields, all strings', async () => {
	const [fax] = emu().control.injectInbound({ userId: 'alice@acme' });
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
	expect(fax.TSI.length).toBeGreaterThan(0);
	expect(fax.TSI.length).toBeLessThanOrEqual(20);
	expect(Number(fax.PagesReceived)).toBeGreaterThan(0);
	expect(Number(fax.Duration)).toBeGreaterThan(0);
	const res = await api.get('inboundfaxes/1', USERS.alice);
	expect(res.status).toBe(200);
	expect(res.json.FaxInfo).toEqual([fax]);
	for (const v of Object.values(res.json.FaxInfo[0])) expect(typeof v).toBe('string');
});

test('recvIncomplete on request, overrides by wire name, future arrival', async () => {
	const [bad] = emu().control.injectInbound({
		userId: 'bob@acme',
		fields: { FaxStatus: 'recvIncomplete', PagesReceived: 2 },
	});
	expect(bad).toMatchObject({ FaxStatus: 'recvIncomplete', PagesReceived: '2' });
	expect(bad.ErrorCode).not.toBe('0');
	const later = emu().control.injectInbound({
		userId: 'bob@acme',
		count: 2,
		at: '2026-01-05T09:10:00Z',
	});
	expect(later.map((f) => f.FaxId)).toEqual(['2', '3']);
	expect(await finds(USERS.bob)).toEqual(['1']);
	emu().control.advance(10 * MINUTE);
	expect(await finds(USERS.bob)).toEqual(['1', '2', '3']);
	expect(() => emu().control.injectInbound({ userId: 'nobody@acme' })).toThrow();
});

test('search filters on ReceivedTime, FaxStatus and Mark; paging works like outbound', async () => {
	emu().control.injectInbound({ userId: 'alice@acme' }); // 1 at 09:00
	emu().control.advance(MINUTE);
	emu().control.injectInbound({ userId: 'alice@acme', fields: { FaxStatus: 'recvIncomplete' } }); // 2 at 09:01
	emu().control.advance(MINUTE);
	emu().control.injectInbound({ userId: 'alice@acme', count: 3 }); // 3,4,5 at 09:02
	await api.put('inboundfaxes/1', USERS.alice, { Mark: 'true' });
	const aliceFinds = (query: Record<string, string>) => finds(USERS.alice, query);
	const after = { DatetimeAfter: '2026-01-05T09:01Z' };
	expect(await aliceFinds(after)).toEqual(['2', '3', '4', '5']);
	const before = { DatetimeBefore: '2026-01-05T09:01:00Z' };
	expect(await aliceFinds(before)).toEqual(['1', '2']);
	expect(await aliceFinds({ FaxStatus: 'recvIncomplete' })).toEqual(['2']);
	expect(await aliceFinds({ Mark: 'false', SortOrder: 'desc' })).toEqual(['5', '4', '3', '2']);
	// dateTime is the last-modified time: fax 1 was marked at 09:02, with 3, 4 and 5.
	const byModified = { SortColumn: 'dateTime', SortOrder: 'desc' };
	expect(await aliceFinds(byModified)).toEqual(['5', '4', '3', '1', '2']);
	const page = await search(USERS.alice, { ResultLimit: 2 });
	expect(page.json.HasMoreResults).toBe('true');
	const next = await search(USERS.alice, {
		ResultLimit: 2,
		Mark: 'true',
		GetNextResults: page.json.ResultsReference,
	});
	expect(ids(next)).toEqual(['3', '4']);
	expect((await search(USERS.alice, { FaxStatus: 'sent' })).status).toBe(400);
	const none = await search(USERS.bob);
	expect(none.json.FaxInfo).toBeUndefined();
});

test('proxy rules: own faxes by default, FaxUserId=* for everyone of the organization', async () => {
	emu().control.injectInbound({ userId: 'alice@acme' }); // 1
	emu().control.injectInbound({ userId: 'bob@acme' }); // 2
	emu().control.injectInbound({ userId: 'carol@globex' }); // 3
	emu().control.injectInbound({ userId: 'admin@acme' }); // 4
	expect(await finds(USERS.alice, { FaxUserId: '*' })).toEqual(['1']);
	expect(await finds(USERS.alice, { FaxUserId: 'bob@acme' })).toEqual(['1']);
	expect(await finds(USERS.acmeAdmin)).toEqual(['4']);
	expect(await finds(USERS.acmeAdmin, { FaxUserId: '*' })).toEqual(['1', '2', '4']);
	expect(await finds(USERS.acmeAdmin, { FaxUserId: 'bob@acme' })).toEqual(['2']);
	expect(await finds(USERS.globexAdmin, { FaxUserId: '*' })).toEqual(['3']);
	expect(await api.status('GET', 'inboundfaxes/1', USERS.bob)).toBe(403);
	expect(await api.status('GET', 'inboundfaxes/1', USERS.acmeAdmin)).toBe(200);
	expect(await api.status('GET', 'inboundfaxes/1', USERS.carol)).toBe(404);
});

test('PUT takes Mark, ProjectCode, ProjectCode2 and answers 201', async () => {
	emu().control.injectInbound({ userId: 'alice@acme' });
	const codes = { Mark: 'true', ProjectCode: 'ACC-9', ProjectCode2: 'ref-1' };
	const put = await api.put('inboundfaxes/1', USERS.alice, codes);
	expect(put.status).toBe(201);
	expect(put.json).toEqual({ RequestStatus: { StatusCode: 0, StatusText: '' } });
	expect((await api.get('inboundfaxes/1', USERS.alice)).json.FaxInfo[0]).toMatchObject(codes);
	expect(await api.status('PUT', 'inboundfaxes/1', USERS.alice)).toBe(400);
	expect(await api.status('PUT', 'inboundfaxes/1', USERS.alice, { Mark: '1' })).toBe(400);
});

test('image as TIFF (default) and PDF, page count matching PagesReceived', async () => {
	const [fax] = emu().control.injectInbound({ userId: 'alice@acme', fields: { PagesReceived: 3 } });
	const tif = await api.get(`inboundfaxes/${fax.FaxId}/image`, USERS.alice);
	expect(tif.headers['content-type']).toBe('image/tiff');
	expect(tif.headers['content-disposition']).toBe(`inline; filename="fax-${fax.FaxId}.tif"`);
	const { tiffPageCount } = await import('../../emulator/fax/documents');
	expect(tiffPageCount(tif.body)).toBe(3);
	const pdf = await api.get(`inboundfaxes/${fax.FaxId}/image`, USERS.alice, {
		FaxContentType: 'pdf',
	});
	expect(pdf.headers['content-type']).toBe('application/pdf');
	const { PDFDocument } = await import('pdf-lib');
	expect((await PDFDocument.load(pdf.body)).getPageCount()).toBe(3);
});

test('DELETE answers 201; the fax is gone but stays in inboundAll()', async () => {
	emu().control.injectInbound({ userId: 'alice@acme', count: 2 });
	const del = await api.del('inboundfaxes/1', USERS.alice);
	expect(del.status).toBe(201);
	expect(del.json).toEqual({ RequestStatus: { StatusCode: 0, StatusText: '' } });
	expect(await api.status('GET', 'inboundfaxes/1', USERS.alice)).toBe(404);
	expect(await finds(USERS.alice)).toEqual(['2']);
	expect(
		emu()
			.control.inboundAll()
			.map((f) => [f.FaxId, f.deleted]),
	).toEqual([
		['1', true],
		['2', false],
	]);
});

test('outbound and inbound ids are counted separately', async () => {
	emu().control.injectInbound({ userId: 'alice@acme' });
	emu().control.bulkCreateOutbound(1, { userId: 'alice@acme' });
	const inb = await api.get('inboundfaxes/1', USERS.alice);
	const out = await api.get('outboundfaxes/1', USERS.alice);
	expect(inb.json.FaxInfo[0].FaxId).toBe('1');
	expect(out.json.FaxInfo[0].FaxId).toBe('1');
});

test('demo traffic delivers inbound faxes on the clock', async () => {
	const demo = await ownEmulator({ demoTraffic: true });
	const initial = demo.control.stats().inboundCount;
	expect(initial).toBeGreaterThan(0);
	demo.control.advance(10 * MINUTE);
	expect(demo.control.stats().inboundCount).toBeGreaterThan(initial + 3);
});
