// Backlogs larger than one poll (Max Events per Poll, the time budget, a slow service), and polls
// cut short over older records edited after newer ones: each fax once, in order. Backlogs drained at
// Max Events per Poll: the searches it costs; the events a capped poll holds for the next; the
// slice a long window's first read guesses.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { INBOUND_HAS_MORE_RESULTS } from '../../../emulator/fax/search';
import {
	expectEachOnce,
	inboundIds,
	searches,
	statusChanges,
} from '../../harness/jest/ground-truth';
import type { PolledTrigger } from '../../harness/jest/poll';
import { editFax, sendOutbound } from '../../harness/jest/trigger-kit';
import { waitUntil } from '../../harness/waitUntil';
import {
	backlogOverAnHour,
	drain,
	faxIds,
	hostClockFollows,
	MINUTE,
	pollTimes,
	receive,
	SECOND,
	seenKeys,
	useTriggerEmulator,
	watchFromNow,
	watchInbound,
	withLog,
} from './triggerHelpers';

const emu = useTriggerEmulator();

/** Within each poll, faxes come oldest first (by ReceivedTime, then FaxId). */
function expectOldestFirst(polls: INodeExecutionData[][]) {
	for (const items of polls) {
		const keys = items.map(({ json }) => [
			Date.parse(String(json.ReceivedTime)),
			Number(json.FaxId),
		]);
		expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
	}
}

const SEARCH = '^/v1/inboundfaxes$';
const OUTBOUND = { event: 'outboundFaxStatusChanged' };

