/**
 * A fax goes out once on every path n8n offers, in a real n8n: the same workflow run again next
 * week (a recurring send), n8n's Retry of a failed run (with the original and the current
 * workflow), the node setting Retry On Fail, one Send Once key on several items, Send After
 * built from $now, and a Send in a sub-workflow of a retried parent. Each check judges by the
 * emulator's request log (what the service made) and by what n8n stored.
 */
import type { Emulator } from '../../emulator';
import { faxesMadePerNumber, lastSeq as lastSeqOf } from '../../emulator/request-log';
import type { WorkflowFile } from '../harness/n8n/examples';
import { outcomeOf, runWorkflow, saveWorkflow, type RunOutcome } from '../harness/n8n/manual-runs';
import type { N8nServer } from '../harness/n8n/n8n-server';
import { loadWorkflows, type E2eEnvironment } from '../harness/environment';
import type { FeatureCheck } from './features';
import { assert } from './lib/assert';
import { activate, mustSucceed } from './lib/n8n-rest';

const WORKFLOW = 'test/e2e/workflows/v2/send-lineage.json';
const SEND_NODE = 'Send Notice';
/** Six recipients, 12125550101 to 12125550106. */
const NUMBERS = Array.from({ length: 6 }, (_, n) => `1212555010${n + 1}`);

type Node = WorkflowFile['nodes'][number] & Record<string, unknown>;

function weeklyNotice(
	change: (send: Node, workflow: WorkflowFile) => void = () => {},
): WorkflowFile {
	const [workflow] = loadWorkflows([WORKFLOW]);
	const copy = structuredClone(workflow);
	change(copy.nodes.find((node) => node.name === SEND_NODE) as Node, copy);
	return copy;
}

function sendOptions(send: Node): Record<string, unknown> {
	return send.parameters.options as Record<string, unknown>;
}

/** Faxes the service made per number since `sinceSeq`, in NUMBERS order. */
function faxesPerNumber(emulator: Emulator, sinceSeq: number): number[] {
	const counts = faxesMadePerNumber(emulator, sinceSeq);
	return NUMBERS.map((number) => counts.get(number) ?? 0);
}

const each = (count: number) => NUMBERS.map(() => count);

function sendOutcomes(outcome: RunOutcome, node = SEND_NODE): unknown[] {
	const runs = outcome.run?.data.resultData.runData[node] ?? [];
	const items = runs.at(-1)?.data?.main?.[0] ?? [];
	return items.map((item) => item.json.sendOnce);
}

/** What the Manual Trigger gives each run (pinned, as a test prepares it in the editor). */
const startItem = (run = 'week') => ({ E2E_NUMBERS: NUMBERS.join(','), E2E_RUN: run });

/** Saved once, run as often as a test wants (its Start pinned with `run`'s item). */
const saveWeekly = (server: N8nServer, workflow: WorkflowFile, run?: string) =>
	saveWorkflow(server, workflow, startItem(run));

/** A run of the saved workflow, as "Execute workflow" in the editor. */
const runSaved = (server: N8nServer, workflow: WorkflowFile, savedId: string, run = 'week') =>
	runWorkflow(server, workflow, startItem(run), { savedId });

/** The executions list's Retry (with the original workflow, or the currently saved one). */
const retry = async (
	server: N8nServer,
	executionId: string,
	workflowId: string,
	loadWorkflow = false,
) => await outcomeOf(server, await server.retryExecution(executionId, workflowId, loadWorkflow));

/** The sixth send of the next run is answered 503 once; the service creates nothing for it. */
function sixthRefusedOnce(emulator: Emulator): string {
	return emulator.control.addFault({
		api: 'fax',
		method: 'POST',
		path: '^/v1/outboundfaxes$',
		kind: 'http500',
		status: 503,
		count: 1,
		after: 5,
	});
}

/** From the fourth send of the next run on, the service drops every connection unread. */
function diesAtFourthSend(emulator: Emulator): () => void {
	const id = emulator.control.addFault({ api: 'fax', kind: 'resetBeforeProcessing', after: 3 });
	return () => emulator.control.removeFault(id);
}

/** No fault left by an earlier check; where the request log stood before this one. */
function freshStart(environment: E2eEnvironment): { emulator: Emulator; since: number } {
	const { emulator } = environment;
	emulator.control.clearFaults();
	return { emulator, since: lastSeqOf(emulator) };
}

