// Bursts of ten thousand records and what a quiet poll costs after them, with or without a Date
// header: a poll reads the whole window (sorted by last-modified time, only a whole window holds
// all its events) until the allowance has passed the burst on the service's clock.
import { request } from 'undici';

import { credentialsFor } from '../../harness/jest/emulator';
import { pollTrigger } from '../../harness/jest/poll';
import { startScriptedServer } from '../../harness/jest/scripted-server';
import {
	historyAfter,
	inboundIds,
	searches,
	sorted,
	statusChanges,
} from '../../harness/jest/ground-truth';
import { triggerNode } from '../../harness/jest/trigger-kit';
import {
	faxIds,
	MINUTE,
	receive,
	seenKeys,
	useTriggerEmulator,
	watchTriggers,
} from './triggerHelpers';

const emu = useTriggerEmulator();

const BURST = 10_000;
const PAGE_SIZE = 250;

/** The searches of each direction sent after request `since`. */
function requestsPerPoll(since: number) {
	const count = (collection: 'inboundfaxes' | 'outboundfaxes') =>
		searches(emu, collection).filter((r) => r.seq > since).length;
	return { inbound: count('inboundfaxes'), outbound: count('outboundfaxes') };
}

// 20,000 records over a dozen polls: this bound only keeps a hung poll from hanging the suite.
const BURST_TEST_TIMEOUT_MS = 240_000;

test(
	'after 10,000 faxes in one minute each way, quiet polls are one request per direction once the allowance passed on the service clock',
	async () => {
		const triggers = watchTriggers(emu, {
			inbound: { event: 'newInboundFax', options: { maxEventsPerPoll: BURST } },
			outbound: { event: 'outboundFaxStatusChanged', options: { maxEventsPerPoll: BURST } },
		});
		await triggers.inbound.poll();
		await triggers.outbound.poll();
		const skip = emu.control.outboundHistory().length;
		emu.control.advance(MINUTE);
		const span = { userId: 'alice@acme', from: '2026-01-05T09:01:00Z', to: '2026-01-05T09:01:59Z' };
		emu.control.bulkCreateInbound(BURST, span);
		emu.control.bulkCreateOutbound(BURST, span);
		emu.control.advance(MINUTE);

		const emitted = { inbound: [] as number[], outbound: [] as string[] };
		const requests: Array<{ inbound: number; outbound: number }> = [];
		const keys: number[] = [];
		for (let poll = 0; poll < 16; poll++) {
			const since = emu.control.lastSeq();
			emitted.inbound.push(...inboundIds(await triggers.inbound.pollItems()));
			emitted.outbound.push(...statusChanges(await triggers.outbound.pollItems()));
			requests.push(requestsPerPoll(since));
			keys.push(seenKeys(triggers.inbound).length);
			emu.control.advance(MINUTE);
		}

		expect(emitted.inbound).toHaveLength(BURST);
		expect(new Set(emitted.inbound).size).toBe(BURST);
		expect(sorted(emitted.outbound)).toEqual(sorted(historyAfter(emu, skip)));
		expect(new Set(emitted.outbound).size).toBe(BURST);
		// Until 09:12 the service's clock at the poll before was within 10 minutes of the burst's.
		const perPoll = [...Array<number>(11).fill(BURST / PAGE_SIZE), ...Array<number>(5).fill(1)];
		expect(requests).toEqual(perPoll.map((count) => ({ inbound: count, outbound: count })));
		expect(keys.slice(0, 10).every((count) => count === BURST)).toBe(true);
		expect(keys.slice(11)).toEqual([0, 0, 0, 0, 0]);
		expect(triggers.inbound.staticData().windowStart).toBe('2026-01-05T09:07:00.000Z');
	},
	BURST_TEST_TIMEOUT_MS,
);

/** A proxy before the emulator that drops the Date header (Node adds one unless told not to). */
async function withoutDateHeader() {
	const server = await startScriptedServer((received, _count, res) => {
		void request(`${new URL(emu.urls.fax).origin}${received.url}`, {
			method: received.method as 'GET',
			headers: received.headers,
			body: received.body.length > 0 ? received.body : undefined,
		}).then(async (answer) => {
			const body = Buffer.from(await answer.body.arrayBuffer());
			res.sendDate = false;
			res.writeHead(answer.statusCode, {
				'content-type': String(answer.headers['content-type'] ?? 'application/json'),
			});
			res.end(body);
		});
	});
	return { faxBaseUrl: `${server.url}/v1`, close: server.close };
}

test('without a Date header the newest record time stands in for the clock: nothing lost, the burst read until a newer fax moves on', async () => {
	const proxy = await withoutDateHeader();
	try {
		const credentials = credentialsFor(emu, 'alice');
		credentials.faxCloudApi!.faxBaseUrl = proxy.faxBaseUrl;
		const inbound = pollTrigger({
			node: triggerNode,
			parameters: { event: 'newInboundFax' },
			credentials,
		});
		receive(emu, 1, { at: '2026-01-05T08:30:00Z' });
		await inbound.poll();
		// No clock: "now" is the newest record's time.
		expect(inbound.staticData().windowStart).toBe('2026-01-05T08:20:00.000Z');
		const emitted: number[] = [];
		receive(emu, 300);
		emu.control.advance(MINUTE);
		emitted.push(...inboundIds(await inbound.pollItems()));
		const readAgain: number[] = [];
		for (let poll = 0; poll < 3; poll++) {
			emu.control.advance(20 * MINUTE);
			const since = emu.control.lastSeq();
			emitted.push(...inboundIds(await inbound.pollItems()));
			readAgain.push(requestsPerPoll(since).inbound);
		}
		// Quiet polls find no newer record: the window stays and reads the 300 again.
		expect(readAgain).toEqual([2, 2, 2]);
		const late = receive(emu, 1, { lateByMs: 5 * MINUTE });
		emu.control.advance(20 * MINUTE);
		const [next] = receive(emu);
		emitted.push(...inboundIds(await inbound.pollItems()));
		emu.control.advance(MINUTE);
		const since = emu.control.lastSeq();
		emitted.push(...inboundIds(await inbound.pollItems()));
		expect(requestsPerPoll(since).inbound).toBe(1);
		const truth = faxIds(emu.control.inboundAll().slice(1));
		expect(truth).toContain(Number(late[0].FaxId));
		expect(truth).toContain(Number(next.FaxId));
		expect(sorted(emitted)).toEqual(sorted(truth));
	} finally {
		await proxy.close();
	}
});
