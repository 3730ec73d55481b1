// Records that appear minutes after their own time (a long reception, a late completion) among
// on-time traffic: each that appears within the lateness allowance is emitted once.
import type { PolledTrigger } from '../../harness/jest/poll';
import {
	expectEachOnce,
	historyAfter,
	inboundIds,
	searches,
	sorted,
} from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import {
	MINUTE,
	SECOND,
	watchFromNow,
	watchTrigger,
	useTriggerEmulator,
	receive,
	faxIds,
	watchInbound,
} from './triggerHelpers';

const emu = useTriggerEmulator();

/** Polls run at second 20 of every minute, as n8n's "every minute" does at some fixed second. */
const POLL_PHASE = 20 * SECOND;

const LATENESS = [
	['half a minute', 30 * SECOND],
	['3 minutes', 3 * MINUTE],
	['9 minutes', 9 * MINUTE],
] as const;
/** Where in its minute the late record's own time falls. */
const OFFSETS = [5, 30, 55];
/** 09:02 and `offset` seconds on 5 January 2026, the late record's own time. */
const at0902 = (offset: number) => `2026-01-05T09:02:${String(offset).padStart(2, '0')}`;

/** Polls once a minute until `until` (ms from now), with `traffic` run before each poll. */
async function pollEveryMinute(trigger: PolledTrigger, until: number, traffic: () => unknown) {
	const polls: string[][] = [];
	const end = Date.parse(emu.control.now()) + until;
	while (Date.parse(emu.control.now()) < end) {
		emu.control.advance(MINUTE);
		await traffic();
		polls.push((await trigger.pollItems()).map((item) => String(item.json.FaxId)));
	}
	return polls;
}

/** A trigger activated at the poll phase, its first poll empty: the start of every lateness case. */
async function activateAtPollPhase(event: string) {
	emu.control.advance(POLL_PHASE);
	const trigger = watchTrigger(emu, { event });
	expect(await trigger.poll()).toBeNull();
	return trigger;
}

describe.each(LATENESS)('Fax Cloud Trigger: an inbound fax visible %s late', (_, lateByMs) => {
	test.each(OFFSETS)(
		'received at second %i of its minute, among a fax a minute: emitted exactly once',
		async (offset) => {
			const trigger = await activateAtPollPhase('newInboundFax');
			const [late] = receive(emu, 1, { at: `${at0902(offset)}Z`, lateByMs });
			const polls = await pollEveryMinute(trigger, lateByMs + 5 * MINUTE, () => {
				const tenSecondsAgo = Date.parse(emu.control.now()) - 10 * SECOND;
				receive(emu, 1, { at: new Date(tenSecondsAgo).toISOString() });
			});

			const truth = emu.control.inboundAll().map((fax) => fax.FaxId);
			expect(truth).toContain(late.FaxId);
			expectEachOnce(polls.flat(), truth);
			// At the first poll after it became visible, not before.
			const faxLate = emu.control.inboundAll().find((f) => f.FaxId === late.FaxId)!;
			const visibleAt = Date.parse(faxLate.visibleAt);
			const pollIndex = polls.findIndex((ids) => ids.includes(late.FaxId));
			const pollTime = Date.parse('2026-01-05T09:00:20Z') + (pollIndex + 1) * MINUTE;
			expect(pollTime).toBeGreaterThanOrEqual(visibleAt);
			expect(pollTime - visibleAt).toBeLessThan(MINUTE);
		},
	);
});

