// Backlogs drained at Max Events per Poll: each fax once, oldest first, and how many searches the
// drain costs against paging the window once; the events a capped poll holds for the next, the
// slice guessed by a long window's first read.
import type { INodeExecutionData } from 'n8n-workflow';

import { inboundIds } from '../../harness/jest/ground-truth';
import { editFax } from '../../harness/jest/trigger-kit';
import { waitUntil } from '../../harness/waitUntil';
import {
	cappedFromNextMinute,
	faxIds,
	heldIds,
	lastSeq,
	MINUTE,
	pollCounted,
	receive,
	receivedBetween,
	SECOND,
	useTriggerEmulator,
	watchInbound,
} from './triggerHelpers';

const emu = useTriggerEmulator();

const PAGE_SIZE = 250;
const BURST_START = Date.parse('2026-01-05T09:01:00.000Z');

const total = (counts: number[]) => counts.reduce((sum, n) => sum + n, 0);

/** alice's new inbound faxes watched at `maxEventsPerPoll`, after the activation's poll. */
const watchCapped = (maxEventsPerPoll?: number) =>
	watchInbound(emu, { options: maxEventsPerPoll === undefined ? {} : { maxEventsPerPoll } });

/**
 * `count` inbound faxes evenly over `minutes` from 09:01 (as many in each minute), then one poll a
 * minute, until all are emitted: the FaxIds emitted, the searches of each poll, the ground truth.
 */
