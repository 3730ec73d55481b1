import assert from 'node:assert/strict';

import { faxesMadePerNumber, lastSeq } from '../../../emulator/request-log';
import { outcomeOf } from '../../harness/n8n/manual-runs';
import { waitUntil, watchFor } from '../../harness/waitUntil';
import { postWebhook, type WebhookAnswer } from '../../harness/webhook';
import { callerGot, type DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { checkSentAgain, notExactlyOnce, sendAgain } from '../lib/sent-once';

export const BULK_ONCE_WORKFLOW = 'bulk-send-once.json';
export const BULK_ONCE_WORKFLOW_ID = 'DeployBulkOnce01';
const WEBHOOK = 'deploy-bulk-send-once';
const SCENARIO = 'queue mode: worker killed during a bulk send, the orders sent again';
const ORDERS = 300;
/** Faxes sent before the worker is killed. */
const KILL_AFTER = 100;

/**
 * 300 orders in one execution (Send Once per Key = the order), its worker killed after 100 faxes.
 * n8n does not run it again (README), so the caller sends the orders again: the re-run must find
 * the 100 and send the 200, each fax exist once; a third call sends nothing.
 */
export async function workerKilledDuringBulkSend(instance: DeployInstance, report: Report) {
	const run = `${Date.now()}`;
	const orders = Array.from({ length: ORDERS }, (_, i) => ({
		order: `ORD-${run}-${i + 1}`,
		number: `12127${String(i + 1).padStart(6, '0')}`,
	}));
	const numbers = orders.map((o) => o.number);
	const body = { orders };
	const sinceSeq = lastSeq(instance.emulator);
	const made = () => faxesMadePerNumber(instance.emulator, sinceSeq);
	const known = new Set((await instance.executionsOf(BULK_ONCE_WORKFLOW_ID)).map((e) => e.id));

	const call = postWebhook(instance.server, WEBHOOK, body).catch((error: Error) => error);
	const execution = await newExecution(instance, known);
	let worker: string | undefined;
	await waitUntil(
		`a worker starting execution ${execution}`,
		() => (worker = instance.workerOfExecutions().get(execution)?.[0]) !== undefined,
		30_000,
		50,
	);
	await waitUntil(`${KILL_AFTER} faxes sent`, () => made().size >= KILL_AFTER, 120_000, 20);
	const killedAt = Date.now();
	await instance.worker(worker!).kill();
	const sentAtKill = made().size;
	report.step(`SIGKILL ${worker} after ${sentAtKill} of ${ORDERS} faxes of execution ${execution}`);
	// Restarted at once, as a supervisor would (Bull's stall check runs in the workers).
	await instance.startWorker(worker!);
	const answer = await call;
	await outcomeOf(instance.server, execution);
	// Time for anything that would run the execution again to do so.
	const madeNow = () => JSON.stringify([...made()]);
	const madeAtSettle = madeNow();
	await watchFor('a fax made again', () => madeNow() !== madeAtSettle, 10_000, 500);
	const stored = await instance.statusOf(execution);
	const beforeRerun = made();
	const executionsBeforeRerun = (await instance.executionsOf(BULK_ONCE_WORKFLOW_ID)).filter(
		(e) => !known.has(e.id),
	);

	const rerun = await runAgain(instance, sinceSeq, body, known, execution);
	const third = await runAgain(instance, sinceSeq, body, known, execution, rerun.execution);
	const figures = {
		orders: ORDERS,
		execution,
		worker,
		faxesAtKill: sentAtKill,
		faxesBeforeRerun: beforeRerun.size,
		callerGot: callerGot(answer),
		executionStatus: stored.status,
		executionError: stored.error,
		settledAfterMs: Date.now() - killedAt,
		rerun: rerun.figures,
		thirdRun: third.figures,
	};
	report.step(JSON.stringify(figures));

	await report.checkAll(SCENARIO, {
		'n8n does not run the killed execution again; it ends without success, no fax twice so far':
			() => {
				assert.ok(['crashed', 'error'].includes(stored.status), stored.status);
				assert.deepEqual(
					executionsBeforeRerun.map((e) => e.id),
					[execution],
				);
				assert.deepEqual(notExactlyOnce(beforeRerun, numbers).twice, []);
				assert.ok(beforeRerun.size < ORDERS, 'the kill came before the end');
			},
	});
	await checkSentAgain(
		report,
		SCENARIO,
		{ what: 're-run', numbers, before: beforeRerun },
		{
			...rerun,
			also: () => assert.equal(rerun.answer.status, 200, rerun.answer.text.slice(0, 300)),
			title: `the same ${ORDERS} orders sent again: success, each order's fax exists exactly once (emulator's request log)`,
			itemsTitle:
				"the re-run's items say which faxes it found (those of the killed execution) and which it sent",
		},
		{ ...third, title: `the same orders a third time: nothing sent, all ${ORDERS} found` },
	);
	return figures;
}

const newExecution = (instance: DeployInstance, known: Set<string>): Promise<string> =>
	instance.newExecutionOf(
		BULK_ONCE_WORKFLOW_ID,
		known,
		'the execution of the webhook call',
		60_000,
		100,
	);

/** One more call with the same orders; its execution is the one not seen before. */
async function runAgain(
	instance: DeployInstance,
	sinceSeq: number,
	body: unknown,
	known: Set<string>,
	...earlier: string[]
) {
	let answer: WebhookAnswer | undefined;
	let execution = '';
	const run = await sendAgain(instance, sinceSeq, async () => {
		answer = await postWebhook(instance.server, WEBHOOK, body);
		execution = await newExecution(instance, new Set([...known, ...earlier]));
		const { status } = await instance.execution(execution);
		return { id: execution, figures: { execution, status, answer: answer.status } };
	});
	return { ...run, answer: answer!, execution };
}