describe('Fax Cloud Trigger: a backlog larger than one poll', () => {
	test('5,000 received faxes are drained 1,000 per poll, oldest first, none lost or repeated', async () => {
		emu.control.bulkCreateInbound(300, { userId: 'alice@acme' });
		const trigger = await watchInbound(emu);
		backlogOverAnHour(emu, 'inbound', 5_000);

		const polls = await drain(trigger);
		expect(polls.map((items) => items.length)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
		expectEachOnce(polls.flatMap(inboundIds), trigger.inboundSinceStart());
		expectOldestFirst([polls.flat()]);
		expect(searches(emu, 'inboundfaxes').some((r) => r.query.GetNextResults)).toBe(true);
		// The state keeps only the keys of the window (11 minutes, about 1.4 faxes a second).
		const windowStart = '2026-01-05T09:50:00.000Z';
		expect(trigger.staticData().windowStart).toBe(windowStart);
		const times = Object.keys(trigger.staticData().seen as object).map(Date.parse);
		expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse(windowStart));
		expect(seenKeys(trigger).length).toBeLessThan(11 * 60 * 1.4);
	});

	// The description shows HasMoreResults for outbound answers only: an inbound search may say more
	// results follow by its ResultsReference alone (the emulator's `omitted`).
	test.each(INBOUND_HAS_MORE_RESULTS)(
		'HasMoreResults %s on inbound answers: 1,200 received faxes, several pages a poll, each emitted once, oldest first',
		async (mode) => {
			emu.control.setInboundHasMoreResults(mode);
			const trigger = await watchInbound(emu);
			backlogOverAnHour(emu, 'inbound', 1_200);

			const polls = await drain(trigger);
			const emitted = polls.flatMap(inboundIds);
			expect(emitted).toHaveLength(1_200);
			expectEachOnce(emitted, trigger.inboundSinceStart());
			expectOldestFirst([polls.flat()]);
			expect(searches(emu, 'inboundfaxes').some((r) => r.query.GetNextResults)).toBe(true);
		},
	);

	test('5,000 completed outbound faxes with a limit of 1,500 per poll', async () => {
		const trigger = await watchFromNow(emu, { ...OUTBOUND, options: { maxEventsPerPoll: 1_500 } });
		backlogOverAnHour(emu, 'outbound', 5_000);

		const polls = await drain(trigger);
		expect(polls.map((items) => items.length)).toEqual([1_500, 1_500, 1_500, 500]);
		expectEachOnce(polls.flatMap(statusChanges), trigger.changesSinceStart(['sent', 'sendFailed']));
	});

	test('a poll stops at the engine’s time budget and the next poll continues', async () => {
		// A budget already spent when the poll starts: each poll takes one event and stops.
		const trigger = await watchInbound(emu, {}, { pollBudgetMs: 0 });
		const faxes = receive(emu, 4);
		emu.control.advance(30_000);
		faxes.push(...receive(emu, 3));

		const polls = await drain(trigger);
		expect(polls.map((items) => items.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
		expect(polls.flatMap(inboundIds)).toEqual(faxIds(faxes));
	});
});

const BUDGET_MS = 10_000;
const PAGE_MS = 1_000;

describe('Fax Cloud Trigger: a backlog whose part already read outlasts a poll', () => {
	test('4,000 faxes after a downtime, each search answer taking a tenth of the budget: all emitted once, within a bounded number of polls', async () => {
		const trigger = await watchInbound(emu, {}, { pollBudgetMs: BUDGET_MS });
		// Each search answer the emulator wrote moves the host's clock on by PAGE_MS (no real wait),
		// and only that: the machine's own speed spends none of the budget.
		const answered = () => searches(emu, 'inboundfaxes').filter((r) => r.status !== null).length;
		hostClockFollows(emu, () => answered() * PAGE_MS, { realTime: false });
		backlogOverAnHour(emu, 'inbound', 4_000);

		const polls: number[][] = [];
		while (polls.length < 40 && polls.flat().length < 4_000) {
			polls.push(inboundIds(await trigger.pollItems()));
		}
		expect(polls.flat()).toHaveLength(4_000);
		expectEachOnce(polls.flat(), trigger.inboundSinceStart());
		// Every poll moved the backlog on.
		expect(polls.filter((ids) => ids.length === 0)).toEqual([]);
		// Eight polls: a tenth of the budget per answer leaves each poll about eight pages.
		expect(polls.length).toBeLessThanOrEqual(10);
	});

	test('a slice after one read whole fails: the poll keeps the part read, the next poll reads on from there; each fax once', async () => {
		const trigger = await watchInbound(emu);
		emu.control.advance(30 * MINUTE);
		const faxes = receive(emu, 3);
		// As a poll whose read the time budget stopped leaves it: slices of 5 minutes.
		trigger.setStaticData({ ...trigger.staticData(), sliceMs: 5 * MINUTE });
		// The first slice (08:50 to 08:55, no fax) is answered; every try of the next one fails.
		emu.control.addFault({ path: SEARCH, kind: 'delay', delayMs: 1, count: 1 });
		emu.control.addFault({ path: SEARCH, kind: 'http500', count: 3 });

		const [items, log] = await withLog(() => trigger.pollItems());
		expect(items).toEqual([]);
		const failed = /reading the records from 2026-01-05T08:55Z to 2026-01-05T09:00Z failed/;
		expect(log).toContainEqual(expect.stringMatching(failed));
		expect(trigger.staticData().windowStart).toBe('2026-01-05T08:55:00.000Z');

		expectEachOnce((await drain(trigger)).flatMap(inboundIds), faxIds(faxes));
	});
});

// The next page is asked for as soon as a page arrives (faxPoll.ts readWindow).
test('a poll stopped by its time budget after the first page asked for the second too; every fax is still emitted once', async () => {
	// A budget already spent: the poll stops reading once a page holds something new.
	const trigger = await watchInbound(emu, {}, { pollBudgetMs: 0 });
	emu.control.advance(MINUTE);
	const faxes = receive(emu, 260);
	emu.control.advance(MINUTE);
	const since = emu.control.lastSeq();

	const first = await trigger.pollItems();
	expect(first).toHaveLength(1);
	const pages = () => emu.control.requests({ path: SEARCH, sinceSeq: since });
	await waitUntil('the page read ahead', () => pages().length === 2, 10_000, { intervalMs: 5 });
	const [page1, page2] = pages();
	expect(page1.query.GetNextResults).toBeUndefined();
	expect(page2.query.GetNextResults).toBeDefined();

	const rest = await drain(trigger, 300);
	expectEachOnce([...inboundIds(first), ...rest.flatMap(inboundIds)], faxIds(faxes));
});

/** Another client of the service changes an inbound fax (the trigger's login is alice). */
const recode = (faxId: string, field = 'ProjectCode') =>
	editFax(emu, `inboundfaxes/${faxId}`, { [field]: field === 'Mark' ? 'true' : `edited-${faxId}` });

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
	let state = seed;
	return (below: number) => {
		state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
		return state % below;
	};
}

// A search sorts by last-modified time, events by their own: an older fax edited later comes last
// in the search yet must be emitted first and not skipped by the next poll.
describe('Fax Cloud Trigger: polls cut short over records modified later', () => {
	test('Max Events per Poll = 1: an older fax edited after a newer one arrived is emitted first, then the newer', async () => {
		const trigger = await watchInbound(emu, { options: { maxEventsPerPoll: 1 } });
		emu.control.advance(10 * SECOND);
		const [older] = receive(emu);
		emu.control.advance(2 * MINUTE + 20 * SECOND);
		const [newer] = receive(emu);
		emu.control.advance(30 * SECOND);
		await recode(older.FaxId);

		expect(inboundIds(await trigger.pollItems())).toEqual([Number(older.FaxId)]);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(newer.FaxId)]);
		expect(await trigger.poll()).toBeNull();
	});

	test.each([1, 3, 7])(
		'Max Events per Poll = %i, faxes in bursts for 30 minutes, older ones edited and marked by another system: 0 missed, 0 duplicated, in order',
		async (maxEventsPerPoll) => {
			const next = random(maxEventsPerPoll);
			const trigger = await watchInbound(emu, { options: { maxEventsPerPoll } });
			const polls: INodeExecutionData[][] = [];
			const received: string[] = [];
			for (let minute = 0; minute < 30; minute++) {
				const arriving = next(2 * maxEventsPerPoll + 1);
				for (let i = 0; i < arriving; i++) {
					emu.control.advance(next(5) * SECOND);
					received.push(receive(emu)[0].FaxId);
				}
				for (let i = 0; received.length > 0 && i < 2; i++) {
					await recode(received[next(received.length)], i === 0 ? 'ProjectCode' : 'Mark');
				}
				const pollAt = Date.parse('2026-01-05T09:01:30Z') + minute * MINUTE;
				emu.control.setTime(new Date(pollAt).toISOString());
				polls.push(await trigger.pollItems());
			}
			polls.push(...(await drain(trigger, 100)));

			const emitted = polls.flat().map((item) => String(item.json.FaxId));
			expect(received.length).toBeGreaterThan(10 * maxEventsPerPoll);
			const truth = emu.control.inboundAll().map((fax) => fax.FaxId);
			expectEachOnce(emitted, truth);
			expect(Math.max(...polls.map((items) => items.length))).toBe(maxEventsPerPoll);
			expectOldestFirst(polls);
		},
	);

	test('the time budget: a poll that stops reading keeps its window, the next reads it again; every fax once', async () => {
		// A budget already spent: each poll reads until its pages hold something new.
		const trigger = await watchInbound(emu, {}, { pollBudgetMs: 0 });
		const faxes = [];
		for (let minute = 0; minute < 5; minute++) {
			emu.control.advance(MINUTE);
			faxes.push(...receive(emu, 52));
		}
		emu.control.advance(MINUTE);
		// The oldest faxes are edited last: they come on the last page of the search.
		for (const fax of faxes.slice(0, 5)) await recode(fax.FaxId);
		const before = trigger.staticData().windowStart;

		const polls = await pollTimes(() => trigger.pollItems(), 5);
		// The window moved at most over the empty minutes before the oldest fax, never past it.
		const start = Date.parse(String(trigger.staticData().windowStart));
		expect(start).toBeGreaterThanOrEqual(Date.parse(String(before)));
		expect(start).toBeLessThanOrEqual(Date.parse(faxes[0].ReceivedTime));
		polls.push(...(await drain(trigger, 300)));
		expect(polls.every((items) => items.length === 1)).toBe(true);
		expectEachOnce(polls.flatMap(inboundIds), faxIds(faxes));
	});

	test('Mark as Retrieved with 2 events per poll: the trigger’s own marks move the faxes, none lost or repeated', async () => {
		const parameters = { markAsRetrieved: true, options: { maxEventsPerPoll: 2 } };
		const trigger = await watchInbound(emu, parameters);
		const faxes = [];
		for (let i = 0; i < 5; i++) {
			emu.control.advance(20 * SECOND);
			faxes.push(...receive(emu, 2));
		}
		const polls = await drain(trigger);
		expect(polls.map((items) => items.length)).toEqual([2, 2, 2, 2, 2]);
		expect(polls.flatMap(inboundIds)).toEqual(faxIds(faxes));
		expect(emu.control.inboundAll().every((fax) => fax.Mark === 'true')).toBe(true);
	});

	test('outbound, Max Events per Poll = 1: an older completion marked later is emitted first, none skipped', async () => {
		const trigger = await watchFromNow(emu, { ...OUTBOUND, options: { maxEventsPerPoll: 1 } });
		const older = await sendOutbound(emu, 'alice');
		emu.control.advance(2 * MINUTE);
		const newer = await sendOutbound(emu, 'alice', '12125551000');
		emu.control.advance(MINUTE);
		await editFax(emu, `outboundfaxes/${older}`, { Mark: 'true' });

		const polls = await pollTimes(() => trigger.pollItems(), 3);
		expect(polls.map(statusChanges)).toEqual([[`${older}:sent`], [`${newer}:sendFailed`], []]);
		expectEachOnce(polls.flatMap(statusChanges), trigger.changesSinceStart(['sent', 'sendFailed']));
	});
});

