import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { faxesMadePerNumber } from '../../../../emulator/request-log';
import { waitUntil } from '../../../harness/waitUntil';
import { withFaultAtSend, textSendOneAtATime, useFaxSuite, type RunOptions } from './faxHelpers';
import { calledByParent, fieldOf, hintsOf, lineageOfRun, succeeded } from '../faxCloudExpect';

/**
 * A send belongs to its execution lineage: the execution and every Retry of it. A recurring run
 * with the same workflow, node, items and content is another lineage: it never takes an earlier
 * week's faxes, and Retry On Fail, inside one execution, sends only what did not go out.
 */

const { emulator, run } = useFaxSuite();

const NUMBERS = Array.from({ length: 6 }, (_, n) => `1212555010${n + 1}`);
const items = (): INodeExecutionData[] => NUMBERS.map((number) => ({ json: { number } }));

const weeklyNotice = (options: IDataObject) =>
	textSendOneAtATime('={{ $json.number }}', 'The weekly notice.', options);
const send = (runOptions: RunOptions = {}, options: IDataObject = {}) =>
	run('send', weeklyNotice(options), { items: items(), ...runOptions });

/** Faxes the service made per number (sends it processed), in NUMBERS order. */
const faxesPerNumber = () =>
	NUMBERS.map((number) => faxesMadePerNumber(emulator()).get(number) ?? 0);

const outcomes = (result: { items: INodeExecutionData[] }) => fieldOf(result, 'sendOnce');

/** `run`, whose sixth send is answered 503 once, and the service creates nothing for it. */
const sixthRefusedOnce = <T>(run: () => Promise<T>) =>
	withFaultAtSend(emulator(), 5, { kind: 'http500', status: 503, count: 1 }, run);

/** A run whose third send is dropped unread: two faxes made, the run failed. */
async function failsAtThirdSend(runOptions: RunOptions, options: IDataObject = {}) {
	const fault = { kind: 'resetBeforeProcessing', count: 1 } as const;
	const result = await withFaultAtSend(emulator(), 2, fault, () => send(runOptions, options));
	expect(result.error).toBeDefined();
	return result;
}

/**
 * Two executions' lookups answered in pairs, one of each: the k-th of one is answered only once the
 * other's k-th arrived, so both look each key up before either sends it, however the machine
 * schedules them. A hold ends after 5 s at most, well within the test's time, if no partner comes.
 */
const lookupsInPairs = (pairs: number) => {
	const hold = { method: 'GET', path: '^/v1/outboundfaxes$', delayMs: 5_000 };
	for (let pair = 0; pair < pairs; pair++)
		emulator().control.addFault({ ...hold, kind: 'delay', count: 2, releaseAtOnce: 2 });
};
/** Lookups the pairs held: two a pair, or the executions did not look up as the test assumes. */
const pairedLookups = () =>
	emulator()
		.control.requests()
		.filter((r) => r.fault === 'delay').length;

test("a recurring run whose sixth send is refused once fails without taking last week's fax; its Retry sends the sixth", async () => {
	await send({ executionId: 'week-1' }).then(succeeded);
	expect(faxesPerNumber()).toEqual([1, 1, 1, 1, 1, 1]);
	const week2 = await sixthRefusedOnce(() => send({ executionId: 'week-2' }));
	expect(week2.error?.message).toMatch(/503|unavailable/i);
	expect(week2.error?.description).toMatch(/looked the fax up .* found none/);
	expect(faxesPerNumber()).toEqual([2, 2, 2, 2, 2, 1]);

	const retry = await send({ executionId: 'week-2-retry', retryOf: week2.run });

	expect(retry.error).toBeUndefined();
	expect(outcomes(retry)).toEqual(['found', 'found', 'found', 'found', 'found', 'sent']);
	expect(faxesPerNumber()).toEqual([2, 2, 2, 2, 2, 2]);
	// The faxes found are week 2's, not week 1's (FaxIds 7 to 11).
	expect(retry.items.slice(0, 5).map((item) => item.json.FaxId)).toEqual([7, 8, 9, 10, 11]);

	const retryOfRetry = await send({ executionId: 'week-2-retry-2', retryOf: retry.run });
	expect(outcomes(retryOfRetry)).toEqual(Array(6).fill('found'));
	expect(faxesPerNumber()).toEqual([2, 2, 2, 2, 2, 2]);
});

