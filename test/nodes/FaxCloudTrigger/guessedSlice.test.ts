import type { INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { guessedSlice } from '../../../nodes/FaxCloudTrigger/state/windowSlice';
import { inboundIds, searches } from '../../harness/jest/ground-truth';
import { cappedFromNextMinute, MINUTE, SECOND, useTriggerEmulator, faxIds } from './triggerHelpers';

/**
 * The first read of a long window guesses where Max Events per Poll ends from the rate of its
 * first pages, instead of paging a poll's share to count it and then reading the slice again
 * (state/windowSlice.ts, guessedSlice). A guess is never trusted for what the slice holds: it is
 * read whole.
 */

const emu = useTriggerEmulator();
const PAGE_SIZE = 250;

const lastSeq = (emu: Emulator) => emu.control.requests().at(-1)?.seq ?? 0;

/** Received times and FaxIds of the items, as the trigger emitted them. */
const receivedOrder = (items: INodeExecutionData[]) =>
	items.map((item) => [Date.parse(String(item.json.ReceivedTime)), Number(item.json.FaxId)]);

/** Whether [time, FaxId] pairs come oldest first, then by FaxId. */
const oldestFirst = (pairs: number[][]) =>
	pairs.every(([time, id], i) => {
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
		emu.control.bulkCreateInbound(perMinute * minutes, {
			userId: 'alice@acme',
			from: new Date(start + minute * MINUTE + SECOND).toISOString(),
			to: new Date(start + (minute + minutes) * MINUTE - SECOND).toISOString(),
		});
		minute += minutes;
	}
	emu.control.advance((minute + 11) * MINUTE);
	/** One poll: its items and how many searches it sent. */
	const poll = async () => {
		const since = lastSeq(emu);
		const items = await trigger.pollItems();
		return { items, sent: searches(emu, 'inboundfaxes').filter((r) => r.seq > since).length };
	};
	return { emu, trigger, start, poll };
}

describe('Fax Cloud Trigger: the first read of a long window guesses its slice', () => {
	test('faxes that became visible after later ones (they come last on the pages) are in the guessed slice: each once, oldest first, the share not paged twice', async () => {
		const cap = 2_000;
		const { emu, start, trigger, poll } = await backlog(cap, [{ perMinute: 200, minutes: 30 }]);
		// 100 faxes received in the backlog's first five minutes, visible (last modified) only at its
		// 25th: sorted by last-modified time they come after the faxes of minute 24.
		const late = emu.control.injectInbound({
			userId: 'alice@acme',
			count: 100,
			at: new Date(start + 2 * MINUTE + 30 * SECOND).toISOString(),
			lateByMs: 22 * MINUTE,
		});
		const truth = trigger.inboundSinceStart();
		expect(truth).toHaveLength(6_100);
		const polls = [];
		for (let i = 0; i < 5 && polls.flatMap((p) => p.items).length < truth.length; i++) {
			polls.push(await poll());
		}
		const items = polls.flatMap((p) => p.items);
		expect(inboundIds(items).sort((a, b) => a - b)).toEqual(truth);
		expect(oldestFirst(receivedOrder(items))).toBe(true);
		const lateIds = faxIds(late);
		expect(inboundIds(polls[0].items)).toEqual(expect.arrayContaining(lateIds));
		expect(polls).toHaveLength(Math.ceil(truth.length / cap));
		// Counting the share first would page it twice (2 x 8 pages): the guess came from the first
		// page, which reached into the backlog's second minute.
		expect(polls[0].sent).toBeLessThan(2 * (cap / PAGE_SIZE));
	});

	test('a service clock hours ahead while the first poll guesses (the allowance seems passed everywhere): each fax once, oldest first, none left behind', async () => {
		const cap = 2_000;
		const { emu, trigger, poll } = await backlog(cap, [{ perMinute: 200, minutes: 30 }]);
		// The Date header three hours ahead for the first poll's answers only.
		emu.control.setDateHeaderOffset(3 * 60 * MINUTE, 12);
		const truth = trigger.inboundSinceStart();
		const polls = [];
		for (let i = 0; i < 6 && polls.flatMap((p) => p.items).length < truth.length; i++) {
			polls.push(await poll());
		}
		const items = polls.flatMap((p) => p.items);
		expect(inboundIds(items).sort((a, b) => a - b)).toEqual(truth);
		expect(oldestFirst(receivedOrder(items))).toBe(true);
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
		expect(inboundIds(first.items)).toEqual(truth);
		// The window's pages (2,600 records), the pages before the guess (five and one read ahead)
		// and the guessed slice's last page, partly filled. Slices sized from the guess's rate would
		// page the slow hour a few minutes at a time (about 30 searches).
		const windowPages = Math.ceil(truth.length / PAGE_SIZE);
		expect(first.sent).toBeLessThanOrEqual(windowPages + 6 + 1);
		expect((await poll()).items).toHaveLength(0);
	});
});

describe('guessedSlice', () => {
	const from = Date.parse('2026-01-05T09:00:00Z');
	const settled = from + 120 * MINUTE;
	/** `perMinute` times in each of `minutes` minutes from `from`, in order. */
	const times = (perMinute: number, minutes: number) =>
		Array.from(
			{ length: perMinute * minutes },
			(_, i) => from + Math.floor(i / perMinute) * MINUTE,
		);

	test('ends where the last whole minute read reaches the room: 100 a minute, room 1,000', () => {
		const read = [...times(100, 1), from + MINUTE];
		expect(guessedSlice(from, settled, read, 1_000)).toEqual({
			upTo: from + 10 * MINUTE,
			sliceMs: 10 * MINUTE,
		});
	});

	test('rounds to the nearest minute, one at least past the last minute read', () => {
		expect(guessedSlice(from, settled, [...times(130, 1), from + MINUTE], 1_000)?.upTo).toBe(
			from + 8 * MINUTE,
		);
		expect(guessedSlice(from, settled, [...times(900, 1), from + MINUTE], 1_000)?.upTo).toBe(
			from + 2 * MINUTE,
		);
	});

	test('no guess from pages out of time order, within one minute, with an empty last minute, past the settled part, or at the room', () => {
		const ordered = [...times(100, 1), from + MINUTE];
		expect(guessedSlice(from, settled, [...ordered].reverse(), 1_000)).toBeUndefined();
		expect(guessedSlice(from, settled, times(300, 1), 1_000)).toBeUndefined();
		expect(guessedSlice(from, settled, [from, from + 5 * MINUTE], 1_000)).toBeUndefined();
		expect(guessedSlice(from, from + 9 * MINUTE, ordered, 1_000)).toBeUndefined();
		expect(guessedSlice(from, settled, ordered, ordered.length)).toBeUndefined();
		expect(guessedSlice(undefined, settled, ordered, 1_000)).toBeUndefined();
		expect(guessedSlice(from, undefined, ordered, 1_000)).toBeUndefined();
	});
});
