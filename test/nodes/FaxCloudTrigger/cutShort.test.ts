import type { INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { expectEachOnce, inboundIds, sorted, statusChanges } from '../../harness/jest/ground-truth';
import { editFax, sendOutbound } from '../../harness/jest/trigger-kit';
import {
	drain,
	MINUTE,
	SECOND,
	watchFromNow,
	useTriggerEmulator,
	receive,
	faxIds,
} from './triggerHelpers';

/**
 * Polls cut short (Max Events per Poll, the time budget) over older records edited after newer
 * ones: a search sorts by last-modified time, events by their own time, so the older fax comes
 * last in the search yet must be emitted first and not skipped by the next poll.
 */

const emu = useTriggerEmulator();

/** Another client of the service changes an inbound fax (the trigger's login is alice). */
const recode = (emu: Emulator, faxId: string, field = 'ProjectCode') =>
	editFax(emu, `inboundfaxes/${faxId}`, { [field]: field === 'Mark' ? 'true' : `edited-${faxId}` });

/** Event times within each poll never go back: emitted in the order they happened. */
function expectInOrder(polls: INodeExecutionData[][], field: 'ReceivedTime' | 'CompleteTime') {
	for (const items of polls) {
		const keys = items.map((item) => [
			Date.parse(String(item.json[field])),
			Number(item.json.FaxId),
		]);
		const ordered = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
		expect(keys).toEqual(ordered);
	}
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
	let state = seed;
	return (below: number) => {
		state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
		return state % below;
	};
}

describe('Fax Cloud Trigger: polls cut short over records modified later', () => {
	test('Max Events per Poll = 1: an older fax edited after a newer one arrived is emitted first, then the newer', async () => {
		const trigger = await watchFromNow(emu, {
			event: 'newInboundFax',
			options: { maxEventsPerPoll: 1 },
		});
		emu.control.advance(10 * SECOND);
		const [older] = receive(emu);
		emu.control.advance(2 * MINUTE + 20 * SECOND);
		const [newer] = receive(emu);
		emu.control.advance(30 * SECOND);
		await recode(emu, older.FaxId);

		expect(inboundIds(await trigger.pollItems())).toEqual([Number(older.FaxId)]);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(newer.FaxId)]);
		expect(await trigger.poll()).toBeNull();
	});

	test.each([1, 3, 7])(
		'Max Events per Poll = %i, faxes in bursts for 30 minutes, older ones edited and marked by another system: 0 missed, 0 duplicated, in order',
		async (maxEventsPerPoll) => {
			const next = random(maxEventsPerPoll);
			const trigger = await watchFromNow(emu, {
				event: 'newInboundFax',
				options: { maxEventsPerPoll },
			});
			const polls: INodeExecutionData[][] = [];
			const received: string[] = [];
			for (let minute = 0; minute < 30; minute++) {
				// Up to twice the limit a minute: a backlog builds up and drains again.
				const arriving = next(2 * maxEventsPerPoll + 1);
				for (let i = 0; i < arriving; i++) {
					emu.control.advance(next(5) * SECOND);
					received.push(receive(emu)[0].FaxId);
				}
				// Another system edits two of the faxes received so far, old ones too.
				for (let i = 0; received.length > 0 && i < 2; i++) {
					await recode(emu, received[next(received.length)], i === 0 ? 'ProjectCode' : 'Mark');
				}
				emu.control.setTime(
					new Date(Date.parse('2026-01-05T09:01:30Z') + minute * MINUTE).toISOString(),
				);
				polls.push(await trigger.pollItems());
			}
			polls.push(...(await drain(trigger, 100)));

			const emitted = polls.flat().map((item) => String(item.json.FaxId));
			expect(received.length).toBeGreaterThan(10 * maxEventsPerPoll);
			expectEachOnce(
				emitted,
				emu.control.inboundAll().map((fax) => fax.FaxId),
			);
			expect(Math.max(...polls.map((items) => items.length))).toBe(maxEventsPerPoll);
			expectInOrder(polls, 'ReceivedTime');
		},
	);

	test('the time budget: a poll that stops reading keeps its window, the next reads it again; every fax once', async () => {
		// A budget already spent: each poll reads until its pages hold something new, emits one.
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' }, { pollBudgetMs: 0 });
		const faxes = [];
		for (let minute = 0; minute < 5; minute++) {
			emu.control.advance(MINUTE);
			faxes.push(...receive(emu, 52));
		}
		emu.control.advance(MINUTE);
		// The oldest faxes are edited last: they come on the last page of the search.
		for (const fax of faxes.slice(0, 5)) await recode(emu, fax.FaxId);
		const before = trigger.staticData().windowStart;

		const polls: INodeExecutionData[][] = [];
		for (let poll = 0; poll < 5; poll++) polls.push(await trigger.pollItems());
		// The first pages held something new: reading stopped there, and the window moved at most
		// over the empty minutes before the oldest fax (read in slices), never past a fax not emitted.
		const start = Date.parse(String(trigger.staticData().windowStart));
		expect(start).toBeGreaterThanOrEqual(Date.parse(String(before)));
		expect(start).toBeLessThanOrEqual(Date.parse(faxes[0].ReceivedTime));
		polls.push(...(await drain(trigger, 300)));
		const emitted = polls.flatMap(inboundIds);
		expect(polls.every((items) => items.length === 1)).toBe(true);
		expect(new Set(emitted).size).toBe(260);
		expect(sorted(emitted)).toEqual(sorted(faxIds(faxes)));
	});

	test('Mark as Retrieved with 2 events per poll: the trigger’s own marks move the faxes, none lost or repeated', async () => {
		const trigger = await watchFromNow(emu, {
			event: 'newInboundFax',
			markAsRetrieved: true,
			options: { maxEventsPerPoll: 2 },
		});
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
		const trigger = await watchFromNow(emu, {
			event: 'outboundFaxStatusChanged',
			options: { maxEventsPerPoll: 1 },
		});
		const older = await sendOutbound(emu, 'alice');
		emu.control.advance(2 * MINUTE);
		const newer = await sendOutbound(emu, 'alice', '12125551000');
		emu.control.advance(MINUTE);
		await editFax(emu, `outboundfaxes/${older}`, { Mark: 'true' });

		const polls: INodeExecutionData[][] = [];
		for (let poll = 0; poll < 3; poll++) polls.push(await trigger.pollItems());
		expect(polls.map(statusChanges)).toEqual([[`${older}:sent`], [`${newer}:sendFailed`], []]);
		expect(sorted(polls.flatMap(statusChanges))).toEqual(
			sorted(trigger.changesSinceStart(['sent', 'sendFailed'])),
		);
	});
});
