import type { Emulator } from '../../../emulator';
import { credentialsFor } from '../../harness/jest/emulator';
import { pollWorkflow } from '../../harness/jest/poll';
import { inboundIds, searches } from '../../harness/jest/ground-truth';
import { triggerNode } from '../../harness/jest/trigger-kit';
import { hostClockFollows, MINUTE, useTriggerEmulator } from './triggerHelpers';

/**
 * A burst larger than Max Events per Poll, drained once a minute: each fax once, oldest first, and
 * the drain's searches against paging the first window once. Over minutes a capped poll reads a
 * slice one poll wide; within one minute (the datetimes' precision) every poll pages it whole.
 */

const emu = useTriggerEmulator();

const PAGE_SIZE = 250;
const BURST_START = '2026-01-05T09:01:00.000Z';

const lastSeq = (emu: Emulator) => emu.control.requests().at(-1)?.seq ?? 0;

interface Drain {
	emitted: number[];
	/** The searches of each poll after the burst. */
	perPoll: number[];
	truth: number[];
}

/** alice's new inbound faxes watched, after the activation's poll. */
async function watchInbound(maxEventsPerPoll?: number) {
	// The service's clock jumps minutes between polls, as the host's does on a real machine.
	hostClockFollows(emu);
	const { inbound } = pollWorkflow({
		node: triggerNode,
		credentials: credentialsFor(emu, 'alice'),
		nodes: {
			inbound: {
				event: 'newInboundFax',
				options: maxEventsPerPoll === undefined ? {} : { maxEventsPerPoll },
			},
		},
	});
	await inbound.poll();
	return { emu, inbound };
}

/**
 * `count` inbound faxes evenly over `minutes` from 09:01 (as many in each minute), then one poll a
 * minute, until all are emitted.
 */
async function drainBurst(
	count: number,
	minutes: number,
	maxEventsPerPoll?: number,
): Promise<Drain> {
	const { emu, inbound } = await watchInbound(maxEventsPerPoll);
	emu.control.advance(MINUTE);
	// Received times with seconds, none on a whole minute: a slice's DatetimeBefore (at or before,
	// a whole minute) then holds one minute of them.
	const stepMs = (minutes * MINUTE) / count;
	const from = Date.parse(BURST_START) + stepMs / 2;
	const to = from + minutes * MINUTE - stepMs;
	const made = emu.control.bulkCreateInbound(count, {
		userId: 'alice@acme',
		from: new Date(from).toISOString(),
		to: new Date(to).toISOString(),
	});
	// The first poll a minute after the last fax, as polls once a minute would see it.
	emu.control.advance((minutes + 1) * MINUTE);
	const truth = Array.from({ length: count }, (_, i) => made.firstId + i);
	const emitted: number[] = [];
	const perPoll: number[] = [];
	for (let poll = 0; poll < 2 * (count / (maxEventsPerPoll ?? 1_000)) + 5; poll++) {
		if (emitted.length >= count) break;
		const since = lastSeq(emu);
		emitted.push(...inboundIds(await inbound.pollItems()));
		perPoll.push(searches(emu, 'inboundfaxes').filter((r) => r.seq > since).length);
		emu.control.advance(MINUTE);
	}
	return { emitted, perPoll, truth };
}

/**
 * A backlog after an outage: `count` inbound faxes received at `perMinute` (a few more in some
 * minutes: the first and last a second inside the span; the bench's drain curve receives exactly
 * its rate each minute, so its minutes leave no events to hold), ending
 * past the lateness allowance (10 minutes) before the first poll, which comes a minute later; then
 * polls on a still service clock (several a minute), until all are emitted.
 */
async function drainBacklog(count: number, perMinute: number, maxEventsPerPoll?: number) {
	const { emu, inbound } = await watchInbound(maxEventsPerPoll);
	const minutes = Math.ceil(count / perMinute);
	const end = Date.parse(emu.control.advance((minutes - 1) * MINUTE));
	const made = emu.control.bulkCreateInbound(count, {
		userId: 'alice@acme',
		from: new Date(end - minutes * MINUTE).toISOString(),
		to: new Date(end - 1000).toISOString(),
	});
	emu.control.advance(11 * MINUTE);
	const emitted: number[] = [];
	const perPoll: number[] = [];
	while (emitted.length < count && perPoll.length < 4 * (count / (maxEventsPerPoll ?? 1_000))) {
		const since = lastSeq(emu);
		emitted.push(...inboundIds(await inbound.pollItems()));
		perPoll.push(searches(emu, 'inboundfaxes').filter((r) => r.seq > since).length);
	}
	return { emitted, perPoll, truth: Array.from({ length: count }, (_, i) => made.firstId + i) };
}

