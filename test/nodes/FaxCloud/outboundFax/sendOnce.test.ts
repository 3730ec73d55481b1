import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { withFaultAtSend, type RunOptions, textSendOneAtATime, useFaxSuite } from './faxHelpers';
import { fieldOf, jsonOf, storedRun, succeeded } from '../faxCloudExpect';

/**
 * A Retry never sends a fax twice: it derives the keys the first run did (workflow, node, execution
 * lineage, item position), looks them up and sends only what did not go out. Send Once per Key does
 * the same with the user's own key in any run.
 */

const { emulator, run, requests, refused } = useFaxSuite();

const ITEMS = 50;
const orders = (count = ITEMS): INodeExecutionData[] =>
	Array.from({ length: count }, (_, n) => ({ json: { order: `A-${1000 + n}` } }));

const send = (
	items: INodeExecutionData[],
	options: IDataObject = {},
	runOptions: RunOptions = {},
	text = '=Order {{ $json.order }} is confirmed.',
) => run('send', textSendOneAtATime('12125550000', text, options), { items, ...runOptions });

const searches = () => requests('GET', '^/v1/outboundfaxes$');
const sends = () => requests('POST', '^/v1/outboundfaxes$');

/** `run`, the service dying at the send after `sendsMade`: later connections are dropped unread. */
const serviceDiesAfter = <T>(sendsMade: number, run: () => Promise<T>) =>
	withFaultAtSend(emulator(), sendsMade, { kind: 'resetBeforeProcessing' }, run);

const faxCount = () => emulator().control.stats().outboundCount;
const outcomes = (items: INodeExecutionData[]) => items.map((item) => item.json.sendOnce);
/** The first `found` items found, the rest of the 50 sent. */
const foundThenSent = (found: number) =>
	Array.from({ length: ITEMS }, (_, n) => (n < found ? 'found' : 'sent'));

test('a first run without Send Once per Key makes no search, and its items are as before', async () => {
	const result = await send(orders(5)).then(succeeded);
	expect(jsonOf(result)).toEqual(
		[1, 2, 3, 4, 5].map((faxId) => ({ FaxId: faxId, FaxNumber: '12125550000', GroupId: faxId })),
	);
	expect(searches()).toHaveLength(0);
	const posted = sends().map((request) => request.params);
	expect(posted.map((params) => params.BatchUniqueId)).toEqual(
		Array(5).fill(expect.stringMatching(/^n8n-[0-9a-z]{20}$/)),
	);
	expect(new Set(posted.map((params) => params.BatchUniqueId)).size).toBe(5);
	expect(new Set(posted.map((params) => params.BatchName)).size).toBe(1);
	expect(String(posted[0].BatchName)).toMatch(/^n8n-run-[0-9a-z]{20}$/);
});

test('Retry of a bulk send of 50 that died after 20: 20 found, 30 sent, 50 faxes in all, one search; a second Retry of it finds all 50', async () => {
	const first = await serviceDiesAfter(20, () => send(orders()));
	expect(first.error?.message).toMatch(/connection/i);
	expect(faxCount()).toBe(20);
	const searchesBefore = searches().length;
	const sendsBefore = sends().length;

	const retry = await send(orders(), {}, { retryOf: first.run }).then(succeeded);

	expect(faxCount()).toBe(ITEMS);
	expect(outcomes(retry.items)).toEqual(foundThenSent(20));
	expect(fieldOf(retry, 'FaxId').slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, n) => n + 1));
	expect(retry.items[0].json).toMatchObject({
		FaxNumber: '12125550000',
		FaxStatus: 'awaitingConversion',
	});
	expect(retry.items.map((item) => item.pairedItem)).toEqual(orders().map((_, item) => ({ item })));
	expect(searches().length - searchesBefore).toBe(1);
	expect(sends().length - sendsBefore).toBe(30);

	const again = await send(orders(), {}, { retryOf: first.run });
	expect(outcomes(again.items)).toEqual(foundThenSent(ITEMS));
	expect(faxCount()).toBe(ITEMS);
});

test('a Retry with other parameters (the current workflow) finds each send of its execution by position', async () => {
	const first = await serviceDiesAfter(3, () => send(orders(5)));
	const before = searches().length;

	const retry = await send(orders(5), {}, { retryOf: first.run }, 'A corrected wording');

	expect(outcomes(retry.items)).toEqual(['found', 'found', 'found', 'sent', 'sent']);
	expect(faxCount()).toBe(5);
	expect(searches().length - before).toBe(1);
});

test('a Retry finds every fax of a send to several numbers, in the order the first run sent them', async () => {
	const two = ['12125550000', '12125550001'];
	const toTwo = (runOptions: RunOptions) =>
		run('send', textSendOneAtATime(two.join(', '), 'Hi'), { items: orders(2), ...runOptions });
	const first = await serviceDiesAfter(1, () => toTwo({}));
	expect(faxCount()).toBe(2);

	const retry = await toTwo({ retryOf: first.run }).then(succeeded);

	expect(outcomes(retry.items)).toEqual(['found', 'found', 'sent', 'sent']);
	expect(fieldOf(retry, 'FaxNumber')).toEqual([...two, ...two]);
	expect(fieldOf(retry, 'FaxId').slice(0, 2)).toEqual([1, 2]);
	expect(retry.items[0].json.CreateTime).toEqual(expect.any(String));
	expect(faxCount()).toBe(4);
});

