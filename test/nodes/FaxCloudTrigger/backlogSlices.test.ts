import type { Emulator } from '../../../emulator';
import { useEmulator } from '../../support/emulator';
import { backlogOverAnHour, expectEachOnce, inboundIds, searches, watchFromNow } from './support';

/**
 * A backlog after a downtime on a slow service: reading the part of the window already emitted
 * takes longer than a poll's budget. The host's clock is scripted: each search answer costs
 * PAGE_MS of it (no real wait), on top of the emulator's clock.
 */

const emulator = useEmulator();

const BUDGET_MS = 10_000;
const PAGE_MS = 1_000;

/** Each search answer the emulator wrote moves the host's clock on by PAGE_MS. */
function slowSearches(emu: Emulator): void {
	const start = Date.parse(emu.control.now());
	// performance is not mocked: the host's real clock underneath.
	const realNow = () => Math.floor(performance.timeOrigin + performance.now());
	const answered = () =>
		searches(emu, 'inboundfaxes').filter((request) => request.status !== null).length;
	jest
		.spyOn(Date, 'now')
		.mockImplementation(
			() => realNow() + Math.max(0, Date.parse(emu.control.now()) - start) + answered() * PAGE_MS,
		);
}

describe('Fax Cloud Trigger: a backlog whose part already read outlasts a poll', () => {
	test('4,000 faxes after a downtime, each search answer taking a tenth of the budget: all emitted once, within a bounded number of polls', async () => {
		const emu = emulator();
		const trigger = await watchFromNow(
			emu,
			{ event: 'newInboundFax' },
			{ pollBudgetMs: BUDGET_MS },
		);
		slowSearches(emu);
		backlogOverAnHour(emu, 'inbound', 4_000);

		const emitted: number[] = [];
		const perPoll: number[] = [];
		for (let poll = 0; poll < 40 && emitted.length < 4_000; poll++) {
			const items = inboundIds(await trigger.pollItems());
			perPoll.push(items.length);
			emitted.push(...items);
		}
		expect(emitted).toHaveLength(4_000);
		expectEachOnce(emitted, trigger.inboundSinceStart());
		// Every poll moved the backlog on.
		expect(perPoll.filter((count) => count === 0)).toEqual([]);
	});
});
