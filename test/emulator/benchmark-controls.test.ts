import { connect } from 'node:net';
import { Agent } from 'undici';

import { basic, searchThrough, USERS } from '../harness/emulatorHttp';
import { startTestEmulator } from '../harness/jest/emulator';
import { useEmulatorCalls } from './faxCalls';
import { eventually, waitUntil } from '../harness/waitUntil';

/**
 * What the benchmarks read from the emulator: timings, answer sizes, connections, requests
 * answered at once, big images, and requests held by a delay.
 */

const { emu, api } = useEmulatorCalls();

const ctl = api.control;
const stats = () => emu().control.stats().connections.fax;
const atOnce = () => emu().control.stats().requestsAtOnce.fax;
const inProcess = () => emu().control.stats().requestsInProcess.fax;
const requestLog = () => emu().control.requests();
const get = (agent: Agent) => searchThrough(agent, emu());

test('the request log keeps when each request came, when its answer was written, and its size', async () => {
	const before = Date.now();
	await api.send({ FaxNumber: '12125550000' });
	const search = await api.get(`outboundfaxes`, USERS.alice);
	const [sent, searched] = requestLog();
	expect(sent.receivedMs).toBeGreaterThanOrEqual(before);
	expect(sent.finishedMs).toBeGreaterThanOrEqual(sent.receivedMs);
	expect(searched.receivedMs).toBeGreaterThanOrEqual(sent.finishedMs!);
	expect(searched.responseBytes).toBe(search.body.length);
	expect(searched.responseBytes).toBeGreaterThan(100);
});

test('an inbound fax image padded to a size: exact length, still a PDF, the same on every download', async () => {
	const [fax] = emu().control.injectInbound({ userId: USERS.alice.userId });
	const size = 3 * 1024 * 1024 + 7;
	expect((await ctl('POST', `/inbound/${fax.FaxId}/image-size`, { bytes: size })).status).toBe(200);
	const image = (FaxContentType: string) =>
		api.get(`inboundfaxes/${fax.FaxId}/image`, USERS.alice, { FaxContentType });
	const pdf = await image('pdf');
	expect(pdf.status).toBe(200);
	expect(pdf.body.length).toBe(size);
	expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
	expect(pdf.body.includes('%%EOF')).toBe(true);
	expect(pdf.body.subarray(-40).toString('latin1')).toMatch(/% fax image padding/);
	expect((await image('pdf')).body.equals(pdf.body)).toBe(true);
	expect((await image('tif')).body.length).toBe(size);
	expect(requestLog().at(-1)?.responseBytes).toBe(size);
});

test('image size: an unknown fax or a size that is not a positive integer is refused', async () => {
	const [fax] = emu().control.injectInbound({ userId: USERS.alice.userId });
	expect(() => emu().control.padInboundImage(999, 10)).toThrow(/no inbound fax 999/);
	for (const bytes of [0, -1, 1.5, NaN])
		expect(() => emu().control.padInboundImage(fax.FaxId, bytes)).toThrow(/bytes must be/);
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
		if (!agent.closed) await agent.close();
	}
}

test('connection maxima count every simultaneous socket of an agent and start again after resetConnectionStats', async () => {
	await whileDelayed(4, { delayMs: 300 }, async (agent) => {
		emu().control.resetConnectionStats();
		const open = stats().current;
		const answers = await Promise.all(Array.from({ length: 12 }, () => get(agent)));
		expect(answers.every((status) => status === 200)).toBe(true);
		const { max } = stats();
		expect(max).toBeGreaterThanOrEqual(4);
		expect(max - open).toBeGreaterThanOrEqual(2);
		expect(max - open).toBeLessThanOrEqual(4);
		// The agent's sockets closed (the server has seen them go), the route starts counting again
		// from what is open then: fewer than the run's maximum. Read right after the reset, not
		// compared with `current`: a socket of an earlier test may still be closing.
		await agent.close();
		await waitUntil('the agent sockets closed', () => stats().current <= open, 10_000, 20);
		expect((await ctl('POST', '/connection-stats/reset')).status).toBe(200);
		expect(stats().max).toBeLessThan(max);
	});
});

/**
 * "At most N sends at once" is a count of requests being answered, not of open sockets: on a busy
 * machine an idle keep-alive socket of an earlier run may still be open when the next run starts,
 * and counted as a connection it made a run of 2 at once look like 4.
 */
