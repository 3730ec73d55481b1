import type { IDataObject, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../../../emulator';
import { TestCredentialsHelper } from '../../../support/credentials-helper';
import { useEmulator } from '../../../support/emulator';
import { faxRequests, runFaxCloud, type RunOptions } from './support';

/**
 * A Retry never sends a fax twice: the send's key is derived from the workflow, the node, the
 * item and its content, so n8n's Retry (mode 'retry', the same items) carries the keys the first
 * run did, looks them up and sends only what did not go out. Send Once per Key does the same with
 * the user's own key in any run. The emulator's fax store is the ground truth.
 */

const emulator = useEmulator();

const ITEMS = 50;
const orders = (count = ITEMS): INodeExecutionData[] =>
	Array.from({ length: count }, (_, n) => ({ json: { order: `A-${1000 + n}` } }));

const parameters = (options: IDataObject = {}): IDataObject => ({
	operation: 'send',
	faxNumbers: '12125550000',
	content: 'text',
	text: '=Order {{ $json.order }} is confirmed.',
	options: { requestsAtOnce: 1, ...options },
});

const send = (items: INodeExecutionData[], options: IDataObject = {}, run: RunOptions = {}) =>
	runFaxCloud(emulator(), 'outboundFax', parameters(options), { items, ...run });

const searches = (emu: Emulator) => faxRequests(emu, 'GET', '^/v1/outboundfaxes$');
const sends = (emu: Emulator) => faxRequests(emu, 'POST', '^/v1/outboundfaxes$');

/**
 * The service dies at the send after `sendsMade`: from then on every connection to the fax
 * interface is dropped before the service reads it. Counted where n8n-core authenticates each
 * request, just before it leaves; Requests at Once 1 keeps the order exact. Returns the undo.
 */
function serviceDiesAfter(sendsMade: number): () => void {
	const original = TestCredentialsHelper.prototype.authenticate;
	let posts = 0;
	const spy = jest
		.spyOn(TestCredentialsHelper.prototype, 'authenticate')
		.mockImplementation(async function (this: TestCredentialsHelper, ...args) {
			const request = args[2] as IHttpRequestOptions;
			if (request.method === 'POST' && ++posts === sendsMade + 1) {
				emulator().control.addFault({ api: 'fax', kind: 'resetBeforeProcessing' });
			}
			return await original.apply(this, args);
		});
	return () => {
		spy.mockRestore();
		emulator().control.clearFaults();
	};
}

const outcomes = (items: INodeExecutionData[]) => items.map((item) => item.json.sendOnce);
const count = (items: INodeExecutionData[], outcome: string) =>
	outcomes(items).filter((value) => value === outcome).length;

test('a first run without Send Once per Key makes no search, and its items are as before', async () => {
	const result = await send(orders(5));
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json)).toEqual(
		[1, 2, 3, 4, 5].map((faxId) => ({ FaxId: faxId, FaxNumber: '12125550000', GroupId: faxId })),
	);
	expect(searches(emulator())).toHaveLength(0);
	const posted = sends(emulator()).map((request) => request.params);
	expect(new Set(posted.map((params) => params.BatchUniqueId)).size).toBe(5);
	expect(new Set(posted.map((params) => params.BatchName)).size).toBe(1);
	expect(String(posted[0].BatchName)).toMatch(/^n8n-run-[0-9a-z]{20}$/);
});

test('Retry of a bulk send of 50 that died after 20: 20 found, 30 sent, 50 faxes in all, one search', async () => {
	const undo = serviceDiesAfter(20);
	const first = await send(orders());
	undo();
	expect(first.error?.message).toMatch(/connection/i);
	expect(emulator().control.stats().outboundCount).toBe(20);
	const searchesBefore = searches(emulator()).length;
	const sendsBefore = sends(emulator()).length;

	const retry = await send(orders(), {}, { mode: 'retry' });

	expect(retry.error).toBeUndefined();
	expect(emulator().control.stats().outboundCount).toBe(ITEMS);
	expect(retry.items).toHaveLength(ITEMS);
	expect(count(retry.items, 'found')).toBe(20);
	expect(count(retry.items, 'sent')).toBe(30);
	expect(outcomes(retry.items).slice(0, 20)).toEqual(Array(20).fill('found'));
	expect(retry.items.slice(0, 20).map((item) => item.json.FaxId)).toEqual(
		Array.from({ length: 20 }, (_, n) => n + 1),
	);
	expect(retry.items[0].json).toMatchObject({
		FaxNumber: '12125550000',
		FaxStatus: 'awaitingConversion',
	});
	expect(retry.items.map((item) => item.pairedItem)).toEqual(
		Array.from({ length: ITEMS }, (_, item) => ({ item })),
	);
	expect(searches(emulator()).length - searchesBefore).toBe(1);
	expect(sends(emulator()).length - sendsBefore).toBe(30);

	const again = await send(orders(), {}, { mode: 'retry' });
	expect(count(again.items, 'found')).toBe(ITEMS);
	expect(emulator().control.stats().outboundCount).toBe(ITEMS);
});

