import { call, USERS } from '../harness/emulatorHttp';
import { useEmulator } from '../harness/jest/emulator';
import { faxCalls } from './faxCalls';

/** A front end whose clock is wrong: its Date header is off the service's clock, its records not. */

const emu = useEmulator();
const api = faxCalls(emu);

const search = () => api.get(`inboundfaxes`, USERS.alice);
const dateOf = (res: { headers: Record<string, unknown> }) =>
	new Date(String(res.headers.date)).toISOString();

test('the next answers carry a Date an hour ahead, then the clock again; the records keep the service clock', async () => {
	emu().control.injectInbound({ userId: USERS.alice.userId });
	const now = emu().control.now();
	const set = await call('POST', `${emu().urls.control}/date-header-offset`, {
		json: { ms: 3_600_000, answers: 1 },
	});
	expect(set.status).toBe(200);
	const ahead = await search();
	expect(dateOf(ahead)).toBe(new Date(Date.parse(now) + 3_600_000).toISOString());
	expect(ahead.json.FaxInfo[0].ReceivedTime).toBe(now.replace('.000Z', 'Z'));
	expect(dateOf(await search())).toBe(now);

	emu().control.setDateHeaderOffset(-120_000);
	expect(dateOf(await search())).toBe(new Date(Date.parse(now) - 120_000).toISOString());
	expect(dateOf(await search())).toBe(new Date(Date.parse(now) - 120_000).toISOString());
	emu().control.reset();
	expect(dateOf(await search())).toBe(emu().control.now());
	const bad = await call('POST', `${emu().urls.control}/date-header-offset`, { json: { ms: 'x' } });
	expect(bad.status).toBe(400);
});