const PAGE_SIZE = 250;

/** alice's new inbound faxes watched at `maxEventsPerPoll`, after the activation's poll. */
const watchCapped = (maxEventsPerPoll?: number) =>
	watchInbound(emu, { options: maxEventsPerPoll === undefined ? {} : { maxEventsPerPoll } });

/** A trigger watched at `cap`, and the start of the next minute, where the clock now is. */
async function cappedFromNextMinute(cap?: number) {
	const trigger = await watchCapped(cap);
	emu.control.advance(MINUTE);
	return { trigger, start: Date.parse(emu.control.now()) };
}

/** `count` faxes alice received evenly from `from` to `to` (ms): their FaxIds, ascending. */
function receivedBetween(count: number, from: number, to: number) {
	const span = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
	const made = emu.control.bulkCreateInbound(count, { userId: 'alice@acme', ...span });
	return Array.from({ length: count }, (_, i) => made.firstId + i);
}

/** FaxIds of the events a trigger holds in its state (state/heldEvents.ts). */
const heldIds = (trigger: PolledTrigger) =>
	((trigger.staticData().held as Array<{ record: IDataObject }> | undefined) ?? []).map((event) =>
		Number(event.record.FaxId),
	);

/** One inbound poll: its items and their FaxIds, the searches it sent, what it left held. */
async function pollCounted(trigger: PolledTrigger) {
	const since = emu.control.lastSeq();
	const items = await trigger.pollItems();
	const sent = searches(emu, 'inboundfaxes').filter((r) => r.seq > since);
	return { items, ids: inboundIds(items), sent, held: heldIds(trigger) };
}

