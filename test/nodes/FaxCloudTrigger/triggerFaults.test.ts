// Faults of the service under a poll: failed requests, answers past the poll's deadline, images
// that cannot be downloaded; each fax is still emitted once and no state is lost.
import type { FaultKind } from '../../../emulator/faults';
import { expectEachOnce, inboundIds, statusChanges } from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import {
	drain,
	faxIds,
	receive,
	useTriggerEmulator,
	watchFromNow,
	watchInbound,
	watchTrigger,
} from './triggerHelpers';

const emu = useTriggerEmulator();

/** Faults that fail a request (`delay` only slows it down), and the status the emulator logs. */
const LOGGED_STATUS: Record<string, number | null> = {
	http500: 500,
	htmlError: 502,
	resetBeforeProcessing: null,
	resetAfterProcessing: null,
	truncatedJson: 201,
};
const FAILING = Object.keys(LOGGED_STATUS) as FaultKind[];

/** A GET is tried three times by the shared helper: three faults in a row fail it for good. */
const GET_ATTEMPTS = 3;

/** Fails the n-th request (1-based) on a path and lets the ones before it through. */
function failNthRequest(path: string, nth: number, kind: FaultKind, method = 'GET') {
	if (nth > 1) emu.control.addFault({ method, path, kind: 'delay', delayMs: 1, count: nth - 1 });
	emu.control.addFault({ method, path, kind, count: method === 'GET' ? GET_ATTEMPTS : 1 });
}

describe.each(FAILING)('Fax Cloud Trigger with the %s fault', (kind) => {
	test('a search failing on its second page changes no state; the next poll emits every fax once', async () => {
		receive(emu);
		const trigger = await watchInbound(emu);
		const before = trigger.staticData();
		emu.control.advance(60_000);
		receive(emu, 600);
		failNthRequest('^/v1/inboundfaxes$', 2, kind);

		await expect(trigger.poll()).rejects.toThrow();
		expect(trigger.staticData()).toEqual(before);

		emu.control.advance(60_000);
		receive(emu, 5);
		expect((await drain(trigger)).flatMap(inboundIds)).toEqual(trigger.inboundSinceStart());
	});

	test('an image download failing mid-poll is tried again after the other faxes: every fax once, with its image', async () => {
		const trigger = await watchInbound(emu, { attachImage: 'pdf' });
		const faxes = receive(emu, 5);
		// A truncated image with a matching length is indistinguishable from a short one.
		const failure = kind === 'truncatedJson' ? 'http500' : kind;
		failNthRequest(`^/v1/inboundfaxes/${faxes[3].FaxId}/image$`, 1, failure);

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		expect(items.every((item) => item.binary?.data.mimeType === 'application/pdf')).toBe(true);
		expect(items.every((item) => item.json.imageError === undefined)).toBe(true);
		expect(await trigger.poll()).toBeNull();
	});

	test('a failed mark keeps the fax emitted once and is retried at the next poll', async () => {
		const trigger = await watchInbound(emu, { markAsRetrieved: true });
		const faxes = receive(emu, 3);
		failNthRequest(`^/v1/inboundfaxes/${faxes[1].FaxId}$`, 1, kind, 'PUT');

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		expect(items.map((item) => item.json.Mark)).toEqual([true, false, true]);
		expect(trigger.staticData().marks).toEqual([[Number(faxes[1].FaxId), 1]]);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toBeUndefined();
		const puts = emu.control.requests({ method: 'PUT', path: `/${faxes[1].FaxId}$` });
		expect(puts.map((r) => r.status)).toEqual([LOGGED_STATUS[kind], 201]);
		expect(emu.control.inboundAll().every((fax) => fax.Mark === 'true')).toBe(true);
	});

	test('outbound status changes: failed polls, then every completion exactly once', async () => {
		const trigger = await watchFromNow(emu, { event: 'outboundFaxStatusChanged' });
		const emitted: string[] = [];
		const numbers = ['12125550000', '12125551000', '12125550002', '12125550006'];
		for (const [index, number] of numbers.entries()) {
			await sendOutbound(emu, 'alice', number);
			emu.control.advance(40_000);
			if (index % 2 === 0) {
				failNthRequest('^/v1/outboundfaxes$', 1, kind);
				const before = trigger.staticData();
				await expect(trigger.poll()).rejects.toThrow();
				expect(trigger.staticData()).toEqual(before);
			}
			emitted.push(...statusChanges(await trigger.pollItems()));
		}
		emu.control.advance(2 * 60 * 60_000);
		emitted.push(...(await drain(trigger)).flatMap(statusChanges));
		expectEachOnce(emitted, trigger.changesSinceStart(['sent', 'sendFailed']));
		expect(emitted).toHaveLength(4);
	});

	test('a first activation that fails stores nothing and is repeated by the next poll', async () => {
		receive(emu, 2);
		const trigger = watchTrigger(emu, { event: 'newInboundFax' });
		failNthRequest('^/v1/inboundfaxes$', 1, kind);
		await expect(trigger.poll()).rejects.toThrow();
		expect(trigger.staticData()).toEqual({});
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData()).toMatchObject({
			windowStart: '2026-01-05T08:50:00.000Z',
			seen: { '2026-01-05T09:00:00.000Z': ['in:1', 'in:2'] },
		});
		const [next] = receive(emu);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(next.FaxId)]);
	});
});

