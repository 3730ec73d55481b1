import { waitUntil } from '../../harness/waitUntil';
import { expectEachOnce, inboundIds } from '../../harness/jest/ground-truth';
import { drain, MINUTE, watchFromNow, useTriggerEmulator, receive, faxIds } from './triggerHelpers';

/**
 * The trigger asks for a window's next page as soon as a page arrives (faxPoll.ts readWindow): a
 * poll the budget stops after one page has asked for the next too, and used nothing of it.
 */

const emu = useTriggerEmulator();

const SEARCH = '^/v1/inboundfaxes$';

test('a poll stopped by its time budget after the first page asked for the second too; every fax is still emitted once', async () => {
	// A budget already spent: the poll stops reading once a page holds something new.
	const trigger = await watchFromNow(emu, { event: 'newInboundFax' }, { pollBudgetMs: 0 });
	emu.control.advance(MINUTE);
	const faxes = receive(emu, 260);
	emu.control.advance(MINUTE);
	const since = emu.control.lastSeq();

	const first = await trigger.pollItems();
	expect(first).toHaveLength(1);
	// Page 2 (records 251 to 260) was asked for while page 1 was read; its answer is not used.
	await waitUntil(
		'the page read ahead',
		() => emu.control.requests({ path: SEARCH, sinceSeq: since }).length === 2,
		10_000,
		{ intervalMs: 5 },
	);
	const [page1, page2] = emu.control.requests({ path: SEARCH, sinceSeq: since });
	expect(page1.query.GetNextResults).toBeUndefined();
	expect(page2.query.GetNextResults).toBeDefined();

	const rest = await drain(trigger, 300);
	expectEachOnce([...inboundIds(first), ...rest.flatMap(inboundIds)], faxIds(faxes));
});
