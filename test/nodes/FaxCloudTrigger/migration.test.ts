import {
	historyAfter,
	inboundIds,
	searches,
	stateAccount,
	statusChanges,
} from '../../harness/jest/ground-truth';
import { createJob, sendOutbound } from '../../harness/jest/trigger-kit';
import { MINUTE, watchTrigger, useTriggerEmulator, receive, faxIds } from './triggerHelpers';

/**
 * Workflows activated with round 1 of the trigger hold a state of version 1 (a cursor and the
 * keys of the minute before it). An upgrade must neither emit again what they emitted nor skip
 * what arrived while n8n was being upgraded, so version 1 is read, not replaced by an activation.
 */

const emu = useTriggerEmulator();

/** What round 1 stored after emitting faxes 2 and 3 at 09:04:10 and 09:05:30. */
const ROUND_1_INBOUND = {
	version: 1,
	watching: 'newInboundFax:',
	cursor: '2026-01-05T09:05:30.000Z',
	seen: {
		'2026-01-05T09:04:10.000Z': ['in:2'],
		'2026-01-05T09:05:30.000Z': ['in:3'],
	},
};

test('an inbound state of version 1: nothing emitted again, the faxes of the upgrade emitted once', async () => {
	receive(emu, 1, { at: '2026-01-05T09:00:00Z' });
	receive(emu, 1, { at: '2026-01-05T09:04:10Z' });
	receive(emu, 1, { at: '2026-01-05T09:05:30Z' });
	// Arrived while n8n was upgraded: in the cursor's second, and after it.
	const during = [
		...receive(emu, 1, { at: '2026-01-05T09:05:30Z' }),
		...receive(emu, 1, { at: '2026-01-05T09:07:00Z' }),
	];
	emu.control.setTime('2026-01-05T09:08:00Z');
	const trigger = watchTrigger(emu, { event: 'newInboundFax' });
	trigger.setStaticData(ROUND_1_INBOUND);

	expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(during));
	// Round 1's own window: one whole minute before the cursor's minute.
	expect(searches(emu, 'inboundfaxes')[0].query.DatetimeAfter).toBe('2026-01-05T09:04Z');
	expect(trigger.staticData()).toEqual({
		version: 2,
		watching: 'newInboundFax:',
		account: stateAccount(emu),
		windowStart: '2026-01-05T09:04:00.000Z',
		seen: {
			'2026-01-05T09:04:10.000Z': ['in:2'],
			'2026-01-05T09:05:30.000Z': ['in:3', 'in:4'],
			'2026-01-05T09:07:00.000Z': ['in:5'],
		},
		clock: { service: Date.parse('2026-01-05T09:08:00Z'), host: expect.any(Number) },
		// The first save of this version's state (pollLock.ts).
		generation: 1,
	});
	expect(await trigger.poll()).toBeNull();
	emu.control.advance(MINUTE);
	const [next] = receive(emu);
	expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
});

test('marks waiting for a retry in a version 1 state are still tried', async () => {
	const [fax] = receive(emu, 1, { at: '2026-01-05T08:59:00Z' });
	const trigger = watchTrigger(emu, { event: 'newInboundFax', markAsRetrieved: true });
	trigger.setStaticData({
		version: 1,
		watching: 'newInboundFax:',
		cursor: '2026-01-05T08:59:00.000Z',
		seen: { '2026-01-05T08:59:00.000Z': ['in:1'] },
		marks: [[Number(fax.FaxId), 1]],
	});
	expect(await trigger.poll()).toBeNull();
	expect(emu.control.inboundAll()[0].Mark).toBe('true');
	expect(trigger.staticData().marks).toBeUndefined();
});

test('a version 1 state without a cursor (nothing on the service at activation): every fax there now is new, as round 1 promised', async () => {
	const faxes = emu.control.injectInbound({
		userId: 'alice@acme',
		count: 2,
		at: '2026-01-05T08:00:00Z',
	});
	const trigger = watchTrigger(emu, { event: 'newInboundFax' });
	trigger.setStaticData({ version: 1, watching: 'newInboundFax:', cursor: null, seen: {} });
	expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(faxes));
	expect(trigger.staticData().windowStart).toBe('2026-01-05T08:50:00.000Z');
	expect(await trigger.poll()).toBeNull();
});

test('an outbound state of version 1 keeps its status keys', async () => {
	const first = await sendOutbound(emu, 'alice');
	emu.control.advance(MINUTE);
	const second = await sendOutbound(emu, 'alice');
	const skip = emu.control.outboundHistory().length;
	const trigger = watchTrigger(emu, { event: 'outboundFaxStatusChanged' });
	// Round 1 had emitted the first completion (09:00:27) and nothing since.
	trigger.setStaticData({
		version: 1,
		watching: 'outboundFaxStatusChanged:',
		cursor: '2026-01-05T09:00:27.000Z',
		seen: { '2026-01-05T09:00:27.000Z': [`out:${first}:sent`] },
	});
	emu.control.advance(MINUTE);
	expect(statusChanges(await trigger.pollItems())).toEqual([`${second}:sent`]);
	expect(historyAfter(emu, skip, ['sent'])).toEqual([`${second}:sent`]);
	expect(await trigger.poll()).toBeNull();
});

test('a mail merge state of version 1 keeps its jobs in process', async () => {
	const running = await createJob(emu, 5);
	const trigger = watchTrigger(emu, { event: 'mailMergeJobFinished' });
	trigger.setStaticData({
		version: 1,
		watching: 'mailMergeJobFinished',
		cursor: '2026-01-05T09:00:00.000Z',
		seen: { '2026-01-05T09:00:00.000Z': [`job:${running}`] },
		pending: [running],
	});
	emu.control.advance(MINUTE);
	expect((await trigger.pollItems()).map((item) => item.json.ID)).toEqual([running]);
	expect(trigger.staticData()).toMatchObject({ version: 2, pending: [] });
	expect(await trigger.poll()).toBeNull();
});