const ALL_FOUND = each(0).map(() => 'found');
const FIVE_FOUND_ONE_SENT = [...ALL_FOUND.slice(0, 5), 'sent'];

export const SEND_LINEAGE_CHECKS: FeatureCheck[] = [
	{
		title:
			'Send lineage: a recurring send whose sixth send is refused once fails loudly, and its Retry makes two faxes per number',
		workflow: WORKFLOW,
		async run(environment: E2eEnvironment, server: N8nServer) {
			const { emulator, since } = freshStart(environment);
			const workflow = weeklyNotice();
			const id = await saveWeekly(server, workflow);
			mustSucceed(await runSaved(server, workflow, id), 'week 1');
			assert.deepEqual(faxesPerNumber(emulator, since), each(1), 'week 1');

			sixthRefusedOnce(emulator);
			const week2 = await runSaved(server, workflow, id);
			// Before: the lost answer's lookup took week 1's fax: success, [2 2 2 2 2 1].
			assert.equal(week2.ok, false, 'week 2 fails: its sixth fax was not sent');
			assert.match(week2.ok ? '' : week2.error, /503|unavailable/i);
			assert.deepEqual(faxesPerNumber(emulator, since), [2, 2, 2, 2, 2, 1]);

			const retried = await retry(server, week2.executionId!, id);
			mustSucceed(retried, 'the Retry with the original workflow');
			assert.deepEqual(sendOutcomes(retried), FIVE_FOUND_ONE_SENT);
			assert.deepEqual(faxesPerNumber(emulator, since), each(2), 'after the Retry');

			const again = await retry(server, week2.executionId!, id, true);
			mustSucceed(again, 'a second Retry, with the currently saved workflow');
			assert.deepEqual(sendOutcomes(again), ALL_FOUND);
			assert.deepEqual(faxesPerNumber(emulator, since), each(2), 'after the second Retry');
		},
	},
	{
		title: 'Send lineage: Retry On Fail re-runs the node and sends only what did not go out',
		workflow: WORKFLOW,
		async run(environment, server) {
			const { emulator, since } = freshStart(environment);
			const workflow = weeklyNotice((send) => {
				Object.assign(send, { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 });
			});
			const id = await saveWeekly(server, workflow);
			sixthRefusedOnce(emulator);
			const outcome = await runSaved(server, workflow, id);
			// Before: the second try sent all six again, [2 2 2 2 2 1].
			mustSucceed(outcome, 'the run with Retry On Fail');
			assert.deepEqual(faxesPerNumber(emulator, since), each(1));
			assert.deepEqual(sendOutcomes(outcome), FIVE_FOUND_ONE_SENT);
		},
	},
	{
		title:
			'Send lineage: Send After {{ $now }} changes on the Retry, and what went out is still found',
		workflow: WORKFLOW,
		async run(environment, server) {
			const { emulator, since } = freshStart(environment);
			const workflow = weeklyNotice((send) => {
				sendOptions(send).sendAfter = '={{ $now.plus({ minutes: 5 }).toISO() }}';
			});
			const id = await saveWeekly(server, workflow);
			const revive = diesAtFourthSend(emulator);
			const first = await runSaved(server, workflow, id);
			revive();
			assert.equal(first.ok, false, 'the first run fails at its fourth send');
			assert.deepEqual(faxesPerNumber(emulator, since), [1, 1, 1, 0, 0, 0]);

			const retried = await retry(server, first.executionId!, id);
			mustSucceed(retried, 'the Retry');
			assert.deepEqual(sendOutcomes(retried), ['found', 'found', 'found', 'sent', 'sent', 'sent']);
			assert.deepEqual(faxesPerNumber(emulator, since), each(1));
		},
	},
	{
		title: 'Send lineage: Send Once per Key with one key on several items sends one fax per key',
		workflow: WORKFLOW,
		async run(environment, server) {
			const { emulator, since } = freshStart(environment);
			const workflow = weeklyNotice((send) => {
				Object.assign(sendOptions(send), { sendOnceKey: '={{ $json.number }}', requestsAtOnce: 5 });
			});
			const numbers = [NUMBERS[0], NUMBERS[1], NUMBERS[0], NUMBERS[0], NUMBERS[1], NUMBERS[2]];
			const outcome = await runWorkflow(server, workflow, { E2E_NUMBERS: numbers.join(',') });
			mustSucceed(outcome, 'the run');
			assert.deepEqual(sendOutcomes(outcome), ['sent', 'sent', 'found', 'found', 'found', 'sent']);
			assert.deepEqual(faxesPerNumber(emulator, since), [1, 1, 1, 0, 0, 0]);
		},
	},
	{
		title:
			"Send lineage: a sub-workflow's Send with a key from the parent sends once when the parent is retried",
		workflow: WORKFLOW,
		async run(environment, server) {
			const { emulator, since } = freshStart(environment);
			const sub = subWorkflowSender();
			const subId = await saveWeekly(server, sub);
			// n8n 2.x runs a sub-workflow outside the editor (a Retry) only once it is published.
			if (server.release.line === 2) await activate(server, subId);
			const parent = parentCalling(subId);
			const parentId = await saveWeekly(server, parent, 'run-2026-11-27');
			sixthRefusedOnce(emulator);
			const first = await runSaved(server, parent, parentId, 'run-2026-11-27');
			assert.equal(first.ok, false, 'the parent fails with its sub-workflow');
			assert.deepEqual(faxesPerNumber(emulator, since), [1, 1, 1, 1, 1, 0]);

			const retried = await retry(server, first.executionId!, parentId);
			mustSucceed(retried, "the parent's Retry");
			assert.deepEqual(faxesPerNumber(emulator, since), each(1));
		},
	},
];

