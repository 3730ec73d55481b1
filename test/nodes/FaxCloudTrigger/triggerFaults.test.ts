import type { FaultKind } from '../../../emulator/faults';
import type { Emulator } from '../../../emulator';
import { expectEachOnce, inboundIds, statusChanges } from '../../harness/jest/ground-truth';
import { sendOutbound } from '../../harness/jest/trigger-kit';
import {
	drain,
	watchFromNow,
	watchTrigger,
	useTriggerEmulator,
	receive,
	faxIds,
} from './triggerHelpers';

const emu = useTriggerEmulator();

/** Faults that fail a request; `delay` only slows it down. */
const FAILING: FaultKind[] = [
	'http500',
	'htmlError',
	'resetBeforeProcessing',
	'resetAfterProcessing',
	'truncatedJson',
];

/** A GET is tried three times by the shared helper: three faults in a row fail it for good. */
const GET_ATTEMPTS = 3;

/** Fails the n-th request (1-based) on a path and lets the ones before it through. */
function failNthRequest(emu: Emulator, path: string, nth: number, kind: FaultKind, method = 'GET') {
	if (nth > 1) emu.control.addFault({ method, path, kind: 'delay', delayMs: 1, count: nth - 1 });
	emu.control.addFault({ method, path, kind, count: method === 'GET' ? GET_ATTEMPTS : 1 });
}

describe.each(FAILING)('Fax Cloud Trigger with the %s fault', (kind) => {
	test('a search failing on its second page changes no state; the next poll emits every fax once', async () => {
		receive(emu);
		const trigger = await watchFromNow(emu, { event: 'newInboundFax' });
		const before = trigger.staticData();
		emu.control.advance(60_000);
		receive(emu, 600);
		failNthRequest(emu, '^/v1/inboundfaxes$', 2, kind);

		await expect(trigger.poll()).rejects.toThrow();
		expect(trigger.staticData()).toEqual(before);

		emu.control.advance(60_000);
		receive(emu, 5);
		const emitted = (await drain(trigger)).flatMap(inboundIds);
		expect(new Set(emitted).size).toBe(emitted.length);
		expect(emitted).toEqual(trigger.inboundSinceStart());
	});

	test('an image download failing mid-poll is tried again after the other faxes: every fax once, with its image', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax', attachImage: 'pdf' });
		const faxes = receive(emu, 5);
		// A truncated image with a matching length is indistinguishable from a short one.
		const failure = kind === 'truncatedJson' ? 'http500' : kind;
		failNthRequest(emu, `^/v1/inboundfaxes/${faxes[3].FaxId}/image$`, 1, failure);

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		expect(items.every((item) => item.binary?.data.mimeType === 'application/pdf')).toBe(true);
		expect(items.every((item) => item.json.imageError === undefined)).toBe(true);
		expect(await trigger.poll()).toBeNull();
	});

	test('a failed mark keeps the fax emitted once and is retried at the next poll', async () => {
		const trigger = await watchFromNow(emu, { event: 'newInboundFax', markAsRetrieved: true });
		const faxes = receive(emu, 3);
		failNthRequest(emu, `^/v1/inboundfaxes/${faxes[1].FaxId}$`, 1, kind, 'PUT');

		const items = await trigger.pollItems();
		expect(inboundIds(items)).toEqual(faxIds(faxes));
		expect(items[1].json.Mark).toBe(false);
		expect(trigger.staticData().marks).toEqual([[Number(faxes[1].FaxId), 1]]);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().marks).toBeUndefined();
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
				failNthRequest(emu, '^/v1/outboundfaxes$', 1, kind);
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
		failNthRequest(emu, '^/v1/inboundfaxes$', 1, kind);
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
	const trigger = await watchFromNow(emu, { event: 'newInboundFax', markAsRetrieved: true });
	const faxes = receive(emu, 300);
	emu.control.addFault({ kind: 'delay', delayMs: 20, probability: 0.5, seed: 7 });
	const emitted = (await drain(trigger)).flatMap(inboundIds);
	expect(emitted).toEqual(faxIds(faxes));
	expect(emu.control.requests().some((r) => r.fault === 'delay')).toBe(true);
});
