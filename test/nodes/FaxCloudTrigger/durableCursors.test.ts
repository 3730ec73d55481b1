// How n8n's schedulers run the trigger's polls: two polls of one trigger side by side, and the
// durable poll scheduler whose cursors are stored with each poll's execution.
import { waitUntil } from '../../harness/waitUntil';
import { inboundIds, searches, sorted } from '../../harness/jest/ground-truth';
import {
	faxIds,
	receive,
	SECOND,
	useTriggerEmulator,
	watchInbound,
	withLog,
} from './triggerHelpers';

const emu = useTriggerEmulator();

/**
 * n8n 2.40+ durable cursors: the state is stored with the poll's execution, after the poll
 * returned, and the next poll may start before that, from the cursor before.
 */
const DURABLE = { durableCursors: true, pollBudgetMs: 36 * SECOND };
/** How long a poll waits for the previous poll's state: two poll budgets (budget.ts). */
const HAND_OFF_WAIT_MS = 2 * DURABLE.pollBudgetMs;

/** Ten seconds on, `count` faxes arrive for alice: their ids. */
function faxesArriving(count = 1): number[] {
	emu.control.advance(10 * SECOND);
	return faxIds(receive(emu, count));
}

describe('Fax Cloud Trigger under durable poll cursors', () => {
	test('a poll that starts before n8n stored the last poll’s execution emits nothing again', async () => {
		const trigger = await watchInbound(emu, {}, DURABLE);
		const first = faxesArriving(2);
		expect(inboundIds(await trigger.pollItems())).toEqual(first);
		emu.control.advance(10 * SECOND);
		// The scheduler's next poll, while n8n still creates the first poll's execution.
		expect(await trigger.poll()).toBeNull();
		trigger.commitExecution();
		const second = faxesArriving();
		expect(inboundIds(await trigger.pollItems())).toEqual(second);
		trigger.commitExecution();
		emu.control.advance(10 * SECOND);
		expect(await trigger.poll()).toBeNull();
		expect([...first, ...second]).toEqual(trigger.inboundSinceStart());
	});

	test('a poll whose execution n8n never created: its faxes are read again once the wait is over', async () => {
		const trigger = await watchInbound(emu, {}, DURABLE);
		const faxes = faxesArriving(3);
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

/** Two Poll Times entries that coincide, or a poll longer than its interval, overlap two polls. */
describe('Fax Cloud Trigger: two polls of one trigger at once', () => {
	test('two polls started together emit each fax once in total; the second ends at once and says so in the log', async () => {
		const trigger = await watchInbound(emu);
		emu.control.advance(60_000);
		receive(emu, 5);
		const before = searches(emu, 'inboundfaxes').length;

		const [results, logLines] = await withLog(() =>
			Promise.all([trigger.pollItems(), trigger.pollItems()]),
		);

		const emitted = results.flatMap(inboundIds);
		expect(sorted(emitted)).toEqual(sorted(trigger.inboundSinceStart()));
		expect(results.map((items) => items.length)).toEqual([5, 0]);
		// The second poll sent no request of its own.
		expect(searches(emu, 'inboundfaxes').length - before).toBe(1);
		const running = logLines.filter((line) => line.includes('the previous poll is still running'));
		expect(running).toHaveLength(1);
		expect(await trigger.poll()).toBeNull();
	});

	test('a poll that starts while a slow one still reads ends without events; the next poll catches up', async () => {
		const trigger = await watchInbound(emu);
		emu.control.advance(60_000);
		const first = receive(emu, 3);
		const path = '^/v1/inboundfaxes$';
		emu.control.addFault({ method: 'GET', path, kind: 'delay', delayMs: 300, count: 1 });

		const before = searches(emu, 'inboundfaxes').length;
		const slow = trigger.pollItems();
		const processed = () => Boolean(searches(emu, 'inboundfaxes')[before]?.processed);
		await waitUntil("the service's answer to the slow search, held back", processed, 5_000, 1);
		expect(await trigger.poll()).toBeNull();
		const late = receive(emu, 2);
		expect(inboundIds(await slow)).toEqual(faxIds(first));
		expect(inboundIds(await trigger.pollItems())).toEqual(faxIds(late));
		expect(await trigger.poll()).toBeNull();
	});
});