/** Polls (`between` run after each) until `count` faxes are emitted, at most `most` polls. */
async function pollsUntil(trigger: PolledTrigger, count: number, most: number, between = () => {}) {
	const polls: Array<Awaited<ReturnType<typeof pollCounted>>> = [];
	while (polls.flatMap((p) => p.ids).length < count && polls.length < most) {
		polls.push(await pollCounted(trigger));
		between();
	}
	return polls;
}

const emittedAndSearches = (polls: Awaited<ReturnType<typeof pollsUntil>>) => ({
	emitted: polls.flatMap((p) => p.ids),
	perPoll: polls.map((p) => p.sent.length),
});

/**
 * `count` inbound faxes evenly over `minutes` from 09:01 (as many in each minute), then one poll a
 * minute, until all are emitted: the FaxIds emitted, the searches of each poll, the ground truth.
 */
async function drainBurst(count: number, minutes: number, maxEventsPerPoll?: number) {
	const { trigger, start } = await cappedFromNextMinute(maxEventsPerPoll);
	// No received time on a whole minute: a slice's DatetimeBefore then holds whole minutes.
	const stepMs = (minutes * MINUTE) / count;
	const from = start + stepMs / 2;
	const truth = receivedBetween(count, from, from + minutes * MINUTE - stepMs);
	emu.control.advance((minutes + 1) * MINUTE);
	const most = 2 * (count / (maxEventsPerPoll ?? 1_000)) + 5;
	const polls = await pollsUntil(trigger, count, most, () => emu.control.advance(MINUTE));
	return { ...emittedAndSearches(polls), truth };
}

