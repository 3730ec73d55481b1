import {
	expectEachOnce,
	inboundIds,
	searches,
	statusChanges,
} from '../../harness/jest/ground-truth';
import {
	backlogOverAnHour,
	drain,
	watchFromNow,
	useTriggerEmulator,
	receive,
	faxIds,
} from './triggerHelpers';

const emu = useTriggerEmulator();

describe('Fax Cloud Trigger: a backlog larger than one poll', () => {
	test('5,000 received faxes are drained 1,000 per poll, oldest first, none lost or repeated', async () => {
		emu.control.bulkCreateInbound(300, { userId: 'alice@acme' });
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		backlogOverAnHour(emu, 'inbound', 5_000);

		const polls = await drain(trigger);
		expect(polls.map((items) => items.length)).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
		const emitted = polls.flatMap(inboundIds);
		expectEachOnce(emitted, trigger.inboundSinceStart());
		const times = polls.flat().map((item) => Date.parse(String(item.json.ReceivedTime)));
		expect(times).toEqual([...times].sort((a, b) => a - b));
		// Each poll pages through the results with ResultsReference.
		expect(searches(emu, 'inboundfaxes').some((r) => r.query.GetNextResults)).toBe(true);
		// The state keeps only the keys of the window: the lateness allowance (10 minutes) and the
		// minute it starts in, here about 1.4 faxes per second.
		const { windowStart, seen } = trigger.staticData() as {
			windowStart: string;
			seen: Record<string, string[]>;
		};
		expect(windowStart).toBe('2026-01-05T09:50:00.000Z');
		const start = Date.parse(windowStart);
		expect(Object.keys(seen).every((time) => Date.parse(time) >= start)).toBe(true);
		expect(Object.values(seen).flat().length).toBeLessThan(11 * 60 * 1.4);
	});

	test('5,000 completed outbound faxes with a limit of 1,500 per poll', async () => {
		const trigger = await watchFromNow(emu, {
			event: 'outboundFaxStatusChanged',
			options: { maxEventsPerPoll: 1_500 },
		});
		backlogOverAnHour(emu, 'outbound', 5_000);

		const polls = await drain(trigger);
		expect(polls.map((items) => items.length)).toEqual([1_500, 1_500, 1_500, 500]);
		const emitted = polls.flatMap(statusChanges);
		expectEachOnce(emitted, trigger.changesSinceStart(['sent', 'sendFailed']));
	});

	test('a poll stops at the engine’s time budget and the next poll continues', async () => {
		// A budget already spent when the poll starts: each poll takes one event and stops.
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' }, { pollBudgetMs: 0 });
		const faxes = receive(emu, 4);
		emu.control.advance(30_000);
		faxes.push(...receive(emu, 3));

		const polls = await drain(trigger);
		expect(polls.map((items) => items.length)).toEqual([1, 1, 1, 1, 1, 1, 1]);
		expect(polls.flatMap(inboundIds)).toEqual(faxIds(faxes));
	});
});