test('Retry On Fail re-runs the node inside the execution and sends only what did not go out', async () => {
	const settings = { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 };
	const result = await sixthRefusedOnce(() => send({ executionId: 'retry-on-fail', settings }));

	expect(result.error).toBeUndefined();
	expect(faxesPerNumber()).toEqual([1, 1, 1, 1, 1, 1]);
	expect(outcomes(result)).toEqual(['found', 'found', 'found', 'found', 'found', 'sent']);
});

/**
 * n8n runs a node in a loop again in the same execution with the next run index. Each such run is
 * a first run (its sends go out without a lookup); only a later try of the same run (Retry On Fail)
 * repeats one. The engine here runs a node once, so the runs are given as n8n gives them.
 */
test('a node in a loop: its next run in the execution is a first run, a later try of it a rerun', () => {
	const nodeContext: IDataObject = {};
	const seen = [0, 1, 1].map((runIndex) => lineageOfRun(nodeContext, runIndex));
	expect(seen.map(({ rerun, began }) => ({ rerun, began }))).toEqual([
		{ rerun: false, began: false },
		{ rerun: false, began: false },
		{ rerun: true, began: true },
	]);
	expect(new Set(seen.map(({ id }) => id)).size).toBe(1);
});

test('a Retry of a run whose Send After was {{ $now }} finds what went out although the time changed', async () => {
	const options = { sendAfter: '={{ $now.plus({ minutes: 1 }).toISO() }}' };
	const fault = { kind: 'resetBeforeProcessing', count: 1 } as const;
	const first = await withFaultAtSend(emulator(), 3, fault, () =>
		send({ executionId: 'send-after' }, options),
	);
	expect(first.error).toBeDefined();
	expect(faxesPerNumber()).toEqual([1, 1, 1, 0, 0, 0]);
	const firstAt = Date.now();
	await waitUntil('{{ $now }} to move on', () => Date.now() > firstAt, 1_000, 1);

	const retry = await send({ executionId: 'send-after-retry', retryOf: first.run }, options);

	expect(retry.error).toBeUndefined();
	expect(outcomes(retry)).toEqual(['found', 'found', 'found', 'sent', 'sent', 'sent']);
	expect(faxesPerNumber()).toEqual([1, 1, 1, 1, 1, 1]);
});

test('a Retry after n8n kept the execution context but not the node context (progress saved) still finds its faxes', async () => {
	const first = await failsAtThirdSend({ executionId: 'progress' });
	const saved = structuredClone(first.run);
	saved.data.executionData!.contextData = {};

	const retry = await send({ executionId: 'progress-retry', retryOf: saved });

	expect(outcomes(retry)).toEqual(['found', 'found', 'sent', 'sent', 'sent', 'sent']);
	expect(faxesPerNumber()).toEqual([1, 1, 1, 1, 1, 1]);
});

test('a Retry of an execution n8n kept nothing of (killed before saving) sends nothing and says why', async () => {
	await failsAtThirdSend({ executionId: 'killed' });
	const before = emulator().control.requests({}).length;

	const retry = await send({ executionId: 'killed-retry', mode: 'retry' });

	expect(retry.error?.message).toBe(
		'This Retry cannot tell which faxes the execution it repeats already sent',
	);
	expect(retry.error?.description).toMatch(/Save Execution Progress/);
	expect(emulator().control.requests({}).length).toBe(before);
	expect(faxesPerNumber()).toEqual([1, 1, 0, 0, 0, 0]);
});

