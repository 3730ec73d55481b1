import type { Emulator } from '../../../emulator';
import { expectEachOnce, inboundIds, searches } from '../../harness/jest/ground-truth';
import {
	backlogOverAnHour,
	drain,
	logOf,
	MINUTE,
	watchFromNow,
	useTriggerEmulator,
	receive,
	faxIds,
} from './triggerHelpers';

/**
 * A backlog after a downtime on a slow service: re-reading what was already emitted outlasts a
 * poll's budget. Each search answer costs PAGE_MS of the scripted host clock (no real wait).
 */

const emu = useTriggerEmulator();

const BUDGET_MS = 10_000;
const PAGE_MS = 1_000;
const SEARCH = '^/v1/inboundfaxes$';

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

	test('a slice after one read whole fails: the poll keeps the part read, the next poll reads on from there; each fax once', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		emu.control.advance(30 * MINUTE);
		const faxes = receive(emu, 3);
		// As a poll whose read the time budget stopped leaves it: slices of 5 minutes.
		trigger.setStaticData({ ...trigger.staticData(), sliceMs: 5 * MINUTE });
		// The first slice (08:50 to 08:55, no fax) is answered; every try of the next one fails.
		emu.control.addFault({ path: SEARCH, kind: 'delay', delayMs: 1, count: 1 });
		emu.control.addFault({ path: SEARCH, kind: 'http500', count: 3 });

		let items: number[] = [];
		const log = await logOf(async () => {
			items = inboundIds(await trigger.pollItems());
		});
		expect(items).toEqual([]);
		expect(log).toMatch(/reading the records from 2026-01-05T08:55Z to 2026-01-05T09:00Z failed/);
		expect(trigger.staticData().windowStart).toBe('2026-01-05T08:55:00.000Z');

		const emitted = (await drain(trigger)).flatMap(inboundIds);
		expectEachOnce(emitted, faxIds(faxes));
	});
});
