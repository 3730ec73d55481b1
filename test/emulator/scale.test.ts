import type { Emulator } from '../../emulator';
import { call, sendFax, USERS, type Login } from '../harness/emulatorHttp';
import { startTestEmulator } from '../harness/jest/emulator';

let emu: Emulator;
beforeAll(async () => {
	emu = await startTestEmulator();
	const span = { from: '2025-12-01T00:00:00Z', to: '2026-01-05T08:00:00Z' };
	const users = ['alice@acme', 'bob@acme'];
	emu.control.bulkCreateOutbound(100_000, { users: [...users, 'carol@globex'], ...span });
	emu.control.bulkCreateInbound(100_000, { users, ...span });
});
afterAll(() => emu.close());

/** A search of a collection by this login, at most 100 faxes a page. */
const search = (collection: string, auth: Login, query: Record<string, string> = {}) =>
	call('GET', `${emu.urls.fax}/${collection}`, { auth, query: { ResultLimit: 100, ...query } });

test('100,000 outbound faxes: a one-page search answers with the first page and a reference', async () => {
	expect(emu.control.stats().outboundCount).toBe(100_000);
	const res = await search('outboundfaxes', USERS.alice);
	expect(res.status).toBe(200);
	expect(res.json.FaxInfo).toHaveLength(100);
	expect(res.json.FaxInfo[0].FaxId).toBe('1');
	expect(res.json.HasMoreResults).toBe('true');
	const next = { GetNextResults: res.json.ResultsReference };
	expect((await search('outboundfaxes', USERS.alice, next)).json.FaxInfo[0].FaxId).toBe('301');
});

test('100,000 outbound faxes: newest first by update time, a narrow window, an empty proxy filter', async () => {
	await sendFax(emu, USERS.alice, { FaxNumber: '12125550000' });
	emu.control.advance(60_000);
	const newest = { SortColumn: 'dateTime', SortOrder: 'desc' };
	expect((await search('outboundfaxes', USERS.alice, newest)).json.FaxInfo[0].FaxId).toBe('100001');
	const window = { DatetimeAfter: '2026-01-05T07:59:00Z', DatetimeBefore: '2026-01-05T08:00:00Z' };
	const inWindow = await search('outboundfaxes', USERS.acmeAdmin, { FaxUserId: '*', ...window });
	expect(inWindow.json.FaxInfo.length).toBeGreaterThan(0);
	const none = await search('outboundfaxes', USERS.acmeAdmin, { FaxUserId: 'nobody@acme' });
	expect(none.json.FaxInfo).toBeUndefined();
});

test('100,000 inbound faxes: unmarked for everyone, a page at a time', async () => {
	const query = { FaxUserId: '*', Mark: 'false', SortColumn: 'dateTime' };
	const res = await search('inboundfaxes', USERS.acmeAdmin, query);
	expect(res.json.FaxInfo).toHaveLength(100);
	expect(res.json.HasMoreResults).toBe('true');
});