/**
 * A backlog after an outage: `count` inbound faxes at `perMinute` (a few more in some minutes),
 * ending past the lateness allowance before the first poll; then polls on a still service clock
 * until all are emitted.
 */
async function drainBacklog(count: number, perMinute: number, maxEventsPerPoll?: number) {
	const trigger = await watchCapped(maxEventsPerPoll);
	const minutes = Math.ceil(count / perMinute);
	const end = Date.parse(emu.control.advance((minutes - 1) * MINUTE));
	const truth = receivedBetween(count, end - minutes * MINUTE, end - 1000);
	emu.control.advance(11 * MINUTE);
	const polls = await pollsUntil(trigger, count, 4 * (count / (maxEventsPerPoll ?? 1_000)));
	return { ...emittedAndSearches(polls), truth };
}

// 100,000 records over ten polls: this bound only keeps a hung poll from hanging the suite.
const DRAIN_TEST_TIMEOUT_MS = 600_000;

/** Over minutes a capped poll reads a slice one poll wide; within one minute it pages it whole. */
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
			const searchesSent = perPoll.reduce((sum, n) => sum + n);
			expect(searchesSent).toBeLessThanOrEqual((1.2 * truth.length) / PAGE_SIZE);
		},
		DRAIN_TEST_TIMEOUT_MS,
	);

	// Each poll ends inside a minute past the allowance and holds its few events left for the next.
	// The first also pages to where its share ends: into the second minute, whose rate it takes
	// (guessedSlice) and one read ahead, or at the default the pages holding its 1,000
	// (narrowedSlice); either way it reads its slice again, as unread pages may hold older events.
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

	// No slice is narrower than a minute: the first poll pages the window until it holds one poll's
	// events, then the minute; the others only the minute.
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

