import assert from 'node:assert/strict';

import { lastSeq } from '../../../emulator/request-log';
import { outcomeOf } from '../../harness/n8n/manual-runs';
import { waitUntil, watchFor } from '../../harness/waitUntil';
import { postWebhook } from '../../harness/webhook';
import { callerGot, type DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { sendsSince } from '../lib/sent-once';

const SCENARIO = 'queue mode: worker killed while a send is in flight';
const WORKFLOW_ID = 'DeploySendOne001';
/** What README's "Crashes and restarts" says a webhook caller and the execution show. */
const README_CALLER_STATUS = 500;
const README_EXECUTION_ERROR =
	'This execution failed to be processed too many times and will no longer retry';

/**
 * One fax for an order (send-one.json: Batch Unique ID = the order): the service creates the fax
 * and holds its answer while the worker running the execution is killed. The fax must exist once
 * and never be sent again, and the user's lookup by the order's Batch Unique ID find it.
 */
export async function sendInFlight(instance: DeployInstance, report: Report) {
	const { control } = instance.emulator;
	const order = `order-${Date.now()}`;
	const sinceSeq = lastSeq(instance.emulator);
	const before = new Set((await instance.executionsOf(WORKFLOW_ID)).map((e) => e.id));
	instance.hold('POST', '^/v1/outboundfaxes$', 120_000, 1);
	const call = postWebhook(instance.server, 'deploy-send-one', { order }).catch(
		(error: Error) => error,
	);
	const faxCreated = () => sendsSince(instance, sinceSeq).some((r) => r.processed);
	await waitUntil('the send received and the fax created', faxCreated, 60_000, 50);
	const execution = await instance.newExecutionOf(WORKFLOW_ID, before, 'the execution', 30_000);
	const [worker] = instance.workerOfExecutions().get(execution) ?? [];
	assert.ok(worker, `no worker log names execution ${execution}`);
	const killedAt = Date.now();
	await instance.worker(worker).kill();
	report.step(`SIGKILL ${worker} while its send for ${order} waited for the service's answer`);
	// Started again at once, as a supervisor would: Bull's check for stalled jobs runs in the
	// workers, so with no worker alive nothing would ever settle the dead worker's job.
	await instance.startWorker(worker);
	const answer = await call;
	const answeredAfterMs = Date.now() - killedAt;
	await outcomeOf(instance.server, execution);
	const settledAfterMs = Date.now() - killedAt;
	// Time for anything that would send again (a retried job, a restarted worker) to do so.
	const sent = () => sendsSince(instance, sinceSeq).length;
	const sentAtSettle = sent();
	await watchFor('a send again', () => sent() > sentAtSettle, 10_000, 500);
	const sends = sendsSince(instance, sinceSeq);
	const stored = await instance.statusOf(execution);
	const itemsKept = {
		Webhook: (await instance.nodeOutput(execution, 'Webhook')).length,
		'Send Fax': (await instance.nodeOutput(execution, 'Send Fax')).length,
	};
	const { lookup, found } = await instance.lookupBatch(order);
	const figures: Record<string, unknown> = {
		order,
		execution,
		worker,
		sends: sends.length,
		faxesWithTheOrder: sendsSince(instance, 0).filter((r) => r.params.BatchUniqueId === order)
			.length,
		callerGot: callerGot(answer),
		callerAnsweredAfterMs: answeredAfterMs,
		executionStatus: stored.status,
		executionError: stored.error,
		itemsKept,
		settledAfterMs,
		recoveryKeyInBatchName: sends[0]?.params.BatchName,
		lookupFound: found.map(({ json: { FaxId, BatchUniqueId, BatchName, FaxStatus } }) => {
			return { FaxId, BatchUniqueId, BatchName, FaxStatus };
		}),
	};
	report.step(JSON.stringify(figures));
	await report.checkAll(SCENARIO, {
		'the fax exists once: one send reached the service, none after the kill': () => {
			assert.equal(sends.length, 1);
			assert.equal(sends[0].params.BatchUniqueId, order);
		},
		[`the webhook caller gets HTTP ${README_CALLER_STATUS} (README)`]: () => {
			assert.ok(!(answer instanceof Error), String(answer));
			assert.equal(answer.status, README_CALLER_STATUS, answer.text.slice(0, 300));
		},
		[`the execution shows Error, "${README_EXECUTION_ERROR}", and keeps none of its items (README)`]:
			() => {
				assert.equal(stored.status, 'error');
				const error = stored.error ?? '';
				assert.ok(error.startsWith(README_EXECUTION_ERROR), error);
				assert.deepEqual(itemsKept, { Webhook: 0, 'Send Fax': 0 });
			},
		'the lookup by Batch Unique ID finds the one fax': () => {
			assert.ok(lookup.ok, lookup.ok ? '' : lookup.error);
			assert.equal(found.length, 1);
			assert.equal(String(found[0].json.BatchUniqueId), order);
		},
	});
	// What a user's Retry of the failed execution does (after the checks: it sends again).
	const beforeRetry = lastSeq(instance.emulator);
	const retried = await instance.retry(execution);
	const resent = sendsSince(instance, beforeRetry);
	figures.retry = {
		...retried,
		sends: resent.length,
		sameBatchUniqueId: resent.filter((r) => r.params.BatchUniqueId === order).length,
	};
	report.step(`Retry of execution ${execution}: ${JSON.stringify(figures.retry)}`);
	await report.checkAll(SCENARIO, {
		'a Retry of the execution sends nothing: n8n kept none of its data (README)': () => {
			assert.equal(retried.status, 'error', JSON.stringify(retried));
			assert.equal(resent.length, 0);
		},
	});
	control.clearFaults();
	return figures;
}
