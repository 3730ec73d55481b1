import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../emulator';
import type { FaultKind } from '../../emulator/faults';
import { FaxCloud } from '../../nodes/FaxCloud/FaxCloud.node';
import { credentialsFor, useEmulator, type SeedUser } from '../harness/jest/emulator';
import {
	addFaultMix,
	expectEveryFaultKind,
	faultsInjected,
	recordCounts,
	SecretWatch,
	total,
} from '../harness/jest/fault-helpers';
import { OK } from '../harness/jest/helper-call';
import { runNode, type RunNodeOptions } from '../harness/jest/run-node';
import { sendJson, useScriptedServers } from '../harness/jest/scripted-server';

/**
 * Sends under faults: a send whose answer is lost may have created its fax. The node tags every
 * send with a generated key and, after such a failure, looks the key up: what it finds is the
 * send's output, what it does not find is an error. The emulator's request log and fax store are
 * the ground truth.
 */

const emulator = useEmulator();
const node = new FaxCloud();
const scripted = useScriptedServers();

const TIMEOUT_MS = 1_000;
/** A delay fault holds the answer past the send's timeout. */
const DELAY_MS = TIMEOUT_MS * 2;
const KEY = /^n8n-[A-Za-z0-9]{20}$/;
const ITEMS = 300;
const PROCESSED_KINDS = ['resetAfterProcessing', 'delay', 'truncatedJson'];

let watch: SecretWatch;
let faultsSeen = 0;
let sendsMade = 0;
let recovered = 0;

beforeAll(() => {
	const users: SeedUser[] = ['alice', 'acmeAdmin'];
	watch = SecretWatch.forCredentials(...users.map((user) => credentialsFor(emulator(), user)));
	watch.startCapture();
});

afterAll(() => {
	const logLines = watch.stopCapture();
	recordCounts('sends-under-faults', {
		sends: sendsMade,
		recoveredSends: recovered,
		faultsInjected: faultsSeen,
		secretsChecked: watch.checks,
		logLines,
	});
});

afterEach(() => {
	faultsSeen += total(faultsInjected(emulator()));
});

/** The next send (POST) of the fax interface meets this fault. */
const faultNextSend = (kind: FaultKind) =>
	emulator().control.addFault({ api: 'fax', method: 'POST', kind, count: 1, delayMs: DELAY_MS });

/** A send (to 12125550000 unless `parameters` say otherwise), counted and watched for secrets. */
async function send(
	parameters: IDataObject,
	options: Partial<Pick<RunNodeOptions, 'items' | 'continueOnFail' | 'credentials'>> = {},
) {
	const result = await runNode({
		node,
		parameters: {
			resource: 'outboundFax',
			operation: 'send',
			content: 'text',
			text: 'Order confirmed.',
			faxNumbers: '12125550000',
			...parameters,
		},
		credentials: credentialsFor(emulator(), 'alice'),
		...options,
	});
	sendsMade += options.items?.length ?? 1;
	recovered += result.items.filter((item) => item.json.recoveredAfterError === true).length;
	watch.expectRunClean('send', result);
	return result;
}

const twoItems = () => [{ json: {} }, { json: {} }];
const jsonOf = (result: { items: INodeExecutionData[] }) => result.items.map((item) => item.json);
/** The output of a send of one fax whose answer was lost but whose lookup found the fax. */
const RECOVERED = { FaxId: 1, FaxNumber: '12125550000', GroupId: 1, recoveredAfterError: true };

const posts = (emu: Emulator) =>
	emu.control.requests({ api: 'fax', method: 'POST', path: '^/v1/outboundfaxes$' });
const lookups = (emu: Emulator) =>
	emu.control.requests({ api: 'fax', method: 'GET', path: '^/v1/outboundfaxes$' });

