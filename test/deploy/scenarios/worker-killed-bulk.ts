import assert from 'node:assert/strict';

import { callerGot, executionError, type DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { EACH_ONCE, faxesPerNumber, notExactlyOnce, sorted, whatTheRunDid } from '../lib/sent-once';
import { waitUntil, watchFor } from '../../harness/waitUntil';
import { postWebhook, type WebhookAnswer } from '../../harness/webhook';
import { lastSeq } from './bulk-send';

export const BULK_ONCE_WORKFLOW = 'bulk-send-once.json';
export const BULK_ONCE_WORKFLOW_ID = 'DeployBulkOnce01';
const WEBHOOK = 'deploy-bulk-send-once';
const SCENARIO = 'queue mode: worker killed during a bulk send, the orders sent again';
const SEND_NODE = 'Send Fax';
const ORDERS = 300;
/** Faxes sent before the worker is killed. */
const KILL_AFTER = 100;

/**
 * A bulk send of 300 orders in one execution (bulk-send-once.json: Send Once per Key = the order)
 * whose worker is killed after 100 faxes. n8n does not run it again (README), so the caller sends
 * the same orders again: the re-run must find the 100 and send the 200, every order's fax exist
 * once; a third call sends nothing.
 */
export async function workerKilledDuringBulkSend(
	instance: DeployInstance,
	report: Report,
): Promise<Record<string, unknown>> {
	const run = `${Date.now()}`;
	const orders = Array.from({ length: ORDERS }, (_, i) => ({
		order: `ORD-${run}-${i + 1}`,
		number: `12127${String(i + 1).padStart(6, '0')}`,
	}));
	const numbers = orders.map((o) => o.number);
	const body = { orders };
	const sinceSeq = lastSeq(instance);
	const known = new Set((await instance.executionsOf(BULK_ONCE_WORKFLOW_ID)).map((e) => e.id));

	const call: Promise<WebhookAnswer | Error> = postWebhook(instance.server, WEBHOOK, body).catch(
		(error: Error) => error,
	);
	const execution = await newExecution(instance, known);
	let worker: string | undefined;
	await waitUntil(
		`a worker starting execution ${execution}`,
		() => (worker = instance.workerOfExecutions().get(execution)?.[0]) !== undefined,
		30_000,
		50,
	);
	await waitUntil(
		`${KILL_AFTER} faxes sent`,
		() => faxesPerNumber(instance, sinceSeq).size >= KILL_AFTER,
		120_000,
		20,
	);
	const killedAt = Date.now();
	await instance.worker(worker!).kill();
	const sentAtKill = faxesPerNumber(instance, sinceSeq).size;
	report.log(
		`  SIGKILL ${worker} after ${sentAtKill} of ${ORDERS} faxes of execution ${execution}`,
	);
	// Restarted at once, as a supervisor would (Bull's stall check runs in the workers).
	await instance.startWorker(worker!);
	const answer = await call;
	await instance.settled(execution);
	// Time for anything that would run the execution again to do so.
	const made = () => JSON.stringify([...faxesPerNumber(instance, sinceSeq)]);
	const madeAtSettle = made();
	await watchFor('a fax made again', () => made() !== madeAtSettle, 10_000, 500);
	const stored = await instance.execution(execution);
	const beforeRerun = faxesPerNumber(instance, sinceSeq);
	const executionsBeforeRerun = (await instance.executionsOf(BULK_ONCE_WORKFLOW_ID)).filter(
		(e) => !known.has(e.id),
	);

	// The caller sends the same orders again, then once more.
	const rerun = await runAgain(instance, body, known, execution);
	const afterRerun = faxesPerNumber(instance, sinceSeq);
	const sentByRerun = faxesPerNumber(instance, rerun.fromSeq);
	const third = await runAgain(instance, body, known, execution, rerun.execution);
	const afterThird = faxesPerNumber(instance, sinceSeq);

	const figures = {
		orders: ORDERS,
		execution,
		worker,
		faxesAtKill: sentAtKill,
		faxesBeforeRerun: beforeRerun.size,
		callerGot: callerGot(answer),
		executionStatus: stored.status,
		executionError: executionError(stored.data),
		settledAfterMs: Date.now() - killedAt,
		rerun: rerun.figures,
		thirdRun: third.figures,
	};
	report.log(`  ${JSON.stringify(figures)}`);

	await report.check(
		SCENARIO,
		'n8n does not run the killed execution again; it ends without success, no fax twice so far',
		() => {
			assert.ok(['crashed', 'error'].includes(stored.status), stored.status);
			assert.deepEqual(
				executionsBeforeRerun.map((e) => e.id),
				[execution],
			);
			assert.deepEqual(notExactlyOnce(beforeRerun, numbers).twice, []);
			assert.ok(beforeRerun.size < ORDERS, 'the kill came before the end');
		},
	);
	await report.check(
		SCENARIO,
		`the same ${ORDERS} orders sent again: success, each order's fax exists exactly once (emulator's request log)`,
		() => {
			assert.equal(rerun.answer.status, 200, rerun.answer.text.slice(0, 300));
			assert.equal(rerun.figures.status, 'success');
			assert.deepEqual(notExactlyOnce(afterRerun, numbers), EACH_ONCE);
			assert.equal(sentByRerun.size, ORDERS - beforeRerun.size, 'faxes the re-run created');
		},
	);
	await report.check(
		SCENARIO,
		"the re-run's items say which faxes it found (those of the killed execution) and which it sent",
		() => {
			assert.deepEqual(rerun.split.unmarked, [], 'items marked neither found nor sent');
			assert.equal(rerun.figures.items, ORDERS, 'one item per order');
			assert.deepEqual(sorted(rerun.split.found), sorted(beforeRerun.keys()), 'found');
			assert.deepEqual(sorted(rerun.split.sent), sorted(sentByRerun.keys()), 'sent');
		},
	);
	await report.check(
		SCENARIO,
		`the same orders a third time: nothing sent, all ${ORDERS} found`,
		() => {
			assert.equal(third.figures.status, 'success');
			assert.equal(third.figures.sends, 0, 'sends');
			assert.equal(third.figures.found, ORDERS, 'items found');
			assert.deepEqual(notExactlyOnce(afterThird, numbers), EACH_ONCE);
		},
	);
	return figures;
}

async function newExecution(instance: DeployInstance, known: Set<string>): Promise<string> {
	return await instance.newExecutionOf(
		BULK_ONCE_WORKFLOW_ID,
		known,
		'the execution of the webhook call',
		60_000,
		100,
	);
}

/** One more call with the same orders; its execution is the one not seen before. */
async function runAgain(
	instance: DeployInstance,
	body: unknown,
	known: Set<string>,
	...earlier: string[]
) {
	const fromSeq = lastSeq(instance);
	const started = performance.now();
	const answer = await postWebhook(instance.server, WEBHOOK, body);
	const ms = Math.round(performance.now() - started);
	const execution = await newExecution(instance, new Set([...known, ...earlier]));
	const stored = await instance.execution(execution);
	const items = await instance.nodeOutput(execution, SEND_NODE);
	const { split, counts } = whatTheRunDid(instance, fromSeq, items);
	return {
		fromSeq,
		answer,
		execution,
		split,
		figures: { execution, status: stored.status, answer: answer.status, ms, ...counts },
	};
}