test('slow answers (delay fault) neither fail a poll nor repeat an event', async () => {
	const trigger = await watchInbound(emu, { markAsRetrieved: true });
	const faxes = receive(emu, 300);
	emu.control.addFault({ kind: 'delay', delayMs: 20, probability: 0.5, seed: 7 });
	const emitted = (await drain(trigger)).flatMap(inboundIds);
	expect(emitted).toEqual(faxIds(faxes));
	expect(emu.control.requests().some((r) => r.fault === 'delay')).toBe(true);
});

// Every poll ends by its deadline (n8n 2.x abandons a late poll): each held answer outlasts the
// budget's floor (5 s) and retries, so "the answer was still held" shows the poll did not wait.
const BUDGET_MS = 1_000;
const HELD_MS = 15_000;

/** Holds the next answer on `path` back for HELD_MS (the request is carried out at once). */
function holdNextAnswer(path: string, method = 'GET') {
	emu.control.addFault({ method, path, kind: 'delay', delayMs: HELD_MS, count: 1 });
}

/** Whether the (`first`: first of several) held answer on `path` was still not written. */
function answerStillHeld(path: string, method = 'GET', which: 'only' | 'first' = 'only') {
	const held = emu.control
		.requests({ method, path })
		.filter((request) => request.fault === 'delay');
	if (which === 'only') expect(held).toHaveLength(1);
	return held[0].finishedMs === undefined;
}

/** The same trigger with its state and n8n's usual budget, for the ordinary polls after. */
function withUsualBudget(
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
		holdNextAnswer('^/v1/inboundfaxes$');

		expect(await trigger.poll()).toBeNull();
		expect(answerStillHeld('^/v1/inboundfaxes$')).toBe(true);
		expect(trigger.staticData()).toEqual(before);

		const next = withUsualBudget(parameters, trigger);
		expect(inboundIds(await next.pollItems())).toEqual(faxIds(faxes));
		expect(await next.poll()).toBeNull();
	});

	test('an image that never answers costs its share of the poll, not the poll: the fax is emitted with imageError, the faxes after it with their images', async () => {
		const parameters = { event: 'newInboundFax', attachImage: 'pdf' };
		const trigger = await watchFromNow(emu, parameters, { pollBudgetMs: BUDGET_MS });
		emu.control.advance(60_000);
		const faxes = receive(emu, 3);
		const image = `^/v1/inboundfaxes/${faxes[0].FaxId}/image$`;
		emu.control.addFault({ path: image, kind: 'delay', delayMs: HELD_MS });

		const polls = [await trigger.pollItems()];
		expect(answerStillHeld(image, 'GET', 'first')).toBe(true);
		expect(inboundIds(polls[0])[0]).toBe(Number(faxes[0].FaxId));
		expect(polls[0][0].binary).toBeUndefined();
		expect(polls[0][0].json.imageError).toMatch(/did not send the image within/);

		// This short budget leaves the faxes after it to the next poll; they are not held back.
		const next = withUsualBudget(parameters, trigger);
		polls.push(await next.pollItems());
		const later = polls.flat().slice(1);
		expect(inboundIds(later)).toEqual(faxIds(faxes.slice(1)));
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
		expect(emu.control.requests({ method: 'GET', path: image })).toHaveLength(1);
	});

	test('a mark answer held past the deadline: the faxes are emitted, the mark is retried at the next poll without counting an attempt', async () => {
		const trigger = await watchInbound(emu, { markAsRetrieved: true }, { pollBudgetMs: BUDGET_MS });
		emu.control.advance(60_000);
		const [fax] = receive(emu);
		const mark = `^/v1/inboundfaxes/${fax.FaxId}$`;
		holdNextAnswer(mark, 'PUT');

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual([Number(fax.FaxId)]);
		expect(answerStillHeld(mark, 'PUT')).toBe(true);
		expect(items[0].json.Mark).toBe(false);
		expect(trigger.staticData().marks).toEqual([[Number(fax.FaxId), 0]]);

		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toBeUndefined();
		expect(emu.control.requests({ method: 'PUT', path: mark })).toHaveLength(2);
	});
});

