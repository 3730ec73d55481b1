import type { Emulator } from '../../../emulator';
import { inboundIds } from '../../harness/jest/ground-truth';
import { watchFromNow, watchTrigger, useTriggerEmulator, receive, faxIds } from './triggerHelpers';

/**
 * Every poll ends by its deadline with what it could read (n8n 2.x abandons a late poll): each
 * held answer outlasts the budget's floor (5 s), so "the poll ended, the answer was still
 * held" shows the poll did not wait for it.
 */

const emu = useTriggerEmulator();

const BUDGET_MS = 1_000;
/** Longer than the floor and the default request timeout's retries could hide. */
const HELD_MS = 15_000;

/** Holds the next answer on `path` back for HELD_MS (the request is carried out at once). */
function holdNextAnswer(emu: Emulator, path: string, method = 'GET') {
	emu.control.addFault({ method, path, kind: 'delay', delayMs: HELD_MS, count: 1 });
}

/**
 * Whether the held answer on `path` was still not written: the poll did not wait for it. `first`:
 * of several held answers, the first one.
 */
function answerStillHeld(
	emu: Emulator,
	path: string,
	method = 'GET',
	which: 'only' | 'first' = 'only',
) {
	const held = emu.control
		.requests({ method, path })
		.filter((request) => request.fault === 'delay');
	if (which === 'only') expect(held).toHaveLength(1);
	return held[0].finishedMs === undefined;
}

/**
 * The same trigger, its state carried over, with n8n's usual budget: the polls after the one cut
 * short are ordinary polls, and on a loaded machine three image downloads may outlast the short
 * budget's floor, which would rightly leave the last fax to yet another poll.
 */
function withUsualBudget(
	emu: Emulator,
	parameters: Parameters<typeof watchTrigger>[1],
	cut: ReturnType<typeof watchTrigger>,
) {
	const usual = watchTrigger(emu, parameters);
	usual.setStaticData(cut.staticData());
	return usual;
}

describe('Fax Cloud Trigger: a poll bounded in time', () => {
	test('a search answer held past the deadline: the poll ends without it and changes nothing; the next poll emits every fax once', async () => {
		const parameters = { event: 'newInboundFax' };
		const trigger = await watchFromNow(emu, parameters, { pollBudgetMs: BUDGET_MS });
		emu.control.advance(60_000);
		const faxes = receive(emu, 4);
		const before = trigger.staticData();
		holdNextAnswer(emu, '^/v1/inboundfaxes$');

		expect(await trigger.poll()).toBeNull();
		expect(answerStillHeld(emu, '^/v1/inboundfaxes$')).toBe(true);
		expect(trigger.staticData()).toEqual(before);

		const next = withUsualBudget(emu, parameters, trigger);
		expect(inboundIds(await next.pollItems())).toEqual(faxIds(faxes));
		expect(await next.poll()).toBeNull();
	});

	test('an image that never answers costs its share of the poll, not the poll: the fax is emitted with imageError, the faxes after it with their images', async () => {
		const parameters = { event: 'newInboundFax', attachImage: 'pdf' };
		const trigger = await watchFromNow(emu, parameters, { pollBudgetMs: BUDGET_MS });
		emu.control.advance(60_000);
		const faxes = receive(emu, 3);
		const image = `^/v1/inboundfaxes/${faxes[0].FaxId}/image$`;
		// Every request for its image is held: the service never sends it within a poll.
		emu.control.addFault({ path: image, kind: 'delay', delayMs: HELD_MS });

		const polls = [await trigger.pollItems()];
		expect(answerStillHeld(emu, image, 'GET', 'first')).toBe(true);
		expect(inboundIds(polls[0])[0]).toBe(Number(faxes[0].FaxId));
		expect(polls[0][0].binary).toBeUndefined();
		expect(polls[0][0].json.imageError).toMatch(/did not send the image within/);

		// This short budget leaves the faxes after it to the next poll; they are not held back.
		const next = withUsualBudget(emu, parameters, trigger);
		polls.push(await next.pollItems());
		const later = polls.flat().slice(1);
		expect(inboundIds(later)).toEqual(faxes.slice(1).map((fax) => Number(fax.FaxId)));
		expect(later.every((item) => item.binary?.data.mimeType === 'application/pdf')).toBe(true);
		expect(await next.poll()).toBeNull();
	});

	test('an image that did not come within its share is not asked for again in the same poll', async () => {
		const parameters = { event: 'newInboundFax', attachImage: 'pdf' };
		// 15 % of 20 s: a share of 3 s for each image.
		const trigger = await watchFromNow(emu, parameters, { pollBudgetMs: 20_000 });
		emu.control.advance(60_000);
		const [silent, next] = receive(emu, 2);
		const image = `^/v1/inboundfaxes/${silent.FaxId}/image$`;
		emu.control.addFault({ path: image, kind: 'delay', delayMs: HELD_MS });

		const items = await trigger.pollItems();

		expect(inboundIds(items)).toEqual([Number(silent.FaxId), Number(next.FaxId)]);
		expect(items[0].json.imageError).toMatch(/did not send the image within 3 s/);
		expect(items[1].binary?.data.mimeType).toBe('application/pdf');
		// Before: the poll's second pass at failed images gave it a second share (two requests).
		expect(emu.control.requests({ method: 'GET', path: image })).toHaveLength(1);
	});

	test('a mark answer held past the deadline: the faxes are emitted, the mark is retried at the next poll without counting an attempt', async () => {
		const trigger = await watchFromNow(
			emu,
			{ event: 'newInboundFax', markAsRetrieved: true },
			{ pollBudgetMs: BUDGET_MS },
		);
		emu.control.advance(60_000);
		const [fax] = receive(emu);
		const mark = `^/v1/inboundfaxes/${fax.FaxId}$`;
		holdNextAnswer(emu, mark, 'PUT');

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual([Number(fax.FaxId)]);
		expect(answerStillHeld(emu, mark, 'PUT')).toBe(true);
		expect(items[0].json.Mark).toBe(false);
		expect(trigger.staticData().marks).toEqual([[Number(fax.FaxId), 0]]);

		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toBeUndefined();
		expect(emu.control.requests({ method: 'PUT', path: mark })).toHaveLength(2);
	});
});
