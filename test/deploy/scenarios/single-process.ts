import assert from 'node:assert/strict';

import type { PollEngine } from '../../harness/n8n/engines';
import { runWorkflow } from '../../harness/n8n/manual-runs';
import type { DeployInstance } from '../lib/instance';
import { readDeployWorkflow } from '../lib/instance';
import { TriggerLedger } from '../lib/ledger';
import type { Report } from '../lib/scenario-report';
import type { Sink } from '../lib/delivery-sink';
import { sleep, waitUntil } from '../../harness/waitUntil';
import { postWebhook } from '../../harness/webhook';
import { retryBulkSend } from './bulk-retry';
import { BULK_WORKFLOW_ID, lastSeq, sendsSince } from './bulk-send';
import {
	accountFor,
	summarize,
	deliveriesOf,
	executionFigures,
	ids,
	inboundSearches,
	injectFaxes,
	killMainDuringActivationSearch,
	MAX_EVENTS_PER_POLL,
	restartUntilActivationPoll,
	TRIGGER_NODE,
	TRIGGER_WORKFLOW_ID,
	waitForDelivering,
	waitForFinal,
	waitForNewExecution,
	waitForSearch,
} from './trigger-common';
import { errorOf } from './trigger-queue';

/** The scenarios per poll engine: named so that a reader of the results sees the engine. */
export const SINGLE_SCENARIOS: Record<
	PollEngine,
	{ trigger: string; bulk: string; bulkRetry: string }
> = {
	'in-memory': {
		trigger: 'single process: trigger drain under SIGKILLs',
		bulk: 'single process: bulk send under SIGKILL',
		bulkRetry: 'single process: Retry of the crashed bulk send',
	},
	durable: {
		trigger: 'single process, durable poll scheduler: trigger drain under SIGKILLs',
		bulk: 'single process, durable poll scheduler: bulk send under SIGKILL',
		bulkRetry: 'single process, durable poll scheduler: Retry of the crashed bulk send',
	},
};
/** The bulk send's own Batch Unique ID (bulk-send.json): what the user looks up after a crash. */
const BULK_BATCH = 'deploy-bulk';

/**
 * One `n8n start` (SQLite, the default single-process setup) runs the trigger and the bulk send
 * workflows; it is killed with SIGKILL
 *  1. in the middle of the execution a poll started (600 new faxes, 500 per poll), then again
 *  2. while the service holds the search of the activation poll of its restart,
 *  3. in the middle of a bulk send of 1,000 faxes in one execution,
 * and started again after each. Every fax must be emitted into exactly one execution, no fax may
 * be sent twice, and what n8n shows afterwards is recorded. Then the user retries the crashed
 * executions as the editor does: after the Retry of the bulk send every fax exists exactly once,
 * and a second Retry (with the currently saved workflow) sends nothing. It runs once per poll
 * engine of the release, each on an installation of its own started on that engine (under the
 * durable scheduler with durable cursors the trigger's state is n8n's poller_state cursor in
 * SQLite, and no poll runs at a (re)start: the first comes at the next whole minute).
 */