/** A node of a workflow built here, on the first row at `x`. */
function workflowNode(
	id: string,
	name: string,
	type: string,
	typeVersion: number,
	x: number,
	parameters: Record<string, unknown>,
) {
	return { id, name, type, typeVersion, position: [x, 0], parameters };
}

/** The Send of the weekly notice alone, called by a parent: its key comes from the parent. */
function subWorkflowSender(): WorkflowFile {
	return weeklyNotice((send, workflow) => {
		sendOptions(send).sendOnceKey = '={{ $json.key }}';
		const trigger = workflowNode(
			'00000000-0000-4000-9000-000000019101',
			'When Called',
			'n8n-nodes-base.executeWorkflowTrigger',
			1.1,
			440,
			{ inputSource: 'passthrough' },
		);
		workflow.nodes = [trigger, send];
		workflow.name = 'E2E v2: the weekly notice, as a sub-workflow';
		workflow.connections = {
			'When Called': { main: [[{ node: SEND_NODE, type: 'main', index: 0 }]] },
		};
	});
}

/**
 * Six numbers, each with a key made of the parent's trigger item (E2E_RUN: what a Schedule
 * Trigger's timestamp is in production, kept by a Retry) and the number, handed to the sender.
 */
function parentCalling(subId: string): WorkflowFile {
	return weeklyNotice((send, workflow) => {
		const key = workflowNode(
			'00000000-0000-4000-9000-000000019201',
			'Key',
			'n8n-nodes-base.set',
			3.4,
			660,
			{
				assignments: {
					assignments: [
						{
							id: '7d0e8a64-3c4b-4a0e-9a51-19c2b1f0a002',
							name: 'key',
							value: "={{ $('Start').first().json.E2E_RUN }}-{{ $json.number }}",
							type: 'string',
						},
					],
				},
				includeOtherFields: true,
				options: {},
			},
		);
		const call = workflowNode(
			'00000000-0000-4000-9000-000000019202',
			'Send Through Sub-Workflow',
			'n8n-nodes-base.executeWorkflow',
			1.2,
			880,
			{
				source: 'database',
				workflowId: { __rl: true, value: subId, mode: 'id' },
				mode: 'once',
				options: { waitForSubWorkflow: true },
			},
		);
		workflow.nodes = [...workflow.nodes.filter((node) => node !== send), key, call];
		workflow.name = 'E2E v2: the weekly notice through a sub-workflow';
		workflow.connections = {
			...(workflow.connections as Record<string, unknown>),
			'One Per Number': { main: [[{ node: 'Key', type: 'main', index: 0 }]] },
			Key: { main: [[{ node: call.name, type: 'main', index: 0 }]] },
		};
	});
}
