import { statusOf, USERS, type Login } from '../harness/emulatorHttp';
import { startTestEmulator } from '../harness/jest/emulator';
import { faxCalls, useEmulatorCalls } from './faxCalls';

const { emu, api, ownEmulator } = useEmulatorCalls();
const ctl = api.control;
const portsOf = (urls: { fax: string; mailMerge: string; numbers: string }) =>
	[urls.fax, urls.mailMerge, urls.numbers].map((u) => Number(new URL(u).port));

test('urls: three listeners on 127.0.0.1, control under /__emulator', () => {
	const { urls } = emu();
	expect(urls.fax).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
	expect(urls.mailMerge).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
	expect(urls.numbers).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
	expect(urls.control).toBe(urls.fax.replace('/v1', '/__emulator'));
	expect(new Set(portsOf(urls)).size).toBe(3);
});

test('a fixed base port uses N, N+1, N+2', async () => {
	const probe = await startTestEmulator();
	const base = Number(new URL(probe.urls.fax).port);
	await probe.close();
	expect(portsOf((await ownEmulator({ port: base })).urls)).toEqual([base, base + 1, base + 2]);
});

test('clock over HTTP: now, advance, set-time (forward only)', async () => {
	const setTime = (time: string) => ctl('POST', '/set-time', { time });
	expect((await ctl('GET', '/now')).json).toEqual({ now: '2026-01-05T09:00:00.000Z' });
	expect((await ctl('POST', '/advance', { ms: 90_000 })).json.now).toBe('2026-01-05T09:01:30.000Z');
	expect((await setTime('2026-01-05T10:00:00Z')).json.now).toBe('2026-01-05T10:00:00.000Z');
	const back = await setTime('2026-01-05T08:00:00Z');
	expect(back.status).toBe(400);
	expect(back.json.error).toMatch(/forward/);
});

test('inbound injection, history, requests (control calls not logged), faults, stats, reset over HTTP', async () => {
	const got = async (path: string) => (await ctl('GET', path)).json;
	const injected = await ctl('POST', '/inbound', { userId: 'alice@acme', count: 2 });
	expect(injected.json.faxes).toHaveLength(2);
	expect((await got('/inbound')).faxes).toHaveLength(2);
	await api.send({ FaxNumber: '12125550000' });
	expect((await ctl('POST', '/outbound/1/outcome', { outcome: 'busy' })).status).toBe(200);
	expect((await ctl('POST', '/outbound/9/outcome', { outcome: 'busy' })).status).toBe(400);
	await ctl('POST', '/advance', { ms: 20_000 });
	expect((await got('/outbound/1')).fax.ErrorCode).toBe('1002');
	const history = (await got('/outbound-history')).history.map((h: any) => h.status);
	expect(history.join(' → ')).toBe('awaitingConversion → scheduled → sending → scheduled');
	// The send alone: the control calls (no auth) before it are not logged.
	expect((await got('/requests?method=POST')).requests).toHaveLength(1);
	expect((await ctl('POST', '/faults', { kind: 'http500', count: 1 })).json.id).toMatch(/^fault-/);
	expect((await got('/faults')).faults).toHaveLength(1);
	expect((await api.get(`inboundfaxes`, USERS.alice)).status).toBe(500);
	await ctl('DELETE', '/faults');
	await ctl('DELETE', '/requests');
	expect((await got('/requests')).requests).toHaveLength(0);
	const stats = await got('/stats');
	expect(stats).toMatchObject({ outboundCount: 1, inboundCount: 2 });
	expect(stats.connections.fax.max).toBeGreaterThanOrEqual(1);
	const bulk = await ctl('POST', '/bulk/outbound', { n: 10, userId: 'bob@acme' });
	expect(bulk.json).toEqual({ count: 10, firstId: 2, lastId: 11 });
	expect((await ctl('POST', '/bulk/inbound', { n: 5 })).json.count).toBe(5);
	await ctl('POST', '/reset');
	expect(await got('/stats')).toMatchObject({ outboundCount: 0, inboundCount: 0 });
	expect((await got('/now')).now).toBe('2026-01-05T09:00:00.000Z');
	expect((await ctl('GET', '/nope')).status).toBe(404);
});

test('custom seed object', async () => {
	const login = { userId: 'u@tiny', password: 'p' };
	const user = { ...login, name: 'U', email: 'u@tiny.example', faxNumber: '13125550000' };
	const custom = await ownEmulator({
		seed: {
			organizations: [{ id: 'tiny', name: 'Tiny' }],
			users: [{ ...user, tsi: 'TINY', proxy: false }],
			tokens: [],
			coverPages: ['default'],
		},
	});
	const inboundAs = (auth: Login) => statusOf('GET', `${custom.urls.fax}/inboundfaxes`, { auth });
	expect(await inboundAs(login)).toBe(200);
	expect(await inboundAs(USERS.alice)).toBe(401);
});

test('real clock: wall time, and advance() still jumps ahead', async () => {
	const real = await ownEmulator({ clock: 'real' });
	expect(Math.abs(Date.parse(real.control.now()) - Date.now())).toBeLessThan(2000);
	await faxCalls(() => real).send({ FaxNumber: '12125550000' });
	real.control.advance(60_000);
	const statuses = real.control.outboundHistory().map((h) => h.status);
	expect(statuses.join(' → ')).toBe('awaitingConversion → scheduled → sending → sent');
	expect(Date.parse(real.control.now()) - Date.now()).toBeGreaterThan(59_000);
});
