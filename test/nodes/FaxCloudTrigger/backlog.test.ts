// Backlogs larger than one poll (Max Events per Poll, the time budget, a slow service), and polls
// cut short over older records edited after newer ones: each fax once, in order.
import type { INodeExecutionData } from 'n8n-workflow';

import {
	expectEachOnce,
	inboundIds,
	searches,
	statusChanges,
} from '../../harness/jest/ground-truth';
import { editFax, sendOutbound } from '../../harness/jest/trigger-kit';
import { waitUntil } from '../../harness/waitUntil';
import {
	backlogOverAnHour,
	drain,
	expectOldestFirst,
	faxIds,
	hostClockFollows,
	MINUTE,
	receive,
	SECOND,
	seenKeys,
	useTriggerEmulator,
	watchFromNow,
	watchInbound,
	withLog,
} from './triggerHelpers';

const emu = useTriggerEmulator();
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
		// Each search answer the emulator wrote moves the host's clock on by PAGE_MS (no real wait).
		const answered = () => searches(emu, 'inboundfaxes').filter((r) => r.status !== null).length;
		hostClockFollows(emu, () => answered() * PAGE_MS);
		backlogOverAnHour(emu, 'inbound', 4_000);

		const polls: number[][] = [];
		while (polls.length < 40 && polls.flat().length < 4_000) {
			polls.push(inboundIds(await trigger.pollItems()));
		}
		expect(polls.flat()).toHaveLength(4_000);
		expectEachOnce(polls.flat(), trigger.inboundSinceStart());
		// Every poll moved the backlog on.
		expect(polls.filter((ids) => ids.length === 0)).toEqual([]);
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

		const emitted = (await drain(trigger)).flatMap(inboundIds);
		expectEachOnce(emitted, faxIds(faxes));
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

		const polls: INodeExecutionData[][] = [];
		for (let poll = 0; poll < 5; poll++) polls.push(await trigger.pollItems());
		// The window moved at most over the empty minutes before the oldest fax, never past it.
		const start = Date.parse(String(trigger.staticData().windowStart));
		expect(start).toBeGreaterThanOrEqual(Date.parse(String(before)));
		expect(start).toBeLessThanOrEqual(Date.parse(faxes[0].ReceivedTime));
		polls.push(...(await drain(trigger, 300)));
		expect(polls.every((items) => items.length === 1)).toBe(true);
		expect(faxes).toHaveLength(260);
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

		const polls: INodeExecutionData[][] = [];
		for (let poll = 0; poll < 3; poll++) polls.push(await trigger.pollItems());
		expect(polls.map(statusChanges)).toEqual([[`${older}:sent`], [`${newer}:sendFailed`], []]);
		expectEachOnce(polls.flatMap(statusChanges), trigger.changesSinceStart(['sent', 'sendFailed']));
	});
});