const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);

// 100,000 records made, served in 400-page reads and emitted over ten polls: about a minute on a
// quiet 2-core machine, several when other work shares it. The assertions are request and event
// counts; this bound only keeps a hung poll from hanging the suite.
const DRAIN_TEST_TIMEOUT_MS = 600_000;

describe('Fax Cloud Trigger: a burst drained at Max Events per Poll', () => {
	// The bench's drain curve: 100,000 received at 1,000 a minute.
	test.each([
		{ faxes: 100_000, minutes: 10, cap: 10_000, setting: '10,000' },
		{ faxes: 100_000, minutes: 100, cap: 10_000, setting: '10,000' },
		{ faxes: 10_000, minutes: 10, cap: undefined, setting: 'at its default (1,000)' },
	])(
		'$faxes faxes over $minutes minutes, Max Events per Poll $setting: each once, oldest first, within x1.2 of paging the window once',
		async ({ faxes, minutes, cap }) => {
			const { emitted, perPoll, truth } = await drainBurst(faxes, minutes, cap);
			expect(emitted).toEqual(truth);
			expect(perPoll).toHaveLength(10);
			const floor = truth.length / PAGE_SIZE;
			expect(total(perPoll)).toBeLessThanOrEqual(1.2 * floor);
		},
		DRAIN_TEST_TIMEOUT_MS,
	);

	// Max Events per Poll ends each poll inside a minute (it holds a few more than a poll's share).
	// The minute lies past the allowance and only a few of its events are left: the poll holds them
	// in its state and the next emits them first, then reads on from the minute after, as far as
	// its room reaches, so the backlog takes as many polls as Max Events per Poll says and no
	// minute is paged twice. Each poll pages its own events and a page partly filled; the first
	// also the pages that showed where its share ends: with a cap above a minute's events, the pages
	// into the second minute, whose rate it takes (guessedSlice), and one read ahead; at the default,
	// the pages that hold its 1,000 (they count it, narrowedSlice). It reads its slice again either
	// way: unread pages may hold older events.
	test.each([
		{ faxes: 100_000, cap: 10_000, setting: '10,000' },
		{ faxes: 10_000, cap: undefined, setting: 'at its default (1,000)' },
	])(
		'a backlog of $faxes received at 1,000 a minute past the allowance, Max Events per Poll $setting: each once, oldest first, one poll per Max Events per Poll, each later poll paging only its own events, the first also the pages that showed where its share ends',
		async ({ faxes, cap }) => {
			const { emitted, perPoll, truth } = await drainBacklog(faxes, 1_000, cap);
			expect(emitted).toEqual(truth);
			const share = cap ?? 1_000;
			expect(perPoll).toHaveLength(faxes / share);
			const ownPages = share / PAGE_SIZE;
			const untilGuessed = Math.min(1_000, share) / PAGE_SIZE + 2;
			expect(perPoll[0]).toBeLessThanOrEqual(ownPages + 1 + untilGuessed);
			for (const searchesOfPoll of perPoll.slice(1)) {
				expect(searchesOfPoll).toBeLessThanOrEqual(ownPages + 1);
			}
		},
		DRAIN_TEST_TIMEOUT_MS,
	);

	// No slice is narrower than a minute, so a minute holding ten polls' events is paged by each:
	// the first pages the window until it holds one poll's events, then the minute; the others only
	// the minute (as many as before; 100,000 at 10,000 a poll cost the same way, 10 x 400 pages).
	test(
		'10,000 faxes within one minute, Max Events per Poll at its default (1,000): each once, oldest first; every poll pages the minute once',
		async () => {
			const { emitted, perPoll, truth } = await drainBurst(10_000, 1);
			expect(emitted).toEqual(truth);
			const floor = truth.length / PAGE_SIZE;
			const untilNarrowed = 1_000 / PAGE_SIZE + 1;
			expect(perPoll).toEqual([floor + untilNarrowed, ...Array(9).fill(floor)]);
		},
		DRAIN_TEST_TIMEOUT_MS,
	);
});