/** Events left in a minute past the allowance are held in the state (state/heldEvents.ts). */
describe('Fax Cloud Trigger: the few events Max Events per Poll leaves in a minute', () => {
	const CAP = 50;

	/** 80 faxes a minute over `minutes`; `pastAllowance`: the first poll 11 minutes after them. */
	async function capped(minutes: number, pastAllowance: boolean) {
		const { trigger, start } = await cappedFromNextMinute(CAP);
		const from = start + SECOND / 2;
		const truth = receivedBetween(80 * minutes, from, from + minutes * MINUTE - SECOND);
		emu.control.advance((minutes + (pastAllowance ? 11 : 0)) * MINUTE);
		return { start, truth, poll: () => pollCounted(trigger) };
	}

	test('past the allowance they are held: the next poll emits them first, each fax once, oldest first, and no minute is paged twice', async () => {
		const { truth, poll } = await capped(5, true);
		const polls = await pollTimes(poll, 8);
		expect(polls.flatMap((p) => p.ids)).toEqual(truth);
		expect(polls.map((p) => p.ids.length)).toEqual(Array(8).fill(CAP));
		// Each poll that held events: the next one starts with them.
		expect(polls.slice(0, -1).filter((p) => p.held.length > 0).length).toBeGreaterThan(3);
		for (const [i, p] of polls.slice(0, -1).entries()) {
			const first = p.held.slice(0, CAP);
			expect(polls[i + 1].ids.slice(0, first.length)).toEqual(first);
		}
		// 80 a minute, 50 a poll: one poll holds exactly 50 for the next, which emits them only
		// and pages nothing.
		const filled = polls.slice(1).filter((_, i) => polls[i].held.length === CAP);
		expect(filled.length).toBeGreaterThan(0);
		for (const p of filled) expect(p.sent).toEqual([]);
		// After the first poll, each search starts where the one before ended: every minute once.
		const firstPages = polls
			.slice(1)
			.flatMap((p) => p.sent)
			.filter((r) => r.query.GetNextResults === undefined);
		const starts = firstPages.map((r) => Date.parse(String(r.query.DatetimeAfter)));
		expect(starts.length).toBeGreaterThan(3);
		for (let i = 1; i < starts.length; i++) expect(starts[i]).toBeGreaterThan(starts[i - 1]);
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
		const late = receivedBetween(1, start + 30 * SECOND, start + 30 * SECOND);
		const second = await poll();
		expect(second.ids.sort((a, b) => a - b)).toEqual([...truth.slice(CAP), ...late]);
		const minute = `${new Date(start).toISOString().slice(0, 16)}Z`;
		expect(second.sent.some((r) => String(r.query.DatetimeAfter) <= minute)).toBe(true);
	});

	test('within the allowance they are not held, also where the poll narrowed its slice to their minute: each fax once, oldest first', async () => {
		// 400 faxes: more than a page, so the first poll narrows its slice to the end of 09:01.
		const { truth, poll } = await capped(5, false);
		const first = await poll();
		expect(first.ids).toEqual(truth.slice(0, CAP));
		const emitted = [...first.ids];
		for (let i = 0; i < 7; i++) emitted.push(...(await poll()).ids);
		expect(emitted).toEqual(truth);
		expect((await poll()).ids).toEqual([]);
		expect(first.held).toEqual([]);
	});

	test('a poll that fails after emitting held events keeps them held: the next poll emits them, each fax once', async () => {
		const { truth, poll } = await capped(5, true);
		const first = await poll();
		expect(first.held.length).toBeGreaterThan(0);
		// The next poll emits the held events, then its search fails: nothing of it reaches n8n.
		const fault = emu.control.addFault({ path: SEARCH, kind: 'http500' });
		await expect(poll()).rejects.toThrow();
		emu.control.removeFault(fault);
		const retried = await poll();
		expect(retried.ids.slice(0, first.held.length)).toEqual(first.held);
		const rest = (await pollTimes(poll, 6)).flatMap((p) => p.ids);
		expect([...first.ids, ...retried.ids, ...rest]).toEqual(truth);
	});

	// A record modified during a read moves to a later page and comes twice; the read takes each
	// event once (faxPoll.ts, EventsTaken), or a fax left at the cap would be held, then emitted, twice.
	test('a fax left at Max Events per Poll that is modified during the read is held once and emitted once', async () => {
		const { trigger, start } = await cappedFromNextMinute(300);
		const truth = receivedBetween(380, start + SECOND / 2, start + MINUTE - SECOND / 2);
		// The earliest 200 are marked past the allowance: page 1 of the minute's slice holds the
		// unmarked faxes (the latest among them), then the first marked ones.
		emu.control.advance(15 * MINUTE);
		for (const id of truth.slice(0, 200))
			await editFax(emu, `inboundfaxes/${id}`, { Mark: 'true' });
		const windowStart = new Date(start).toISOString();
		trigger.setStaticData({ ...trigger.staticData(), windowStart, sliceMs: MINUTE });
		// The latest fax, left at Max Events per Poll, is marked while page 1's answer is held back.
		const latest = truth.at(-1)!;
		const since = emu.control.lastSeq();
		const fault = emu.control.addFault({ path: SEARCH, kind: 'delay', delayMs: 5_000, count: 1 });
		const firstPoll = trigger.pollItems();
		const sent = () => emu.control.requests().filter((r) => r.seq > since);
		const answered = () => sent().some((r) => r.path === '/v1/inboundfaxes');
		await waitUntil('the first page answered and held', answered, 10_000, { intervalMs: 20 });
		await editFax(emu, `inboundfaxes/${latest}`, { Mark: 'true' });
		const first = inboundIds(await firstPoll);
		emu.control.removeFault(fault);
		const pages = sent().filter((r) => r.path === '/v1/inboundfaxes');
		const marked = sent().find((r) => r.path === `/v1/inboundfaxes/${latest}`);
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

	test('held events received on a whole minute, where the next slice starts: each fax once, none held and read again', async () => {
		const { trigger, start } = await cappedFromNextMinute(CAP);
		// 80 a minute, one every 750 ms from 09:01:00: the first fax of each minute is on its start.
		const truth = receivedBetween(400, start, start + 5 * MINUTE - 750);
		emu.control.advance(16 * MINUTE);
		expect((await pollTimes(() => pollCounted(trigger), 9)).flatMap((p) => p.ids)).toEqual(truth);
	});
});

/** Where Max Events per Poll ends is guessed from the first pages (guessedSlice), read whole. */
describe('Fax Cloud Trigger: the first read of a long window guesses its slice', () => {
	/** `perMinute` faxes a minute for each rate in turn; the polls come 11 minutes after the last. */
	async function backlog(cap: number, rates: Array<{ perMinute: number; minutes: number }>) {
		const { trigger, start } = await cappedFromNextMinute(cap);
		let minute = 0;
		for (const { perMinute, minutes } of rates) {
			const from = start + minute * MINUTE + SECOND;
			receivedBetween(perMinute * minutes, from, from + minutes * MINUTE - 2 * SECOND);
			minute += minutes;
		}
		emu.control.advance((minute + 11) * MINUTE);
		return { start, trigger };
	}

	test('faxes that became visible after later ones (they come last on the pages) are in the guessed slice: each once, oldest first, the share not paged twice', async () => {
		const cap = 2_000;
		const { start, trigger } = await backlog(cap, [{ perMinute: 200, minutes: 30 }]);
		// 100 faxes of minute 2, visible only at minute 25: they sort after the faxes of minute 24.
		const at = new Date(start + 2 * MINUTE + 30 * SECOND).toISOString();
		const late = receive(emu, 100, { at, lateByMs: 22 * MINUTE });
		const truth = trigger.inboundSinceStart();
		expect(truth).toHaveLength(6_100);
		const polls = await pollsUntil(trigger, truth.length, 5);
		const items = polls.flatMap((p) => p.items);
		expect(inboundIds(items).sort((a, b) => a - b)).toEqual(truth);
		expectOldestFirst([items]);
		expect(polls[0].ids).toEqual(expect.arrayContaining(faxIds(late)));
		expect(polls).toHaveLength(Math.ceil(truth.length / cap));
		// Counting the share first would page it twice (2 x 8 pages).
		expect(polls[0].sent.length).toBeLessThan(2 * (cap / PAGE_SIZE));
	});

	test('a service clock hours ahead while the first poll guesses (the allowance seems passed everywhere): each fax once, oldest first, none left behind', async () => {
		const { trigger } = await backlog(2_000, [{ perMinute: 200, minutes: 30 }]);
		// The Date header three hours ahead for the first poll's answers only.
		emu.control.setDateHeaderOffset(3 * 60 * MINUTE, 12);
		const truth = trigger.inboundSinceStart();
		const polls = await pollsUntil(trigger, truth.length, 6);
		const items = polls.flatMap((p) => p.items);
		expect(inboundIds(items).sort((a, b) => a - b)).toEqual(truth);
		expectOldestFirst([items]);
		expect(polls[0].items.length).toBeGreaterThan(0);
	});

	test('a backlog whose rate falls after its first minutes: the rest of the window is read whole once the guessed slice held less than the poll may emit', async () => {
		const rates = [
			{ perMinute: 1_000, minutes: 2 },
			{ perMinute: 10, minutes: 60 },
		];
		const { trigger } = await backlog(5_000, rates);
		const truth = trigger.inboundSinceStart();
		const first = await pollCounted(trigger);
		expect(first.ids).toEqual(truth);
		// The window's pages, the five before the guess and one read ahead, the slice's last page.
		const windowPages = Math.ceil(truth.length / PAGE_SIZE);
		expect(first.sent.length).toBeLessThanOrEqual(windowPages + 6 + 1);
		expect((await pollCounted(trigger)).items).toHaveLength(0);
	});
});