/**
 * The limit README "What a Retry cannot recognise" states: the derived keys are scoped by
 * workflow, node, position and content, not by execution, so when an earlier execution sent the
 * same items, a Retry of a later run that died halfway takes the earlier faxes for its own and
 * sends none (the full bench met it: its bulk-send rounds send identical items).
 */
test("a Retry takes an identical earlier execution's faxes for its own and sends none (stated limit)", async () => {
	const earlier = await send(orders(10));
	expect(earlier.error).toBeUndefined();
	const undo = serviceDiesAfter(4);
	const first = await send(orders(10));
	undo();
	expect(first.error?.message).toMatch(/connection/i);
	expect(emulator().control.stats().outboundCount).toBe(14);

	const retry = await send(orders(10), {}, { mode: 'retry' });

	expect(retry.error).toBeUndefined();
	// Items 1-4 find two faxes each (the earlier run's and their own), items 5-10 the earlier's.
	expect(count(retry.items, 'found')).toBe(14);
	expect(count(retry.items, 'sent')).toBe(0);
	// The six faxes the failed run never made are not sent: the earlier run's stand in for them.
	expect(emulator().control.stats().outboundCount).toBe(14);
	const found = new Set(retry.items.map((item) => item.json.FaxId));
	expect(earlier.items.every((item) => found.has(item.json.FaxId))).toBe(true);
});

test('a Retry whose items changed in part finds the unchanged sends one by one', async () => {
	await send(orders(5));
	const changed = orders(5);
	changed[3] = { json: { order: 'B-1' } };
	const before = searches(emulator()).length;

	const retry = await send(changed, {}, { mode: 'retry' });

	expect(outcomes(retry.items)).toEqual(['found', 'found', 'found', 'sent', 'found']);
	expect(emulator().control.stats().outboundCount).toBe(6);
	expect(searches(emulator()).length - before).toBe(1 + 5);
});

test('Send Once per Key: two manual runs with the same order numbers send each order once', async () => {
	const options = { sendOnceKey: '={{ $json.order }}' };
	const undo = serviceDiesAfter(20);
	const first = await send(orders(), options);
	undo();
	expect(first.error).toBeDefined();
	expect(emulator().control.stats().outboundCount).toBe(20);

	const second = await send(orders(), options);

	expect(second.error).toBeUndefined();
	expect(emulator().control.stats().outboundCount).toBe(ITEMS);
	expect(count(second.items, 'found')).toBe(20);
	expect(count(second.items, 'sent')).toBe(30);
	expect(second.items[0].json).toMatchObject({ FaxId: 1, sendOnce: 'found' });
	expect(second.items[20].json).toMatchObject({ FaxId: 21, sendOnce: 'sent' });
});

test('Send Once per Key holds when the content changes: the key alone decides', async () => {
	const options = { sendOnceKey: '={{ $json.order }}' };
	await send(orders(2), options);
	const result = await runFaxCloud(
		emulator(),
		'outboundFax',
		{ ...parameters(options), text: 'A new wording' },
		{ items: orders(3) },
	);
	expect(outcomes(result.items)).toEqual(['found', 'found', 'sent']);
	expect(emulator().control.stats().outboundCount).toBe(3);
});

test.each([
	[{ recoveryKey: false }, /needs Recovery Key in Batch Fields on/],
	[{ batchName: 'b', batchUniqueId: 'u' }, /needs Batch Name or Batch Unique ID left empty/],
])(
	'Send Once per Key without a free batch field is refused before any request',
	async (extra, message) => {
		const result = await send(orders(2), { sendOnceKey: '={{ $json.order }}', ...extra });
		expect(result.error?.message).toMatch(/^Invalid "Send Once per Key": /);
		expect(result.error?.message).toMatch(message);
		expect(faxRequests(emulator())).toHaveLength(0);
	},
);
