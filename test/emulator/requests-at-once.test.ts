import { Agent } from 'undici';

import { eventually } from '../harness/waitUntil';
import { searchThrough } from '../harness/emulatorHttp';
import { useEmulator } from '../harness/jest/emulator';

/**
 * "At most N sends at once" is a count of requests being answered, not of open sockets: on a busy
 * machine an idle keep-alive socket of an earlier run may still be open when the next run starts,
 * and counted as a connection it made a run of 2 at once look like 4.
 */
const emu = useEmulator();

const get = (agent: Agent) => searchThrough(agent, emu());

test('an idle keep-alive socket of an earlier run is a connection but no request at once', async () => {
	const earlier = new Agent({ connections: 3, keepAliveTimeout: 60_000 });
	const now = new Agent({ connections: 1 });
	const slow = emu().control.addFault({ api: 'fax', kind: 'delay', delayMs: 100 });
	try {
		expect(await Promise.all([get(earlier), get(earlier), get(earlier)])).toEqual([200, 200, 200]);
		emu().control.resetConnectionStats();
		expect(await Promise.all([get(now), get(now)])).toEqual([200, 200]);
		const stats = emu().control.stats();
		// The earlier run's three sockets are still open, idle: they count as connections.
		expect(stats.connections.fax.max).toBeGreaterThanOrEqual(4);
		expect(stats.requestsAtOnce.fax.max).toBe(1);
		expect(stats.requestsAtOnce.fax.current).toBe(0);
	} finally {
		emu().control.removeFault(slow);
		await Promise.all([earlier.close(), now.close()]);
	}
});

/** Runs `use` with an agent of that many sockets while the delay holds the fax answers; removes both. */
async function whileDelayed(
	connections: number,
	delay: { delayMs: number; releaseAtOnce?: number },
	use: (agent: Agent) => Promise<void>,
): Promise<void> {
	const agent = new Agent({ connections });
	const fault = emu().control.addFault({ api: 'fax', kind: 'delay', ...delay });
	try {
		await use(agent);
	} finally {
		emu().control.removeFault(fault);
		await agent.close();
	}
}

test('requests answered at once rise with parallel requests and start again after a reset', async () => {
	await whileDelayed(4, { delayMs: 200 }, async (agent) => {
		const answers = await Promise.all(Array.from({ length: 8 }, () => get(agent)));
		expect(answers.every((status) => status === 200)).toBe(true);
		expect(emu().control.stats().requestsAtOnce.fax.max).toBeGreaterThanOrEqual(2);
		expect(emu().control.stats().requestsAtOnce.fax.max).toBeLessThanOrEqual(4);
		emu().control.resetConnectionStats();
		expect(emu().control.stats().requestsAtOnce.fax).toEqual({ current: 0, max: 0 });
	});
});

test('a delay with releaseAtOnce holds answers until that many are held, then lets them go together', async () => {
	// Far longer than any run of this test: only the count releases them.
	await whileDelayed(8, { delayMs: 60_000, releaseAtOnce: 3 }, async (agent) => {
		const first = Promise.all([get(agent), get(agent)]);
		let firstDone = false;
		void first.then(() => (firstDone = true));
		// Two held: neither answered while no third has come.
		await eventually(() => expect(emu().control.stats().requestsAtOnce.fax.current).toBe(2));
		expect(firstDone).toBe(false);
		const third = get(agent);
		expect(await first).toEqual([200, 200]);
		expect(await third).toBe(200);
		expect(emu().control.stats().requestsAtOnce.fax.max).toBe(3);
	});
});

test('a delay with releaseAtOnce still ends each hold after delayMs', async () => {
	await whileDelayed(2, { delayMs: 200, releaseAtOnce: 5 }, async (agent) => {
		expect(await get(agent)).toBe(200);
	});
});
