import { USERS, basic } from '../harness/emulatorHttp';
import { startTestEmulator } from '../harness/jest/emulator';

/** Ref'd timers: those that keep a process (a jest worker) from ending. */
const timersKeepingAlive = () =>
	process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

test('a request held by a delay fault keeps no timer alive once the client gave up and the emulator closed', async () => {
	const emu = await startTestEmulator();
	const before = timersKeepingAlive();
	emu.control.addFault({ api: 'fax', kind: 'delay', delayMs: 60_000 });
	const asked = fetch(`${emu.urls.fax}/outboundfaxes`, {
		headers: { authorization: basic(USERS.alice) },
		signal: AbortSignal.timeout(300),
	}).catch((error: Error) => error.name);
	expect(await asked).toBe('TimeoutError');
	expect(emu.control.requests()).toHaveLength(1);
	await emu.close();
	expect(timersKeepingAlive()).toBeLessThanOrEqual(before);
});