test.each([
	['Recovery Key in Batch Fields off', { recoveryKey: false }],
	['both batch fields set', { batchName: 'weekly', batchUniqueId: 'w-1' }],
])(
	'with %s every Retry sends again, n8n’s record kept or not: there is no key',
	async (_name, options) => {
		const first = await failsAtThirdSend({ executionId: 'no-key' }, options);

		const kept = await send({ executionId: 'no-key-retry', retryOf: first.run }, options);
		const killed = await send({ executionId: 'no-key-killed-retry', mode: 'retry' }, options);

		for (const retry of [kept, killed]) {
			expect(retry.error).toBeUndefined();
			// Nothing was looked up, so no item carries Send Once's mark.
			expect(outcomes(retry)).toEqual(Array(6).fill(undefined));
		}
		expect(faxesPerNumber()).toEqual([3, 3, 2, 2, 2, 2]);
	},
);

test('with Send Once per Key such a Retry needs no record: the keys decide', async () => {
	const options = { sendOnceKey: '={{ $json.number }}' };
	await failsAtThirdSend({ executionId: 'killed' }, options);

	const retry = await send({ executionId: 'killed-retry', mode: 'retry' }, options);

	expect(outcomes(retry)).toEqual(['found', 'found', 'sent', 'sent', 'sent', 'sent']);
	expect(faxesPerNumber()).toEqual([1, 1, 1, 1, 1, 1]);
});

/**
 * What the service allows: it enforces no uniqueness of Batch Name or Batch Unique ID, and offers
 * no "create unless one exists". Two executions that look the same key up at the same moment both
 * find nothing and both send; README "Crashes and restarts" says so, and this pins it. One after
 * the other, the second Retry finds everything: sendOnce.test.ts retries one run twice.
 */
test('two Retries of one execution started together may both send what was missing (stated limit)', async () => {
	const first = await failsAtThirdSend({ executionId: 'together' });
	// Each Retry makes one search for the whole run: both look before either sends.
	lookupsInPairs(1);
	const [one, two] = await Promise.all([
		send({ executionId: 'together-retry-1', retryOf: first.run }),
		send({ executionId: 'together-retry-2', retryOf: first.run }),
	]);
	expect(pairedLookups()).toBe(2);
	expect(outcomes(one).slice(0, 2)).toEqual(['found', 'found']);
	expect(outcomes(two).slice(0, 2)).toEqual(['found', 'found']);
	expect(faxesPerNumber()).toEqual([1, 1, 2, 2, 2, 2]);
});

test('a Send in an execution of its own shows no warning', async () => {
	const result = await send({ executionId: 'own' }).then(succeeded);
	expect(hintsOf(result)).toEqual([]);
});

test('a Send in a sub-workflow without Send Once per Key warns that a Retry of the parent sends again', async () => {
	const plain = await send(calledByParent);
	const keyed = await send(calledByParent, { sendOnceKey: '={{ $json.number }}' });

	expect(plain.error).toBeUndefined();
	expect(hintsOf(plain)).toEqual([
		expect.stringMatching(
			/^This Send runs in a sub-workflow, .* Set Send Once per Key to a value the parent passes in/,
		),
	]);
	expect(hintsOf(keyed)).toEqual([]);
});

test('two executions with the same Send Once key: together both may send (stated limit), one after the other once', async () => {
	const options = { sendOnceKey: '={{ $json.number }}' };
	// One item at a time, each looked up by its own key: six lookups an execution.
	lookupsInPairs(NUMBERS.length);
	await Promise.all([
		send({ executionId: 'once-a' }, options),
		send({ executionId: 'once-b' }, options),
	]);
	expect(pairedLookups()).toBe(12);
	expect(faxesPerNumber()).toEqual([2, 2, 2, 2, 2, 2]);
	const third = await send({ executionId: 'once-c' }, options);
	// Each key now has two faxes: the third run outputs both and sends nothing.
	expect(outcomes(third)).toEqual(Array(12).fill('found'));
	expect(faxesPerNumber()).toEqual([2, 2, 2, 2, 2, 2]);
});
