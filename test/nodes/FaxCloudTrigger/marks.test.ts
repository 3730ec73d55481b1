import { MAX_MARK_RETRIES } from '../../../nodes/FaxCloudTrigger/fax/retrievedMarks';
import { inboundIds } from '../../harness/jest/ground-truth';
import { logLinesOf, watchFromNow, useTriggerEmulator, receive } from './triggerHelpers';

const emu = useTriggerEmulator();

describe('Fax Cloud Trigger: Mark as Retrieved retries', () => {
	test('marks over the state’s limit are dropped only with a warning naming their FaxIds', async () => {
		// A budget already spent: one batch of marks a poll, the rest waits.
		const trigger = await watchFromNow(
			emu,
			{ event: 'newInboundFax', markAsRetrieved: true },
			{ pollBudgetMs: 0 },
		);
		// Marks left by earlier polls, for faxes the service no longer has: each fails again.
		const waiting = Array.from({ length: MAX_MARK_RETRIES }, (_, i) => [900_001 + i, 1]);
		trigger.setStaticData({ ...trigger.staticData(), marks: waiting });
		const [fax] = receive(emu);

		const logLines = await logLinesOf(async () => {
			expect(inboundIds(await trigger.pollItems())).toEqual([Number(fax.FaxId)]);
		});
		const marks = trigger.staticData().marks as Array<[number, number]>;
		expect(marks).toHaveLength(MAX_MARK_RETRIES);
		const kept = new Set(marks.map(([faxId]) => faxId));
		const lost = [...waiting.map(([faxId]) => faxId), Number(fax.FaxId)].filter(
			(faxId) => !kept.has(faxId),
		);
		expect(lost).toHaveLength(1);
		const warnings = logLines.filter((line) => line.includes('will not be marked'));
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(`FaxId ${lost[0]}`);
	});
});