async function drainBurst(count: number, minutes: number, maxEventsPerPoll?: number) {
	const trigger = await watchCapped(maxEventsPerPoll);
	emu.control.advance(MINUTE);
	// Received times with seconds, none on a whole minute: a slice's DatetimeBefore (at or before,
	// a whole minute) then holds one minute of them.
	const stepMs = (minutes * MINUTE) / count;
	const from = BURST_START + stepMs / 2;
	const truth = receivedBetween(emu, count, from, from + minutes * MINUTE - stepMs);
	// The first poll a minute after the last fax, as polls once a minute would see it.
	emu.control.advance((minutes + 1) * MINUTE);
	const emitted: number[] = [];
	const perPoll: number[] = [];
	for (let poll = 0; poll < 2 * (count / (maxEventsPerPoll ?? 1_000)) + 5; poll++) {
		if (emitted.length >= count) break;
		const { ids, sent } = await pollCounted(emu, trigger);
		emitted.push(...ids);
		perPoll.push(sent.length);
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
	const trigger = await watchCapped(maxEventsPerPoll);
	const minutes = Math.ceil(count / perMinute);
	const end = Date.parse(emu.control.advance((minutes - 1) * MINUTE));
	const truth = receivedBetween(emu, count, end - minutes * MINUTE, end - 1000);
	emu.control.advance(11 * MINUTE);
	const emitted: number[] = [];
	const perPoll: number[] = [];
	while (emitted.length < count && perPoll.length < 4 * (count / (maxEventsPerPoll ?? 1_000))) {
		const { ids, sent } = await pollCounted(emu, trigger);
		emitted.push(...ids);
		perPoll.push(sent.length);
	}
	return { emitted, perPoll, truth };
}

// 100,000 records made, served in 400-page reads and emitted over ten polls: about a minute on a
// quiet 2-core machine, several when other work shares it. The assertions are request and event
// counts; this bound only keeps a hung poll from hanging the suite.
const DRAIN_TEST_TIMEOUT_MS = 600_000;

/**
 * A burst larger than Max Events per Poll, drained once a minute: each fax once, oldest first, and
 * the drain's searches against paging the first window once. Over minutes a capped poll reads a
 * slice one poll wide; within one minute (the datetimes' precision) every poll pages it whole.
 */
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
			expect(total(perPoll)).toBeLessThanOrEqual((1.2 * truth.length) / PAGE_SIZE);
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

/**
 * Max Events per Poll ends a poll inside a minute. When that minute lies past the lateness
 * allowance and only a few of its events are left, the poll holds them in its state and the next
 * poll emits them first, instead of paging the whole minute again (state/heldEvents.ts).
 */
describe('Fax Cloud Trigger: the few events Max Events per Poll leaves in a minute', () => {
	const CAP = 50;

	/**
	 * alice's trigger at Max Events per Poll 50, and 80 faxes a minute over `minutes` from the
	 * next minute; `pastAllowance`: the first poll comes 11 minutes after the last of them.
	 */
	async function capped(minutes: number, pastAllowance: boolean) {
		const { trigger, start } = await cappedFromNextMinute(emu, CAP);
		const from = start + SECOND / 2;
		const truth = receivedBetween(emu, 80 * minutes, from, from + minutes * MINUTE - SECOND);
		emu.control.advance((minutes + (pastAllowance ? 11 : 0)) * MINUTE);
		return { start, truth, poll: () => pollCounted(emu, trigger) };
	}

	test('past the allowance they are held: the next poll emits them first, each fax once, oldest first, and no minute is paged twice', async () => {
		const { truth, poll } = await capped(5, true);
		const polls = [];
		for (let i = 0; i < 8; i++) polls.push(await poll());
		expect(polls.flatMap((p) => p.ids)).toEqual(truth);
		expect(polls.map((p) => p.ids.length)).toEqual(Array(8).fill(CAP));
		// Each poll that held events: the next one starts with them (as many as Max Events per Poll).
		const holding = polls.slice(0, -1).filter((p) => p.held.length > 0);
		expect(holding.length).toBeGreaterThan(3);
		for (const [i, p] of polls.slice(0, -1).entries()) {
			const first = p.held.slice(0, CAP);
			expect(polls[i + 1].ids.slice(0, first.length)).toEqual(first);
		}
		// 80 a minute, 50 a poll: some polls emit held events only, and page nothing.
		expect(polls.filter((p) => p.sent.length === 0).length).toBeGreaterThan(0);
		// After the first poll, each search starts where the one before ended: every minute once.
		const firstPages = polls
			.slice(1)
			.flatMap((p) => p.sent)
			.filter((r) => r.query.GetNextResults === undefined);
		const starts = firstPages.map((r) => Date.parse(String(r.query.DatetimeAfter)));
		expect(starts.length).toBeGreaterThan(3);
		for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThan(starts[i - 1]);
		// Drained: nothing more, nothing held.
		const after = await poll();
		expect(after.ids).toEqual([]);
		expect(after.held).toEqual([]);
	});

	test('within the allowance they are not held: the next poll pages their minute again and emits a fax that appeared there late, each fax once', async () => {
		const { start, truth, poll } = await capped(1, false);
		const first = await poll();
		expect(first.ids).toEqual(truth.slice(0, CAP));
		expect(first.held).toEqual([]);
		// A fax received in the same minute appears on the service only now.
		const late = receivedBetween(emu, 1, start + 30 * SECOND, start + 30 * SECOND);
		const second = await poll();
		expect(second.ids.sort((a, b) => a - b)).toEqual([...truth.slice(CAP), ...late]);
		const minute = `${new Date(start).toISOString().slice(0, 16)}Z`;
		expect(second.sent.some((r) => String(r.query.DatetimeAfter) <= minute)).toBe(true);
	});

	test('a poll that fails after emitting held events keeps them held: the next poll emits them, each fax once', async () => {
		const { truth, poll } = await capped(5, true);
		const first = await poll();
		expect(first.held.length).toBeGreaterThan(0);
		// The next poll emits the held events, then its search fails: nothing of it reaches n8n.
		const fault = emu.control.addFault({ path: '^/v1/inboundfaxes$', kind: 'http500' });
		await expect(poll()).rejects.toThrow();
		emu.control.removeFault(fault);
		const retried = await poll();
		expect(retried.ids.slice(0, first.held.length)).toEqual(first.held);
		const rest = [];
		for (let i = 0; i < 6; i++) rest.push(...(await poll()).ids);
		expect([...first.ids, ...retried.ids, ...rest]).toEqual(truth);
	});

	/**
	 * A record modified while the pages of one read are asked for moves to a later page (the search
	 * is sorted by last-modified time) and comes twice in that read. The read takes each event once
	 * when it ends (faxPoll.ts takenOnce, EventsTaken): otherwise a fax left at Max Events per Poll
	 * would be held twice in the state and the next poll would emit it twice.
	 */
	test('a fax left at Max Events per Poll that is modified during the read is held once and emitted once', async () => {
		const { trigger, start } = await cappedFromNextMinute(emu, 300);
		const truth = receivedBetween(emu, 380, start + SECOND / 2, start + MINUTE - SECOND / 2);
		// Past the allowance, the earliest 200 faxes are marked (modified now): they sort after the
		// others. The window starts at the minute and reads it as one slice: page 1 holds the
		// unmarked faxes (the latest of the minute among them), then the first marked ones.
		emu.control.advance(15 * MINUTE);
		for (const id of truth.slice(0, 200))
			await editFax(emu, `inboundfaxes/${id}`, { Mark: 'true' });
		const windowStart = new Date(start).toISOString();
		trigger.setStaticData({ ...trigger.staticData(), windowStart, sliceMs: MINUTE });
		// The latest fax of the minute is left at Max Events per Poll; it is marked while the answer
		// to page 1 is on its way, so page 2 brings it again.
		const latest = truth.at(-1)!;
		const since = lastSeq(emu);
		// The mark has to come while page 1's answer is held: seconds for a loaded machine.
		const heldBack = { kind: 'delay', delayMs: 5_000, count: 1 } as const;
		const fault = emu.control.addFault({ path: '^/v1/inboundfaxes$', ...heldBack });
		const firstPoll = trigger.pollItems();
		await waitUntil(
			'the first page answered and held',
			() => emu.control.requests().some((r) => r.seq > since && r.path === '/v1/inboundfaxes'),
			10_000,
			{ intervalMs: 20 },
		);
		await editFax(emu, `inboundfaxes/${latest}`, { Mark: 'true' });
		const first = inboundIds(await firstPoll);
		emu.control.removeFault(fault);
		const sent = emu.control.requests().filter((r) => r.seq > since);
		const pages = sent.filter((r) => r.path === '/v1/inboundfaxes');
		const marked = sent.find((r) => r.path === `/v1/inboundfaxes/${latest}`);
		// The fax was marked after page 1 was asked for and before page 2: page 2 brought it again.
		expect(pages).toHaveLength(2);
		expect(marked!.seq).toBeGreaterThan(pages[0].seq);
		expect(marked!.seq).toBeLessThan(pages[1].seq);
		expect(first).toHaveLength(300);
		const held = heldIds(trigger);
		expect(held).toEqual(truth.filter((id) => !first.includes(id)));
		expect(held.filter((id) => id === latest)).toHaveLength(1);
		const second = inboundIds(await trigger.pollItems());
		expect([...first, ...second].sort((a, b) => a - b)).toEqual(truth);
	});
});

/**
 * The first read of a long window guesses where Max Events per Poll ends from the rate of its
 * first pages, instead of paging a poll's share to count it and then reading the slice again
 * (state/windowSlice.ts, guessedSlice). A guess is never trusted for what the slice holds: it is
 * read whole.
 */
describe('Fax Cloud Trigger: the first read of a long window guesses its slice', () => {
	/** Received times and FaxIds of the items, as the trigger emitted them. */
	const receivedOrder = (items: INodeExecutionData[]) =>
		items.map((item) => [Date.parse(String(item.json.ReceivedTime)), Number(item.json.FaxId)]);

	/** Whether the items come oldest first, then by FaxId. */
	const oldestFirst = (items: INodeExecutionData[]) =>
		receivedOrder(items).every(([time, id], i, pairs) => {
			if (i === 0) return true;
			const [before, beforeId] = pairs[i - 1];
			return time > before || (time === before && id > beforeId);
		});

	/**
	 * alice's trigger at `cap`; after it, `perMinute` faxes a minute for each rate in turn, in whole
	 * minutes from the next one, received a second inside each minute's edges; the polls come 11
	 * minutes after the last (past the allowance), on a still service clock.
	 */
	async function backlog(cap: number, rates: Array<{ perMinute: number; minutes: number }>) {
		const { trigger, start } = await cappedFromNextMinute(emu, cap);
		let minute = 0;
		for (const { perMinute, minutes } of rates) {
			const from = start + minute * MINUTE + SECOND;
			receivedBetween(emu, perMinute * minutes, from, from + minutes * MINUTE - 2 * SECOND);
			minute += minutes;
		}
		emu.control.advance((minute + 11) * MINUTE);
		return { start, trigger, poll: () => pollCounted(emu, trigger) };
	}

	/** Polls until the truth is emitted, at most `most` polls. */
	async function pollsUntil(poll: () => ReturnType<typeof pollCounted>, truth: number[], most = 5) {
		const polls = [];
		for (let i = 0; i < most && polls.flatMap((p) => p.items).length < truth.length; i++) {
			polls.push(await poll());
		}
		return { polls, items: polls.flatMap((p) => p.items) };
	}

	test('faxes that became visible after later ones (they come last on the pages) are in the guessed slice: each once, oldest first, the share not paged twice', async () => {
		const cap = 2_000;
		const { start, trigger, poll } = await backlog(cap, [{ perMinute: 200, minutes: 30 }]);
		// 100 faxes received in the backlog's first five minutes, visible (last modified) only at its
		// 25th: sorted by last-modified time they come after the faxes of minute 24.
		const at = new Date(start + 2 * MINUTE + 30 * SECOND).toISOString();
		const late = receive(emu, 100, { at, lateByMs: 22 * MINUTE });
		const truth = trigger.inboundSinceStart();
		expect(truth).toHaveLength(6_100);
		const { polls, items } = await pollsUntil(poll, truth);
		expect(inboundIds(items).sort((a, b) => a - b)).toEqual(truth);
		expect(oldestFirst(items)).toBe(true);
		expect(polls[0].ids).toEqual(expect.arrayContaining(faxIds(late)));
		expect(polls).toHaveLength(Math.ceil(truth.length / cap));
		// Counting the share first would page it twice (2 x 8 pages): the guess came from the first
		// page, which reached into the backlog's second minute.
		expect(polls[0].sent.length).toBeLessThan(2 * (cap / PAGE_SIZE));
	});

	test('a service clock hours ahead while the first poll guesses (the allowance seems passed everywhere): each fax once, oldest first, none left behind', async () => {
		const { trigger, poll } = await backlog(2_000, [{ perMinute: 200, minutes: 30 }]);
		// The Date header three hours ahead for the first poll's answers only.
		emu.control.setDateHeaderOffset(3 * 60 * MINUTE, 12);
		const truth = trigger.inboundSinceStart();
		const { polls, items } = await pollsUntil(poll, truth, 6);
		expect(inboundIds(items).sort((a, b) => a - b)).toEqual(truth);
		expect(oldestFirst(items)).toBe(true);
		expect(polls[0].items.length).toBeGreaterThan(0);
	});

	test('a backlog whose rate falls after its first minutes: the rest of the window is read whole once the guessed slice held less than the poll may emit', async () => {
		const rates = [
			{ perMinute: 1_000, minutes: 2 },
			{ perMinute: 10, minutes: 60 },
		];
		const { trigger, poll } = await backlog(5_000, rates);
		const truth = trigger.inboundSinceStart();
		const first = await poll();
		expect(first.ids).toEqual(truth);
		// The window's pages (2,600 records), the pages before the guess (five and one read ahead)
		// and the guessed slice's last page, partly filled. Slices sized from the guess's rate would
		// page the slow hour a few minutes at a time (about 30 searches).
		const windowPages = Math.ceil(truth.length / PAGE_SIZE);
		expect(first.sent.length).toBeLessThanOrEqual(windowPages + 6 + 1);
		expect((await poll()).items).toHaveLength(0);
	});
});
