import { call, controlOf, sendFax, USERS } from '../harness/emulatorHttp';
import { startTestEmulator, useEmulator, useOwnEmulators } from '../harness/jest/emulator';
import { faxCalls } from './faxCalls';

const emu = useEmulator();
const api = faxCalls(emu);
const ownEmulator = useOwnEmulators();

const ctl = controlOf(emu);

test('urls: three listeners on 127.0.0.1, control under /__emulator', () => {
	expect(emu().urls.fax).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
	expect(emu().urls.mailMerge).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
	expect(emu().urls.numbers).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
	expect(emu().urls.control).toBe(emu().urls.fax.replace('/v1', '/__emulator'));
	const ports = new Set(
		[emu().urls.fax, emu().urls.mailMerge, emu().urls.numbers].map((u) => new URL(u).port),
	);
	expect(ports.size).toBe(3);
});

test('a fixed base port uses N, N+1, N+2', async () => {
	const probe = await startTestEmulator();
	const base = Number(new URL(probe.urls.fax).port);
	await probe.close();
	const fixed = await ownEmulator({ port: base });
	expect(
		[fixed.urls.fax, fixed.urls.mailMerge, fixed.urls.numbers].map((u) => Number(new URL(u).port)),
	).toEqual([base, base + 1, base + 2]);
});

test('clock over HTTP: now, advance, set-time (forward only)', async () => {
	expect((await ctl('GET', '/now')).json).toEqual({ now: '2026-01-05T09:00:00.000Z' });
	expect((await ctl('POST', '/advance', { ms: 90_000 })).json.now).toBe('2026-01-05T09:01:30.000Z');
	expect((await ctl('POST', '/set-time', { time: '2026-01-05T10:00:00Z' })).json.now).toBe(
		'2026-01-05T10:00:00.000Z',
	);
	const back = await ctl('POST', '/set-time', { time: '2026-01-05T08:00:00Z' });
	expect(back.status).toBe(400);
	expect(back.json.error).toMatch(/forward/);
});

test('inbound injection, history, requests, faults, stats, reset over HTTP', async () => {
	const inj = await ctl('POST', '/inbound', { userId: 'alice@acme', count: 2 });
	expect(inj.json.faxes).toHaveLength(2);
	expect((await ctl('GET', '/inbound')).json.faxes).toHaveLength(2);
	await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
	expect((await ctl('POST', '/outbound/1/outcome', { outcome: 'busy' })).status).toBe(200);
	expect((await ctl('POST', '/outbound/9/outcome', { outcome: 'busy' })).status).toBe(400);
	await ctl('POST', '/advance', { ms: 20_000 });
	expect((await ctl('GET', '/outbound/1')).json.fax.ErrorCode).toBe('1002');
	expect((await ctl('GET', '/outbound-history')).json.history.map((h: any) => h.status)).toEqual([
		'awaitingConversion',
		'scheduled',
		'sending',
		'scheduled',
	]);
	const requests = await ctl('GET', '/requests?method=POST');
	expect(requests.json.requests).toHaveLength(1);
	const fault = await ctl('POST', '/faults', { kind: 'http500', count: 1 });
	expect(fault.json.id).toMatch(/^fault-/);
	expect((await ctl('GET', '/faults')).json.faults).toHaveLength(1);
	expect((await api.get(`inboundfaxes`, USERS.alice)).status).toBe(500);
	await ctl('DELETE', '/faults');
	await ctl('DELETE', '/requests');
	expect((await ctl('GET', '/requests')).json.requests).toHaveLength(0);
	const stats = (await ctl('GET', '/stats')).json;
	expect(stats).toMatchObject({ outboundCount: 1, inboundCount: 2 });
	expect(stats.connections.fax.max).toBeGreaterThanOrEqual(1);
	const bulk = await ctl('POST', '/bulk/outbound', { n: 10, userId: 'bob@acme' });
	expect(bulk.json).toEqual({ count: 10, firstId: 2, lastId: 11 });
	expect((await ctl('POST', '/bulk/inbound', { n: 5 })).json.count).toBe(5);
	await ctl('POST', '/reset');
	expect((await ctl('GET', '/stats')).json).toMatchObject({ outboundCount: 0, inboundCount: 0 });
	expect((await ctl('GET', '/now')).json.now).toBe('2026-01-05T09:00:00.000Z');
	expect((await ctl('GET', '/nope')).status).toBe(404);
});

test('the control API is not logged and needs no auth', async () => {
	await ctl('GET', '/stats');
	expect(emu().control.requests()).toHaveLength(0);
});

test('custom seed object', async () => {
	const custom = await ownEmulator({
		seed: {
			organizations: [{ id: 'tiny', name: 'Tiny' }],
			users: [
				{
					userId: 'u@tiny',
					password: 'p',
					name: 'U',
					email: 'u@tiny.example',
					faxNumber: '13125550000',
					tsi: 'TINY',
					proxy: false,
				},
			],
			tokens: [],
			coverPages: ['default'],
		},
	});
	const ok = await call('GET', `${custom.urls.fax}/inboundfaxes`, {
		auth: { userId: 'u@tiny', password: 'p' },
	});
	expect(ok.status).toBe(200);
	const old = await call('GET', `${custom.urls.fax}/inboundfaxes`, { auth: USERS.alice });
	expect(old.status).toBe(401);
});

test('real clock: wall time, and advance() still jumps ahead', async () => {
	const real = await ownEmulator({ clock: 'real' });
	const before = Date.parse(real.control.now());
	expect(Math.abs(before - Date.now())).toBeLessThan(2000);
	await sendFax(real, USERS.alice, { FaxNumber: '12125550000' });
	real.control.advance(60_000);
	expect(real.control.outboundHistory().map((h) => h.status)).toEqual([
		'awaitingConversion',
		'scheduled',
		'sending',
		'sent',
	]);
	expect(Date.parse(real.control.now()) - Date.now()).toBeGreaterThan(59_000);
});
