import type { IDataObject } from 'n8n-workflow';

import { inboundIds } from '../../harness/jest/ground-truth';
import { editFax } from '../../harness/jest/trigger-kit';
import { waitUntil } from '../../harness/waitUntil';
import { cappedFromNextMinute, MINUTE, SECOND, useTriggerEmulator } from './triggerHelpers';

/**
 * A record modified while the pages of one read are asked for moves to a later page (the search
 * is sorted by last-modified time) and comes twice in that read. The read takes each event once
 * when it ends (faxPoll.ts takenOnce, EventsTaken): otherwise a fax left at Max Events per Poll
 * would be held twice in the state (state/heldEvents.ts) and the next poll would emit it twice.
 */

const emu = useTriggerEmulator();
const CAP = 300;
const PER_MINUTE = 380;
/** The earliest faxes of the minute, marked before the poll: they sort after the others. */
const MARKED = 200;

const heldIds = (staticData: IDataObject): number[] =>
	((staticData.held as Array<{ record: IDataObject }> | undefined) ?? []).map((event) =>
		Number(event.record.FaxId),
	);

test('a fax left at Max Events per Poll that is modified during the read is held once and emitted once', async () => {
	const { trigger, start } = await cappedFromNextMinute(emu, CAP);
	const made = emu.control.bulkCreateInbound(PER_MINUTE, {
		userId: 'alice@acme',
		from: new Date(start + SECOND / 2).toISOString(),
		to: new Date(start + MINUTE - SECOND / 2).toISOString(),
	});
	const truth = Array.from({ length: PER_MINUTE }, (_, i) => made.firstId + i);
	// Past the allowance, the earliest faxes are marked (modified now); the window starts at the
	// minute and reads it as one slice: page 1 holds the unmarked faxes (the latest of the minute
	// among them), then the first marked ones.
	emu.control.advance(15 * MINUTE);
	for (const id of truth.slice(0, MARKED))
		await editFax(emu, `inboundfaxes/${id}`, { Mark: 'true' });
	trigger.setStaticData({
		...trigger.staticData(),
		windowStart: new Date(start).toISOString(),
		sliceMs: MINUTE,
	});
	// The latest fax of the minute is left at Max Events per Poll; it is marked while the answer
	// to page 1 is on its way, so page 2 brings it again.
	const latest = truth.at(-1)!;
	const since = emu.control.requests().at(-1)?.seq ?? 0;
	const fault = emu.control.addFault({
		path: '^/v1/inboundfaxes$',
		kind: 'delay',
		// The mark has to come while page 1's answer is held: seconds for a loaded machine.
		delayMs: 5_000,
		count: 1,
	});
	const firstPoll = trigger.pollItems();
	await waitUntil(
		'the first page answered and held',
		() => emu.control.requests().some((r) => r.seq > since && r.path === '/v1/inboundfaxes'),
		10_000,
		{ intervalMs: 20 },
	);
	await editFax(emu, `inboundfaxes/${latest}`, { Mark: 'true' });
	const first = inboundIds(await firstPoll);
	emu.control.removeFault(fault);
	const sent = emu.control.requests().filter((r) => r.seq > since);
	const pages = sent.filter((r) => r.path === '/v1/inboundfaxes');
	const marked = sent.find((r) => r.path === `/v1/inboundfaxes/${latest}`);
	// The fax was marked after page 1 was asked for and before page 2: page 2 brought it again.
	expect(pages).toHaveLength(2);
	expect(marked!.seq).toBeGreaterThan(pages[0].seq);
	expect(marked!.seq).toBeLessThan(pages[1].seq);
	expect(first).toHaveLength(CAP);
	const held = heldIds(trigger.staticData());
	expect(held).toEqual(truth.filter((id) => !first.includes(id)));
	expect(held.filter((id) => id === latest)).toHaveLength(1);
	const second = inboundIds(await trigger.pollItems());
	expect([...first, ...second].sort((a, b) => a - b)).toEqual(truth);
});