/** A fax whose image cannot be downloaded: emitted once with what went wrong, others not held. */
describe('Fax Cloud Trigger: an image that cannot be downloaded', () => {
	test('each bad image is one event with imageError, the faxes after it come in the same poll, never again', async () => {
		const trigger = await watchInbound(emu, { attachImage: 'pdf' });
		const faxes = receive(emu, 5);
		const [, missing, broken, empty] = faxes.map((fax) => fax.FaxId);
		emu.control.setImageFault('inbound', missing, 'notFound');
		emu.control.setImageFault('inbound', broken, 'serverError');
		emu.control.setImageFault('inbound', empty, 'empty');
		emu.control.advance(60_000);

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		const byId = new Map(items.map((item) => [String(item.json.FaxId), item]));
		for (const good of [faxes[0].FaxId, faxes[4].FaxId]) {
			expect(byId.get(good)!.binary?.data?.mimeType).toBe('application/pdf');
			expect(byId.get(good)!.json.imageError).toBeUndefined();
		}
		for (const bad of [missing, broken, empty]) expect(byId.get(bad)!.binary).toBeUndefined();
		expect(byId.get(missing)!.json.imageError).toMatch(/HTTP 404/);
		expect(byId.get(broken)!.json.imageError).toMatch(/HTTP 500/);
		expect(byId.get(empty)!.json.imageError).toMatch(/empty/);
		// Tried again within the poll a bounded number of times: a 5xx three times, twice; a 404 twice.
		const tries = (faxId: string) =>
			emu.control.requests({ api: 'fax', path: `^/v1/inboundfaxes/${faxId}/image$` }).length;
		expect(tries(broken)).toBe(6);
		expect(tries(missing)).toBe(2);

		expect(await trigger.pollItems()).toEqual([]);
		const later = receive(emu, 1);
		emu.control.advance(60_000);
		expect(inboundIds(await trigger.pollItems())).toEqual([Number(later[0].FaxId)]);
		emu.control.advance(30 * 60_000);
		expect(await trigger.pollItems()).toEqual([]);
	});

	test('Mark as Retrieved leaves a fax emitted without its image unmarked, for a "Mark = false" sweep', async () => {
		const trigger = await watchInbound(emu, { attachImage: 'pdf', markAsRetrieved: true });
		const faxes = receive(emu, 3);
		const [good, missing, alsoGood] = faxes.map((fax) => fax.FaxId);
		emu.control.setImageFault('inbound', missing, 'notFound');
		emu.control.advance(60_000);

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		const marked = emu.control
			.requests({ api: 'fax', method: 'PUT', path: '^/v1/inboundfaxes/' })
			.map((request) => request.path.split('/')[3]);
		expect(marked.sort()).toEqual([good, alsoGood].sort());
		expect(items.find((item) => item.json.FaxId === Number(missing))!.json.Mark).not.toBe(true);
	});

	test('an outbound completion whose image fails is emitted with imageError as well', async () => {
		const parameters = { event: 'outboundFaxStatusChanged', attachImage: 'tif' };
		const trigger = await watchFromNow(emu, parameters, { typeVersion: 2 });
		const first = await sendOutbound(emu, 'alice');
		const second = await sendOutbound(emu, 'alice');
		emu.control.setImageFault('outbound', first, 'notFound');
		emu.control.advance(5 * 60_000);
		const items = await trigger.pollItems();
		const ids = items.map((item) => Number(item.json.faxId ?? item.json.FaxId));
		expect(ids).toEqual([first, second]);
		expect(items[0].json.imageError).toMatch(/HTTP 404/);
		expect(items[1].binary?.data?.mimeType).toBe('image/tiff');
		expect(await trigger.pollItems()).toEqual([]);
	});
});
