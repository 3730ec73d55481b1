import { Agent } from 'undici';

import { call, controlOf, searchThrough, sendFax, USERS } from '../harness/emulatorHttp';
import { useEmulator } from '../harness/jest/emulator';
import { faxCalls } from './faxCalls';
import { waitUntil } from '../harness/waitUntil';

/** What the benchmarks read from the emulator: timings, answer sizes, connections, big images. */

const emu = useEmulator();
const api = faxCalls(emu);

const ctl = controlOf(emu);
const stats = () => emu().control.stats().connections.fax;

test('the request log keeps when each request came, when its answer was written, and its size', async () => {
	const before = Date.now();
	await sendFax(emu(), USERS.alice, { FaxNumber: '12125550000' });
	const search = await api.get(`outboundfaxes`, USERS.alice);
	const [sent, searched] = emu().control.requests();
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
	const url = `${emu().urls.fax}/inboundfaxes/${fax.FaxId}/image`;
	const pdf = await call('GET', url, { auth: USERS.alice, query: { FaxContentType: 'pdf' } });
	expect(pdf.status).toBe(200);
	expect(pdf.body.length).toBe(size);
	expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
	expect(pdf.body.includes('%%EOF')).toBe(true);
	expect(pdf.body.subarray(-40).toString('latin1')).toMatch(/% fax image padding/);
	const again = await call('GET', url, { auth: USERS.alice, query: { FaxContentType: 'pdf' } });
	expect(again.body.equals(pdf.body)).toBe(true);
	const tiff = await call('GET', url, { auth: USERS.alice, query: { FaxContentType: 'tif' } });
	expect(tiff.body.length).toBe(size);
	expect(emu().control.requests().at(-1)?.responseBytes).toBe(size);
});

test('image size: an unknown fax or a size that is not a positive integer is refused', async () => {
	const [fax] = emu().control.injectInbound({ userId: USERS.alice.userId });
	expect(() => emu().control.padInboundImage(999, 10)).toThrow(/no inbound fax 999/);
	for (const bytes of [0, -1, 1.5, NaN]) {
		expect(() => emu().control.padInboundImage(fax.FaxId, bytes)).toThrow(/bytes must be/);
	}
});

test('connection maxima count simultaneous sockets and start again after resetConnectionStats', async () => {
	const agent = new Agent({ connections: 4 });
	const slow = emu().control.addFault({ api: 'fax', kind: 'delay', delayMs: 300 });
	try {
		emu().control.resetConnectionStats();
		const open = emu().control.stats().connections.fax.current;
		const answers = await Promise.all(
			Array.from({ length: 12 }, () => searchThrough(agent, emu())),
		);
		expect(answers.every((status) => status === 200)).toBe(true);
		const { max } = emu().control.stats().connections.fax;
		expect(max - open).toBeGreaterThanOrEqual(2);
		expect(max - open).toBeLessThanOrEqual(4);
		// The agent's sockets closed (the server has seen them go), the route starts counting again
		// from what is open then: fewer than the run's maximum. Read right after the reset, not
		// compared with `current`: a socket of an earlier test may still be closing.
		await agent.close();
		await waitUntil('the agent sockets closed', () => stats().current <= open, 10_000, 20);
		expect((await ctl('POST', '/connection-stats/reset')).status).toBe(200);
		expect(stats().max).toBeLessThan(max);
	} finally {
		emu().control.removeFault(slow);
		if (!agent.closed) await agent.close();
	}
});