describe('one send, one fault', () => {
	test.each(['resetAfterProcessing', 'truncatedJson', 'delay'] as const)(
		'%s: the fax was created, the lookup finds it and reports it as sent',
		async (kind) => {
			faultNextSend(kind);
			const result = await send({
				faxNumbers: '12125550000, +442071234567',
				options: { timeout: TIMEOUT_MS },
			});
			expect(result.error).toBeUndefined();
			const second = { ...RECOVERED, FaxId: 2, FaxNumber: '+442071234567' };
			expect(jsonOf(result)).toEqual([RECOVERED, second]);
			expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }]);
			const [post] = posts(emulator());
			expect(post).toMatchObject({ fault: kind, processed: true });
			expect(lookups(emulator())[0].query).toEqual({
				BatchUniqueId: post.params.BatchUniqueId,
				SortColumn: 'faxId',
				SortOrder: 'asc',
				ResultLimit: '100',
			});
			expect(posts(emulator())).toHaveLength(1);
			expect(emulator().control.stats().outboundCount).toBe(2);
		},
	);

	test.each(['resetBeforeProcessing', 'http500', 'htmlError'] as const)(
		'%s: no fax was created, the lookup finds none, the error says so and nothing is resent',
		async (kind) => {
			faultNextSend(kind);
			const result = await send({}, { continueOnFail: true });
			expect(result.items).toHaveLength(1);
			const [{ json }] = result.items;
			const key = String(posts(emulator())[0].params.BatchUniqueId);
			expect(json.FaxId).toBeUndefined();
			expect(json.mayHaveReachedService).toBe(true);
			expect(json.description).toBe(
				`The node looked the fax up by Batch Unique ID "${key}" and found none, so the service did not create it. The node does not send it again by itself: a request held up in the network could still arrive. Send it again once Get Many still finds no fax with this Batch Unique ID.`,
			);
			expect(posts(emulator())).toHaveLength(1);
			expect(lookups(emulator()).map((request) => request.query.BatchUniqueId)).toEqual([key]);
			expect(emulator().control.stats().outboundCount).toBe(0);
		},
	);

	test('the user’s own BatchUniqueId is kept; the key goes into Batch Name and the lookup uses it', async () => {
		faultNextSend('resetAfterProcessing');
		const result = await send({ options: { batchUniqueId: 'invoices-2026-01' } });
		const [post] = posts(emulator());
		expect(post.params.BatchUniqueId).toBe('invoices-2026-01');
		expect(post.params.BatchName).toMatch(KEY);
		expect(lookups(emulator())[0].query).toMatchObject({ BatchName: post.params.BatchName });
		expect(lookups(emulator())[0].query.BatchUniqueId).toBeUndefined();
		expect(jsonOf(result)).toEqual([RECOVERED]);
	});

	test('the user’s own Batch Name is kept; the key goes into Batch Unique ID', async () => {
		await send({ options: { batchName: 'january' } });
		const [post] = posts(emulator());
		expect(post.params.BatchName).toBe('january');
		expect(post.params.BatchUniqueId).toMatch(KEY);
		expect(emulator().control.outboundFax(1)?.BatchName).toBe('january');
	});

	test('with both batch fields set there is no key: no lookup, the error says what to search for', async () => {
		faultNextSend('resetAfterProcessing');
		const result = await send({ options: { batchUniqueId: 'b-1', batchName: 'january' } });
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(/connection closed before an answer arrived/);
		expect(result.error?.description).toMatch(
			/^The fax may have been created\. With both Batch Name and Batch Unique ID set .*Batch Unique ID "b-1"/,
		);
		expect(lookups(emulator())).toHaveLength(0);
	});

	test('an answer without a FaxId: the node looks its key up and outputs the fax found', async () => {
		const found = { FaxId: '7', FaxNumber: '12125550000', GroupId: '7', FaxStatus: 'sending' };
		const server = await scripted((request, _count, res) =>
			request.method === 'POST'
				? sendJson(res, 201, OK)
				: sendJson(res, 200, { ...OK, FaxInfo: [found], HasMoreResults: 'false' }),
		);
		const credentials = credentialsFor(emulator(), 'alice');
		credentials.faxCloudApi!.faxBaseUrl = server.url;
		const result = await send({}, { credentials });
		expect(jsonOf(result)).toEqual([{ ...RECOVERED, FaxId: 7, GroupId: 7 }]);
		expect(server.received.map((request) => request.method)).toEqual(['POST', 'GET']);
		expect(server.received[1].url).toMatch(/[?&]BatchUniqueId=n8n-[0-9a-z]{20}(&|$)/);
	});

	test('a proxy sending as another user looks up that user’s faxes', async () => {
		faultNextSend('truncatedJson');
		const credentials = credentialsFor(emulator(), 'acmeAdmin');
		const result = await send({ options: { faxUserId: 'bob@acme' } }, { credentials });
		expect(jsonOf(result)).toEqual([RECOVERED]);
		expect(lookups(emulator())[0].query).toMatchObject({ FaxUserId: 'bob@acme' });
	});

	test('a lookup that keeps failing leaves the error, naming the key to search for', async () => {
		faultNextSend('resetAfterProcessing');
		emulator().control.addFault({ api: 'fax', method: 'GET', kind: 'http500' });
		const result = await send({}, { continueOnFail: true });
		const key = String(posts(emulator())[0].params.BatchUniqueId);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toMatchObject({
			error: expect.stringMatching(/connection closed before an answer arrived/),
			mayHaveReachedService: true,
		});
		expect(result.items[0].json.description).toMatch(
			new RegExp(
				`^Looking the fax up failed as well \\(Service error \\(HTTP 500\\).*\\): search Get Many for Batch Unique ID "${key}" before sending again\\.$`,
			),
		);
		expect(lookups(emulator())).toHaveLength(6);
		expect(emulator().control.stats().outboundCount).toBe(1);
	});
});

