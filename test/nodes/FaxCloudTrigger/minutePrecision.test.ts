import { inboundIds, searches, sorted, statusChanges } from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import { drain, watchFromNow, useTriggerEmulator, receive } from './triggerHelpers';

/** The description allows datetimes at minute precision: this service writes 09:00Z, not 09:00:40Z. */
const emu = useTriggerEmulator({ datetimePrecision: 'minute' });

describe('Fax Cloud Trigger at minute precision', () => {
	test('faxes arriving all through one minute, polled several times in it, are each emitted once', async () => {
		receive(emu, 1, { at: '2026-01-05T08:59:40Z' });
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		expect(trigger.staticData()).toMatchObject({
			windowStart: '2026-01-05T08:50:00.000Z',
			seen: { '2026-01-05T08:59:00.000Z': ['in:1'] },
		});

		const emitted: number[][] = [];
		for (const [wait, count] of [
			[5_000, 3],
			[15_000, 2],
			[39_000, 4],
			[1_000, 0],
			[30_000, 1],
		]) {
			emu.control.advance(wait);
			if (count > 0) receive(emu, count);
			emitted.push(inboundIds(await trigger.pollItems()));
		}
		expect(emitted.map((ids) => ids.length)).toEqual([3, 2, 4, 0, 1]);
		expect(emitted.flat()).toEqual(trigger.inboundSinceStart());
		expect(await trigger.poll()).toBeNull();
		// The activation reads the service clock, then the window; every search starts the lateness
		// allowance (10 minutes) before the minute of the clock at the poll before.
		expect(searches(emu, 'inboundfaxes').map((r) => r.query.DatetimeAfter)).toEqual([
			undefined,
			'2026-01-05T08:50Z',
			'2026-01-05T08:50Z',
			'2026-01-05T08:50Z',
			'2026-01-05T08:50Z',
			'2026-01-05T08:50Z',
			'2026-01-05T08:51Z',
			'2026-01-05T08:51Z',
		]);
	});

	test('5,000 faxes in one minute are drained over several polls, none lost or repeated', async () => {
		receive(emu);
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		emu.control.advance(20_000);
		receive(emu, 5_000);

		const polls = await drain(trigger);
		expect(polls.map((items) => items.length)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
		const emitted = polls.flatMap(inboundIds);
		expect(sorted(emitted)).toEqual(sorted(trigger.inboundSinceStart()));
		expect(new Set(emitted).size).toBe(5_000);

		// The keys of that minute are kept only while the window can return them: until the
		// lateness allowance (10 minutes) after it has passed on the service's clock.
		const keys = () => Object.values(trigger.staticData().seen as object).flat().length;
		expect(keys()).toBe(5_001);
		emu.control.advance(11 * 60_000);
		const [next] = receive(emu);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
		expect(keys()).toBe(1);
	});

	test('outbound status changes within one minute are each emitted once', async () => {
		const trigger = await watchFromNow(emu, {
			event: 'outboundFaxStatusChanged',
			statuses: ['awaitingConversion', 'scheduled', 'sending', 'sent', 'sendFailed'],
		});
		const faxes = [await sendOutbound(emu, 'alice'), await sendOutbound(emu, 'bob')];
		const emitted: string[] = [];
		for (const step of [0, 5_000, 2_000, 20_000, 30_000, 60_000]) {
			emu.control.advance(step);
			emitted.push(...statusChanges(await trigger.pollItems()));
		}
		const alice = trigger.changesSinceStart().filter((change) => change.startsWith(`${faxes[0]}:`));
		expect(emitted).toEqual(alice);
		expect(alice).toHaveLength(4);
	});

	test('a fax back in the same status within the same minute cannot be told apart, so it is emitted once', async () => {
		const trigger = await watchFromNow(emu, {
			event: 'outboundFaxStatusChanged',
			statuses: ['scheduled', 'sending'],
		});
		// 0006: scheduled at :05, sending at :07, busy, scheduled again at :12 (all 09:00Z).
		const faxId = await sendOutbound(emu, 'alice', '12125550006', { RetryInterval: '1' });
		const emitted: string[] = [];
		for (const step of [5_000, 2_000, 5_000, 60_000]) {
			emu.control.advance(step);
			emitted.push(...statusChanges(await trigger.pollItems()));
		}
		expect(emitted).toEqual([
			`${faxId}:scheduled`,
			`${faxId}:sending`,
			// The second sending is at 09:01Z: a new minute, a new change.
			`${faxId}:sending`,
		]);
	});
});
