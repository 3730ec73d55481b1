import type { IDataObject } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { inboundIds, searches } from '../../harness/jest/ground-truth';
import { cappedFromNextMinute, MINUTE, SECOND, useTriggerEmulator } from './triggerHelpers';

/**
 * Max Events per Poll ends a poll inside a minute. When that minute lies past the lateness
 * allowance and only a few of its events are left, the poll holds them in its state and the next
 * poll emits them first, instead of paging the whole minute again (state/heldEvents.ts).
 */

const emu = useTriggerEmulator();
const CAP = 50;

const lastSeq = (emu: Emulator) => emu.control.requests().at(-1)?.seq ?? 0;

/** FaxIds of the events a trigger holds in its state. */
const heldIds = (staticData: IDataObject): number[] =>
	((staticData.held as Array<{ record: IDataObject }> | undefined) ?? []).map((event) =>
		Number(event.record.FaxId),
	);

/**
 * alice's trigger at Max Events per Poll 50, and `perMinute` faxes a minute over `minutes` from
 * the next minute; `pastAllowance`: the first poll comes 11 minutes after the last of them.
 */
async function capped(perMinute: number, minutes: number, pastAllowance: boolean) {
	const { trigger, start } = await cappedFromNextMinute(emu, CAP);
	const made = emu.control.bulkCreateInbound(perMinute * minutes, {
		userId: 'alice@acme',
		from: new Date(start + SECOND / 2).toISOString(),
		to: new Date(start + minutes * MINUTE - SECOND / 2).toISOString(),
	});
	emu.control.advance((minutes + (pastAllowance ? 11 : 0)) * MINUTE);
	const truth = Array.from({ length: perMinute * minutes }, (_, i) => made.firstId + i);
	/** One poll: its FaxIds, the searches it sent, and what it left held. */
	const poll = async () => {
		const since = lastSeq(emu);
		const ids = inboundIds(await trigger.pollItems());
		const sent = searches(emu, 'inboundfaxes').filter((r) => r.seq > since);
		return { ids, sent, held: heldIds(trigger.staticData()) };
	};
	return { emu, trigger, start, truth, poll };
}

describe('Fax Cloud Trigger: the few events Max Events per Poll leaves in a minute', () => {
	test('past the allowance they are held: the next poll emits them first, each fax once, oldest first, and no minute is paged twice', async () => {
		const { truth, poll } = await capped(80, 5, true);
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
		const { emu, start, truth, poll } = await capped(80, 1, false);
		const first = await poll();
		expect(first.ids).toEqual(truth.slice(0, CAP));
		expect(first.held).toEqual([]);
		// A fax received in the same minute appears on the service only now.
		const late = emu.control.bulkCreateInbound(1, {
			userId: 'alice@acme',
			from: new Date(start + 30 * SECOND).toISOString(),
			to: new Date(start + 30 * SECOND).toISOString(),
		});
		const second = await poll();
		expect(second.ids.sort((a, b) => a - b)).toEqual([...truth.slice(CAP), late.firstId]);
		const minute = `${new Date(start).toISOString().slice(0, 16)}Z`;
		expect(second.sent.some((r) => String(r.query.DatetimeAfter) <= minute)).toBe(true);
	});

	test('a poll that fails after emitting held events keeps them held: the next poll emits them, each fax once', async () => {
		const { emu, truth, poll } = await capped(80, 5, true);
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
});