describe('Recovery Key in Batch Fields off', () => {
	const OFF_ADVICE =
		/^The fax may or may not have been sent\. Recovery Key in Batch Fields is off, so the node has no key to look it up by: search Get Many for the faxes updated since this run started before sending again, or turn the option on to let the node look it up\.$/;

	test('a normal send carries no batch field the user did not fill', async () => {
		const result = await send({ options: { recoveryKey: false } });
		expect(jsonOf(result)).toEqual([{ FaxId: 1, FaxNumber: '12125550000', GroupId: 1 }]);
		const [post] = posts(emulator());
		expect(post.params.BatchUniqueId).toBeUndefined();
		expect(post.params.BatchName).toBeUndefined();
		expect(emulator().control.outboundFax(1)).toMatchObject({ BatchUniqueId: '', BatchName: '' });
	});

	test('the user’s own Batch Unique ID goes alone: no key in Batch Name', async () => {
		await send({ options: { recoveryKey: false, batchUniqueId: 'invoices-2026-01' } });
		const [post] = posts(emulator());
		expect(post.params.BatchUniqueId).toBe('invoices-2026-01');
		expect(post.params.BatchName).toBeUndefined();
	});

	test.each([
		['resetAfterProcessing', 1],
		['truncatedJson', 1],
		['delay', 1],
		['resetBeforeProcessing', 0],
		['http500', 0],
	] as const)(
		'%s: no lookup, the node fails saying the fax may or may not have been sent (%p created)',
		async (kind, created) => {
			faultNextSend(kind);
			const result = await send({ options: { recoveryKey: false, timeout: TIMEOUT_MS } });
			expect(result.items).toEqual([]);
			expect(result.error?.name).toBe('NodeApiError');
			expect(result.error?.description).toMatch(OFF_ADVICE);
			expect(lookups(emulator())).toHaveLength(0);
			expect(posts(emulator())).toHaveLength(1);
			expect(emulator().control.stats().outboundCount).toBe(created);
		},
	);

	test('an answer without a FaxId: no lookup either, and the same advice', async () => {
		const server = await scripted((_request, _count, res) => sendJson(res, 201, OK));
		const credentials = credentialsFor(emulator(), 'alice');
		credentials.faxCloudApi!.faxBaseUrl = server.url;
		const parameters = { text: 'Hi', options: { recoveryKey: false } };
		const result = await send(parameters, { credentials });
		expect(result.error?.message).toBe('The service accepted the fax but returned no FaxId');
		expect(result.error?.description).toMatch(OFF_ADVICE);
		expect(server.received.map((request) => request.method)).toEqual(['POST']);
	});

	test('with Continue On Fail the lost send is an error item naming the user’s Batch Unique ID; the next item is sent', async () => {
		faultNextSend('resetAfterProcessing');
		const result = await send(
			{
				options: {
					recoveryKey: false,
					batchUniqueId: 'b-9',
					timeout: TIMEOUT_MS,
					// One at a time, so the first item's send is the one that meets the fault.
					requestsAtOnce: 1,
				},
			},
			{ items: twoItems(), continueOnFail: true },
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const [lost, sent] = jsonOf(result);
		expect(lost).toMatchObject({
			error: expect.stringMatching(/connection closed before an answer arrived/),
			mayHaveReachedService: true,
			description: expect.stringMatching(
				/^The fax may or may not have been sent\. .*search Get Many for the faxes with Batch Unique ID "b-9" updated since this run started/,
			),
		});
		expect(sent).toMatchObject({ FaxNumber: '12125550000', GroupId: sent.FaxId });
		expect(lookups(emulator())).toHaveLength(0);
	});
});

describe(`${ITEMS} sends with Continue On Fail, 20% of requests faulted`, () => {
	test('every item ends as one success or one error; the emulator’s faxes equal the successes', async () => {
		const emu = emulator();
		addFaultMix(emu, { api: 'fax', share: 0.2, seed: 8, delayMs: DELAY_MS });
		const items = Array.from({ length: ITEMS }, (_, n) => ({ json: { n } }));
		const result = await send(
			{
				faxNumbers: "={{ '1212' + String(5000000 + $json.n) }}",
				text: "={{ 'Order ' + $json.n }}",
				options: { faxDescription: "={{ 'item ' + $json.n }}", timeout: TIMEOUT_MS },
			},
			{ items, continueOnFail: true },
		);
		expect(result.error).toBeUndefined();

		// One output item per input item, in order, each a success or an error.
		expect(result.items).toHaveLength(ITEMS);
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		const successes = result.items.filter((item) => typeof item.json.FaxId === 'number');
		const errors = result.items.filter((item) => typeof item.json.error === 'string');
		expect(successes.length + errors.length).toBe(ITEMS);

		// Ground truth: one POST per item (nothing resent); a fax for each processed POST only.
		const sent = posts(emu);
		expect(sent).toHaveLength(ITEMS);
		const stored = Array.from({ length: emu.control.stats().outboundCount }, (_, index) =>
			emu.control.outboundFax(index + 1),
		);
		expect(stored).toHaveLength(sent.filter((request) => request.processed).length);
		const descriptions = stored.map((fax) => fax?.FaxDescription);
		expect(new Set(descriptions).size).toBe(stored.length);

		// The successes are the emulator's faxes, one for one, each paired with its own item.
		expect(successes.map((item) => item.json.FaxId).sort((a, b) => Number(a) - Number(b))).toEqual(
			stored.map((fax) => Number(fax?.FaxId)),
		);
		for (const [index, item] of result.items.entries()) {
			const post = sent.find((request) => request.params.FaxDescription === `item ${index}`)!;
			expect(post).toBeDefined();
			if (typeof item.json.FaxId === 'number') {
				expect(post.processed).toBe(true);
				const fax = emu.control.outboundFax(item.json.FaxId);
				expect(fax).toMatchObject({
					FaxDescription: `item ${index}`,
					FaxNumber: post.params.FaxNumber,
				});
				expect(fax?.BatchUniqueId).toBe(post.params.BatchUniqueId);
				// Recovered exactly when the POST's answer was lost after the fax was created.
				expect(item.json.recoveredAfterError === true).toBe(
					PROCESSED_KINDS.includes(post.fault ?? ''),
				);
			} else {
				expect(post.processed).toBe(false);
				expect(item.json.mayHaveReachedService).toBe(true);
				expect(item.json.description).toMatch(/and found none, so the service did not create it/);
			}
		}

		// Every ambiguous send was looked up by its own key.
		const keysLookedUp = new Set(lookups(emu).map((request) => request.query.BatchUniqueId));
		for (const post of sent.filter((request) => request.fault)) {
			expect(keysLookedUp.has(post.params.BatchUniqueId as string)).toBe(true);
		}

		// The mix: every kind of fault happened, about a fifth of all requests in all.
		const injected = expectEveryFaultKind(emu);
		const requestCount = emu.control.requests({ api: 'fax' }).length;
		expect(total(injected) / requestCount).toBeGreaterThan(0.12);
		expect(total(injected) / requestCount).toBeLessThan(0.28);
	});
});