test('a Retry whose send’s answer is lost outputs the fax its lookup finds, marked sent', async () => {
	const first = await serviceDiesAfter(1, () => send(orders(3)));
	const lost = { kind: 'resetAfterProcessing', count: 1 } as const;

	const retry = await withFaultAtSend(emulator(), 0, lost, () =>
		send(orders(3), {}, { retryOf: first.run }),
	).then(succeeded);

	expect(outcomes(retry.items)).toEqual(['found', 'sent', 'sent']);
	expect(retry.items[1].json).toMatchObject({ FaxId: 2, recoveredAfterError: true });
	expect(faxCount()).toBe(3);
});

test('a Retry of a proxy sending as several users looks up each user’s faxes', async () => {
	const items = ['alice@acme', 'bob@acme', 'alice@acme'].map((user, n) => ({
		json: { user, order: `A-${n}` },
	}));
	const asUsers = (runOptions: RunOptions) =>
		send(items, { faxUserId: '={{ $json.user }}' }, { user: 'acmeAdmin', ...runOptions });
	const first = await serviceDiesAfter(2, () => asUsers({}));
	expect(faxCount()).toBe(2);

	const retry = await asUsers({ retryOf: first.run }).then(succeeded);

	expect(outcomes(retry.items)).toEqual(['found', 'found', 'sent']);
	expect(faxCount()).toBe(3);
});

test('a Retry sends under the keys earlier versions derived for its execution and items', async () => {
	const stored = storedRun({ version: 1, establishedAt: 1_767_225_600_000, source: 'manual' });
	await send(orders(2), {}, { retryOf: stored }).then(succeeded);
	expect(sends().map(({ params }) => [params.BatchName, params.BatchUniqueId])).toEqual(
		PINNED_RETRY_KEYS,
	);
});

test('Send Once per Key: two manual runs with the same order numbers send each order once', async () => {
	const options = { sendOnceKey: '={{ $json.order }}' };
	const first = await serviceDiesAfter(20, () => send(orders(), options));
	expect(first.error).toBeDefined();
	expect(faxCount()).toBe(20);

	const second = await send(orders(), options).then(succeeded);

	expect(faxCount()).toBe(ITEMS);
	expect(outcomes(second.items)).toEqual(foundThenSent(20));
	expect(second.items[0].json).toMatchObject({ FaxId: 1, sendOnce: 'found' });
	expect(second.items[20].json).toMatchObject({ FaxId: 21, sendOnce: 'sent' });
});

test.each([1, 5])(
	'Send Once per Key with one key on several items of a run sends one fax per key (Requests at Once %i)',
	async (requestsAtOnce) => {
		const keys = ['A-1', 'A-2', 'A-1', 'A-1', 'A-2', 'A-3'];
		const result = await send(
			keys.map((order) => ({ json: { order } })),
			{ sendOnceKey: '={{ $json.order }}', requestsAtOnce },
		).then(succeeded);
		expect(outcomes(result.items)).toEqual(['sent', 'sent', 'found', 'found', 'found', 'sent']);
		expect(faxCount()).toBe(3);
		const faxOf = fieldOf(result, 'FaxId');
		expect([faxOf[2], faxOf[3]]).toEqual([faxOf[0], faxOf[0]]);
		expect(faxOf[4]).toBe(faxOf[1]);
		expect(result.items.map((item) => item.pairedItem)).toEqual(keys.map((_, item) => ({ item })));
	},
);

test('Send Once per Key: an item whose send failed leaves its key to the next item with it', async () => {
	const refusedOnce = { kind: 'http500', status: 503, count: 1 } as const;
	const result = await withFaultAtSend(emulator(), 0, refusedOnce, () =>
		send(
			[...orders(1), ...orders(1)],
			{ sendOnceKey: '={{ $json.order }}' },
			{ continueOnFail: true },
		),
	);
	expect(result.items[0].json.description).toMatch(/found none/);
	expect(outcomes(result.items)).toEqual([undefined, 'sent']);
	expect(fieldOf(result, 'FaxId')).toEqual([undefined, 1]);
	expect(faxCount()).toBe(1);
});

test('Send Once per Key holds when the content changes: the key alone decides', async () => {
	const options = { sendOnceKey: '={{ $json.order }}' };
	await send(orders(2), options);
	const result = await send(orders(3), options, {}, 'A new wording');
	expect(outcomes(result.items)).toEqual(['found', 'found', 'sent']);
	expect(faxCount()).toBe(3);
});

test.each([
	[{ recoveryKey: false }, /needs Recovery Key in Batch Fields on/],
	[{ batchName: 'b', batchUniqueId: 'u' }, /needs Batch Name or Batch Unique ID left empty/],
])(
	'Send Once per Key without a free batch field is refused before any request (%j)',
	async (extra, message) => {
		const result = await send(orders(2), { sendOnceKey: '={{ $json.order }}', ...extra });
		expect(result.error?.message).toMatch(/^Invalid "Send Once per Key": /);
		refused(result, message);
	},
);

/** What the Retry above sends as [BatchName, BatchUniqueId]; other keys would send a run's faxes again. */
const PINNED_RETRY_KEYS = [
	['n8n-run-1llqrxo0u4pcvc1bdj85', 'n8n-1kxo87x142rvle0lkf01'],
	['n8n-run-1llqrxo0u4pcvc1bdj85', 'n8n-1nr3jg3142rvle0fc1am'],
];