describe('requests answered at once', () => {
	test('an idle keep-alive socket of an earlier run is a connection but no request at once', async () => {
		const earlier = new Agent({ connections: 3, keepAliveTimeout: 60_000 });
		try {
			await whileDelayed(1, { delayMs: 100 }, async (now) => {
				const three = [get(earlier), get(earlier), get(earlier)];
				expect(await Promise.all(three)).toEqual([200, 200, 200]);
				emu().control.resetConnectionStats();
				expect(await Promise.all([get(now), get(now)])).toEqual([200, 200]);
				// The earlier run's three sockets are still open, idle: they count as connections.
				expect(stats().max).toBeGreaterThanOrEqual(4);
				expect(atOnce().max).toBe(1);
				expect(atOnce().current).toBe(0);
			});
		} finally {
			await earlier.close();
		}
	});

	test('requests answered at once rise with parallel requests and start again after a reset', async () => {
		await whileDelayed(4, { delayMs: 200 }, async (agent) => {
			const answers = await Promise.all(Array.from({ length: 8 }, () => get(agent)));
			expect(answers.every((status) => status === 200)).toBe(true);
			expect(atOnce().max).toBeGreaterThanOrEqual(2);
			expect(atOnce().max).toBeLessThanOrEqual(4);
			emu().control.resetConnectionStats();
			expect(atOnce()).toEqual({ current: 0, max: 0 });
		});
	});

	test('a delay with releaseAtOnce holds answers until that many are held, then lets them go together', async () => {
		// Far longer than any run of this test: only the count releases them.
		await whileDelayed(8, { delayMs: 60_000, releaseAtOnce: 3 }, async (agent) => {
			const first = Promise.all([get(agent), get(agent)]);
			let firstDone = false;
			void first.then(() => (firstDone = true));
			// Two held: neither answered while no third has come.
			await eventually(() => expect(atOnce().current).toBe(2));
			expect(firstDone).toBe(false);
			const third = get(agent);
			expect(await first).toEqual([200, 200]);
			expect(await third).toBe(200);
			expect(atOnce().max).toBe(3);
		});
	});

	test('a delay with releaseAtOnce still ends each hold after delayMs', async () => {
		await whileDelayed(2, { delayMs: 200, releaseAtOnce: 5 }, async (agent) => {
			expect(await get(agent)).toBe(200);
		});
	});
});

/**
 * What a test reads after killing a client (deploy's create-killed): once the client's sockets are
 * closed and nothing is in process, every request it sent is made or dropped.
 */
describe('requests in process', () => {
	test('a request is in process while its body arrives, not once it is dropped; a held answer is processed', async () => {
		const { port } = new URL(emu().urls.fax);
		const socket = connect(Number(port), '127.0.0.1');
		const body = JSON.stringify({ FaxNumber: '12125550000' });
		socket.write(
			`POST /v1/outboundfaxes HTTP/1.1\r\nHost: x\r\nAuthorization: ${basic(USERS.alice)}\r\n` +
				`Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
		);
		await waitUntil('the half-sent request in process', () => inProcess().current === 1, 5_000);
		expect(requestLog()).toEqual([]);
		socket.destroy();
		await waitUntil('the dropped request out of process', () => inProcess().current === 0, 5_000);
		expect(requestLog()).toEqual([]);

		// Held until a second search comes (far longer than any run of this test otherwise).
		await whileDelayed(2, { delayMs: 60_000, releaseAtOnce: 2 }, async (agent) => {
			const held = get(agent);
			await waitUntil('the search processed, its answer held', () => atOnce().current === 1, 5_000);
			expect(inProcess().current).toBe(0);
			expect(requestLog().map((r) => r.processed)).toEqual([true]);
			expect(await Promise.all([held, get(agent)])).toEqual([200, 200]);
		});
	});
});

/** Ref'd timers: those that keep a process (a jest worker) from ending. */
const timersKeepingAlive = () =>
	process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

test('a request held by a delay fault keeps no timer alive once the client gave up and the emulator closed', async () => {
	const own = await startTestEmulator();
	const before = timersKeepingAlive();
	own.control.addFault({ api: 'fax', kind: 'delay', delayMs: 60_000 });
	const asked = fetch(`${own.urls.fax}/outboundfaxes`, {
		headers: { authorization: basic(USERS.alice) },
		signal: AbortSignal.timeout(300),
	}).catch((error: Error) => error.name);
	expect(await asked).toBe('TimeoutError');
	expect(own.control.requests()).toHaveLength(1);
	await own.close();
	expect(timersKeepingAlive()).toBeLessThanOrEqual(before);
});