describe.each(LATENESS)('Fax Cloud Trigger: an outbound completion visible %s late', (_, lag) => {
	test.each(OFFSETS)(
		'completed at second %i of its minute, among a completion a minute: emitted exactly once',
		async (offset) => {
			const trigger = await activateAtPollPhase('outboundFaxStatusChanged');
			const skip = emu.control.outboundHistory().length;
			// A one-page fax is sent 27 s after it is created: completed at 09:02:<offset>.
			emu.control.setTime(new Date(Date.parse(`${at0902(offset)}Z`) - 27 * SECOND).toISOString());
			const late = await sendOutbound(emu, 'alice');
			emu.control.setCompletionLag(late, lag);
			const polls = await pollEveryMinute(trigger, lag + 5 * MINUTE, async () => {
				await sendOutbound(emu, 'alice');
			});

			const truth = historyAfter(emu, skip, ['sent', 'sendFailed']);
			expect(truth).toContain(`${late}:sent`);
			const history = emu.control.outboundHistory();
			const change = history.find((h) => h.faxId === late && h.status === 'sent')!;
			expect(change.at).toBe(`${at0902(offset)}.000Z`);
			const completions = polls.flat().map((id) => `${id}:sent`);
			expectEachOnce(completions, truth);
		},
	);
});

describe('Fax Cloud Trigger: the lateness allowance', () => {
	test('a fax that appears later than the allowance is not emitted; with a larger allowance it is', async () => {
		const standard = watchTrigger(emu, { event: 'newInboundFax' });
		const patient = watchTrigger(emu, { event: 'newInboundFax', options: { latenessMinutes: 20 } });
		await standard.poll();
		await patient.poll();
		const [tooLate] = receive(emu, 1, { lateByMs: 15 * MINUTE });
		const emitted = { standard: [] as number[], patient: [] as number[] };
		for (let minute = 0; minute < 20; minute++) {
			emu.control.advance(MINUTE);
			receive(emu);
			emitted.standard.push(...inboundIds(await standard.pollItems()));
			emitted.patient.push(...inboundIds(await patient.pollItems()));
		}
		const truth = faxIds(emu.control.inboundAll());
		const tooLateId = Number(tooLate.FaxId);
		expect(truth).toContain(tooLateId);
		// Documented: 15 minutes late is beyond the default 10; everything else once.
		expect(sorted(emitted.standard)).toEqual(sorted(truth.filter((id) => id !== tooLateId)));
		expectEachOnce(emitted.patient, truth);
	});

	test('polled every 15 minutes, as the service recommends, a fax 9 minutes late is still emitted once', async () => {
		const trigger = await watchInbound(emu);
		const emitted: number[] = [];
		for (let round = 0; round < 6; round++) {
			receive(emu, 1, { lateByMs: 9 * MINUTE });
			emu.control.advance(7 * MINUTE);
			receive(emu, 2);
			emu.control.advance(8 * MINUTE);
			emitted.push(...inboundIds(await trigger.pollItems()));
		}
		emu.control.advance(15 * MINUTE);
		emitted.push(...inboundIds(await trigger.pollItems()));
		const truth = faxIds(emu.control.inboundAll());
		expect(truth).toHaveLength(18);
		expect(sorted(emitted)).toEqual(sorted(truth));
	});

	test('changing the allowance keeps the state: no new activation, nothing emitted twice', async () => {
		const trigger = await watchInbound(emu);
		const [first] = receive(emu);
		emu.control.advance(MINUTE);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(first.FaxId)]);
		const before = trigger.staticData();

		trigger.setParameters({ event: 'newInboundFax', options: { latenessMinutes: 30 } });
		const [second] = receive(emu);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(second.FaxId)]);
		// The window never moves back for a larger allowance; it waits for the clock to pass it.
		expect(trigger.staticData().windowStart).toBe(before.windowStart);
		emu.control.advance(40 * MINUTE);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().windowStart).toBe('2026-01-05T09:11:00.000Z');
	});

	test('a quiet poll reads the allowance back from the service clock of the poll before', async () => {
		const options = { latenessMinutes: 15 };
		const trigger = await watchFromNow(emu, { event: 'outboundFaxStatusChanged', options });
		emu.control.advance(42 * MINUTE + 31 * SECOND);
		await trigger.poll();
		emu.control.advance(MINUTE);
		await trigger.poll();
		expect(searches(emu, 'outboundfaxes').map((r) => r.query.DatetimeAfter)).toEqual([
			undefined,
			'2026-01-05T08:45Z',
			'2026-01-05T08:45Z',
			'2026-01-05T09:27Z',
		]);
	});
});
