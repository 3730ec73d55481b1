import type { Emulator } from '../../../emulator';
import { inboundIds } from '../../harness/jest/ground-truth';
import { SECOND, useTriggerEmulator, receive, faxIds, watchInbound } from './triggerHelpers';

const emu = useTriggerEmulator();

/**
 * n8n's durable poll scheduler with durable cursors (n8n 2.40+): the trigger's state is n8n's
 * cursor, stored in the transaction that creates the poll's execution, after the poll returned.
 * The scheduler may start the next poll before that, from the cursor before the last poll.
 */
const DURABLE = { durableCursors: true, pollBudgetMs: 36 * SECOND };
/** How long a poll waits for the previous poll's state: two poll budgets (budget.ts). */
const HAND_OFF_WAIT_MS = 2 * DURABLE.pollBudgetMs;

/** Ten seconds on, `count` faxes arrive for alice: their ids. */
function faxesArriving(emu: Emulator, count = 1): number[] {
	emu.control.advance(10 * SECOND);
	return faxIds(receive(emu, count));
}

describe('Fax Cloud Trigger under durable poll cursors', () => {
	test('a poll that starts before n8n stored the last poll’s execution emits nothing again', async () => {
		const trigger = await watchInbound(emu, {}, DURABLE);
		const first = faxesArriving(emu, 2);
		expect(inboundIds(await trigger.pollItems())).toEqual(first);
		emu.control.advance(10 * SECOND);
		// The scheduler's next poll, while n8n still creates the first poll's execution.
		expect(await trigger.poll()).toBeNull();
		trigger.commitExecution();
		const second = faxesArriving(emu);
		expect(inboundIds(await trigger.pollItems())).toEqual(second);
		trigger.commitExecution();
		emu.control.advance(10 * SECOND);
		expect(await trigger.poll()).toBeNull();
		expect([...first, ...second]).toEqual(trigger.inboundSinceStart());
	});

	test('a poll whose execution n8n never created: its faxes are read again once the wait is over', async () => {
		const trigger = await watchInbound(emu, {}, DURABLE);
		const faxes = faxesArriving(emu, 3);
		expect(inboundIds(await trigger.pollItems())).toEqual(faxes);
		// n8n's transaction failed (or the poll lost its lease): no execution, no cursor.
		trigger.failExecution();
		emu.control.advance(10 * SECOND);
		expect(await trigger.poll()).toBeNull();
		emu.control.advance(HAND_OFF_WAIT_MS);
		expect(inboundIds(await trigger.pollItems())).toEqual(faxes);
		trigger.commitExecution();
		emu.control.advance(10 * SECOND);
		expect(await trigger.poll()).toBeNull();
	});
});