export async function singleProcessCrashes(
	instance: DeployInstance,
	report: Report,
	sink: Sink,
): Promise<Record<string, unknown>> {
	const { control } = instance.emulator;
	const scenarios = SINGLE_SCENARIOS[instance.engine];
	const durable = instance.engine === 'durable';
	// The durable scheduler polls at no restart: the first poll after one comes at the next whole
	// minute once materialized and claimed, and a poll whose process was killed keeps its task's
	// lease (60 s) until n8n's reaper takes it back.
	const restartPollMs = durable ? 240_000 : 150_000;
	const figures: Record<string, unknown> = { engine: instance.engine };
	const ledger = new TriggerLedger(instance, TRIGGER_WORKFLOW_ID, TRIGGER_NODE);
	ledger.start();
	// The trigger's first poll records where "now" is; faxes already there are never emitted.
	// n8n activates published workflows in the background once it is up.
	await instance.waitForTriggerState({ id: TRIGGER_WORKFLOW_ID });

	// 1. Killed in the middle of the execution a poll started.
	const batch = injectFaxes(instance, MAX_EVENTS_PER_POLL + 100);
	report.log(`  ${batch.length} inbound faxes injected; waiting for the next poll (once a minute)`);
	const e1 = await waitForNewExecution(ledger, new Set(), 'the poll emitting');
	await waitForDelivering(sink, e1);
	await instance.killMain();
	const deliveredBeforeKill = deliveriesOf(sink, e1);
	report.log(
		`  SIGKILL n8n while execution ${e1} ran (${deliveredBeforeKill} of ${ledger.emitted.get(e1)?.length} items delivered)`,
	);

	// 2. Restarted, and killed while the service holds its activation poll's search.
	await killMainDuringActivationSearch(instance, 'the activation poll of the restarted n8n');
	report.log("  SIGKILL n8n while the service held its activation poll's search; restarting");
	const restart = await restartUntilActivationPoll(
		instance,
		report,
		ledger,
		new Set([e1]),
		durable
			? "the first poll after the restart emitting the rest (after the killed poll's lease)"
			: 'the activation poll emitting the rest (after the publication lease)',
		'n8n',
		restartPollMs,
	);
	const e2 = restart.execution;
	figures.afterKillDuringActivation = restart.figure;
	await waitForFinal(ledger, [e2, e1], `execution ${e2} finished`);
	const e1Stored = await instance.execution(e1);
	figures.killedExecution = {
		id: e1,
		status: e1Stored.status,
		error: errorOf(e1Stored.data),
		events: ledger.emitted.get(e1)?.length,
		deliveredBeforeKill,
	};

	// 3. Killed in the middle of a bulk send of 1,000 faxes in one execution.
	const sinceSeq = lastSeq(instance);
	const numbers = Array.from({ length: 1000 }, (_, i) => `12129${String(i + 1).padStart(6, '0')}`);
	const call = postWebhook(instance.server, 'deploy-bulk-send', {
		faxes: numbers.map((number) => ({ number })),
	}).catch((error: unknown) => error);
	await waitUntil('300 faxes sent', () => control.stats().outboundCount >= 300, 120_000, 20);
	await instance.killMain();
	const answer = await call;
	const sentAtKill = sendsSince(instance, sinceSeq).length;
	report.log(
		`  SIGKILL n8n after ${sentAtKill} of ${numbers.length} faxes of a bulk send; restarting`,
	);
	const searches = inboundSearches(instance);
	await instance.startMain();
	// The activation poll after this restart (the durable scheduler's first) is also the
	// trigger's "one more poll".
	await waitForSearch(
		instance,
		searches,
		'the activation poll after the bulk send',
		durable ? 150_000 : 60_000,
	);
	await sleep(5000);
	ledger.stop();
	await ledger.readOnce();
	const sends = sendsSince(instance, sinceSeq);
	const bulkExecutions = await instance.executionsOf(BULK_WORKFLOW_ID);
	const bulkStored =
		bulkExecutions.length > 0 ? await instance.execution(bulkExecutions[0].id) : undefined;
	const lookup = await runWorkflow(instance.server, readDeployWorkflow('lookup-batch.json'), {
		batch: BULK_BATCH,
	});
	const found =
		lookup.run?.data.resultData.runData['Faxes of the Batch']?.[0]?.data?.main?.[0] ?? [];

	const account = accountFor(batch, ledger, sink);
	const executions = executionFigures(ledger, sink);
	Object.assign(figures, {
		trigger: { account: summarize(account), executions },
		bulk: {
			faxes: numbers.length,
			sentBeforeKill: sentAtKill,
			sentInAll: sends.length,
			execution: bulkStored && {
				id: bulkStored.id,
				status: bulkStored.status,
				error: errorOf(bulkStored.data),
			},
			callerGot: answer instanceof Error ? `${answer.name}: ${answer.message}` : answer,
			foundByBatchUniqueId: found.length,
		},
	});
	report.log(`  trigger executions: ${JSON.stringify(executions)}`);
	report.log(`  bulk send: ${JSON.stringify(figures.bulk)}`);

	await report.check(
		scenarios.trigger,
		`each of the ${batch.length} faxes emitted into exactly one execution`,
		() => {
			assert.deepEqual(
				{ lost: account.lost, repeated: account.repeated },
				{ lost: [], repeated: [] },
				`lost ${ids(account.lost)}; repeated ${ids(account.repeated)}`,
			);
		},
	);
	await report.check(
		scenarios.trigger,
		`the killed execution ${e1} is marked crashed, its undelivered items are the only ones`,
		() => {
			assert.equal(ledger.status.get(e1), 'crashed');
			assert.deepEqual(account.deliveredTwice, []);
			const inE1 = new Set(ledger.emitted.get(e1));
			assert.ok(account.undelivered.every((faxId) => inE1.has(faxId)));
			assert.equal(ledger.status.get(e2), 'success');
			assert.equal(ledger.emitted.size, 2, `executions: ${JSON.stringify(executions)}`);
		},
	);
	await report.check(scenarios.bulk, 'no fax sent twice, none sent after the restart', () => {
		const counts = new Map<string, number>();
		for (const send of sends)
			counts.set(
				String(send.params.FaxNumber),
				(counts.get(String(send.params.FaxNumber)) ?? 0) + 1,
			);
		assert.deepEqual(
			[...counts].filter(([, n]) => n > 1),
			[],
		);
		assert.equal(sends.length, sentAtKill, 'sends after the kill');
		assert.ok(sends.length < numbers.length, 'the kill came before the end');
	});
	await report.check(
		scenarios.bulk,
		'the execution is marked crashed; Get Many by its Batch Unique ID lists exactly the faxes sent',
		() => {
			assert.equal(bulkStored?.status, 'crashed');
			assert.ok(lookup.ok, lookup.ok ? '' : lookup.error);
			assert.equal(found.length, sends.filter((s) => s.status === 201).length);
		},
	);

	// What a user's Retry of the crashed executions does (after the checks: it acts again).
	const deliveredBefore = new Set(
		sink.received.filter((d) => String(d.body.execution) === e1).map((d) => Number(d.body.faxId)),
	);
	const retriedTrigger = await instance.retry(e1);
	const retryDeliveries = retriedTrigger.id
		? sink.received.filter((d) => String(d.body.execution) === retriedTrigger.id)
		: [];
	const triggerRetry = {
		...retriedTrigger,
		delivered: retryDeliveries.length,
		deliveredAgain: retryDeliveries.filter((d) => deliveredBefore.has(Number(d.body.faxId))).length,
	};
	figures.retryOfCrashedTriggerExecution = triggerRetry;
	report.log(`  Retry of the crashed trigger execution: ${JSON.stringify(triggerRetry)}`);
	await report.check(
		scenarios.trigger,
		'Retry of the crashed execution runs all its items again, those delivered before the crash too (README)',
		() => {
			assert.equal(triggerRetry.status, 'success');
			assert.equal(triggerRetry.delivered, ledger.emitted.get(e1)?.length);
			// All of e1's deliveries, not deliveredBeforeKill: one in flight at the kill may reach
			// the sink after that count.
			assert.equal(triggerRetry.deliveredAgain, deliveredBefore.size);
		},
	);
	if (bulkStored) {
		figures.retryOfCrashedBulkSend = await retryBulkSend(
			instance,
			report,
			bulkStored.id,
			numbers,
			sinceSeq,
			scenarios.bulkRetry,
		);
	}
	return figures;
}
