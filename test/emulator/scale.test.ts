import type { Emulator } from '../../emulator';
import { call, sendFax, USERS } from '../harness/emulatorHttp';
import { startTestEmulator } from '../harness/jest/emulator';

let emu: Emulator;
beforeAll(async () => {
	emu = await startTestEmulator();
	emu.control.bulkCreateOutbound(100_000, {
		users: ['alice@acme', 'bob@acme', 'carol@globex'],
		from: '2025-12-01T00:00:00Z',
		to: '2026-01-05T08:00:00Z',
	});
	emu.control.bulkCreateInbound(100_000, {
		users: ['alice@acme', 'bob@acme'],
		from: '2025-12-01T00:00:00Z',
		to: '2026-01-05T08:00:00Z',
	});
});
afterAll(() => emu.close());

test('100,000 outbound faxes: a one-page search answers with the first page and a reference', async () => {
	expect(emu.control.stats().outboundCount).toBe(100_000);
	const res = await call('GET', `${emu.urls.fax}/outboundfaxes`, {
		auth: USERS.alice,
		query: { ResultLimit: 100 },
	});
	expect(res.status).toBe(200);
	expect(res.json.FaxInfo).toHaveLength(100);
	expect(res.json.FaxInfo[0].FaxId).toBe('1');
	expect(res.json.HasMoreResults).toBe('true');
	const next = await call('GET', `${emu.urls.fax}/outboundfaxes`, {
		auth: USERS.alice,
		query: { ResultLimit: 100, GetNextResults: res.json.ResultsReference },
	});
	expect(next.json.FaxInfo[0].FaxId).toBe('301');
});

test('100,000 outbound faxes: newest first by update time, a narrow window, an empty proxy filter', async () => {
	await sendFax(emu, USERS.alice, { FaxNumber: '12125550000' });
	emu.control.advance(60_000);
	const newest = await call('GET', `${emu.urls.fax}/outboundfaxes`, {
		auth: USERS.alice,
		query: { SortColumn: 'dateTime', SortOrder: 'desc', ResultLimit: 100 },
	});
	expect(newest.json.FaxInfo[0].FaxId).toBe('100001');
	const window = await call('GET', `${emu.urls.fax}/outboundfaxes`, {
		auth: USERS.acmeAdmin,
		query: {
			FaxUserId: '*',
			DatetimeAfter: '2026-01-05T07:59:00Z',
			DatetimeBefore: '2026-01-05T08:00:00Z',
			ResultLimit: 100,
		},
	});
	expect(window.json.FaxInfo.length).toBeGreaterThan(0);
	const none = await call('GET', `${emu.urls.fax}/outboundfaxes`, {
		auth: USERS.acmeAdmin,
		query: { FaxUserId: 'nobody@acme', ResultLimit: 100 },
	});
	expect(none.json.FaxInfo).toBeUndefined();
});

test('100,000 inbound faxes: unmarked for everyone, a page at a time', async () => {
	const res = await call('GET', `${emu.urls.fax}/inboundfaxes`, {
		auth: USERS.acmeAdmin,
		query: { FaxUserId: '*', Mark: 'false', SortColumn: 'dateTime', ResultLimit: 100 },
	});
	expect(res.json.FaxInfo).toHaveLength(100);
	expect(res.json.HasMoreResults).toBe('true');
});
