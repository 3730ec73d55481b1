import assert from 'node:assert/strict';

import { faxesMadePerNumber, lastSeq } from '../../../emulator/request-log';
import type { Sink } from '../../harness/sink';
import { sleep, waitUntil } from '../../harness/waitUntil';
import { postWebhook } from '../../harness/webhook';
import { callerGot, type DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { checkSentAgain, notExactlyOnce, sendAgain, sendsSince, tally } from '../lib/sent-once';
import { BULK_WORKFLOW_ID } from './bulk-send';
import {
	accountFor,
	assertEmittedOnce,
	summarize,
	deliveriesOf,
	executionFigures,
	inboundSearches,
	injectFaxes,
	killDuringActivationAndRestart,
	MAX_EVENTS_PER_POLL,
	retryDeliveries,
	scenarioName,
	TRIGGER_NODE,
	TRIGGER_WORKFLOW_ID,
	TriggerLedger,
	waitForDelivering,
	waitForSearch,
} from './trigger-common';
/** The bulk send's own Batch Unique ID (bulk-send.json): what the user looks up after a crash. */
const BULK_BATCH = 'deploy-bulk';

/**
 * One `n8n start` (SQLite), SIGKILLed and restarted (1) in a poll's execution (600 new faxes, 500
 * a poll), (2) during its activation poll's held search, (3) in a bulk send of 1,000 faxes: every
 * fax emitted into exactly one execution, sent at most once; then the user retries the crashed.
 */
export async function singleProcessCrashes(instance: DeployInstance, report: Report, sink: Sink) {
	const { control } = instance.emulator;
	const name = (what: string) => scenarioName('single process', instance.engine, what);
	const scenarios = {
		trigger: name('trigger drain under SIGKILLs'),
		bulk: name('bulk send under SIGKILL'),
		bulkRetry: name('Retry of the crashed bulk send'),
	};
	const figures: Record<string, unknown> = { engine: instance.engine };
	const ledger = new TriggerLedger(instance, TRIGGER_WORKFLOW_ID, TRIGGER_NODE);
	ledger.start();
	// The trigger's first poll records where "now" is; faxes already there are never emitted.
	await instance.waitForTriggerState({ id: TRIGGER_WORKFLOW_ID });

	// 1. Killed in the middle of the execution a poll started.
	const batch = injectFaxes(instance, MAX_EVENTS_PER_POLL + 100);
	report.step(`${batch.length} inbound faxes injected; waiting for the next poll (once a minute)`);
	const e1 = await ledger.waitForNew(new Set(), 'the poll emitting');
	await waitForDelivering(sink, e1);
	await instance.killMain();
	const deliveredBeforeKill = deliveriesOf(sink, e1);
	report.step(
		`SIGKILL n8n while execution ${e1} ran (${deliveredBeforeKill} of ${ledger.emitted.get(e1)?.length} items delivered)`,
	);

	// 2. Restarted, and killed while the service holds its activation poll's search.
	const restart = await killDuringActivationAndRestart(instance, report, ledger, new Set([e1]));
	const e2 = restart.execution;
	figures.afterKillDuringActivation = restart.figure;
	await ledger.waitForFinal(`execution ${e2} finished`, [e2, e1]);
	figures.killedExecution = {
		...(await instance.statusOf(e1)),
		events: ledger.emitted.get(e1)?.length,
		deliveredBeforeKill,
	};

	// 3. Killed in the middle of a bulk send of 1,000 faxes in one execution.
	const sinceSeq = lastSeq(instance.emulator);
	const numbers = Array.from({ length: 1000 }, (_, i) => `12129${String(i + 1).padStart(6, '0')}`);
	const call = postWebhook(instance.server, 'deploy-bulk-send', {
		faxes: numbers.map((number) => ({ number })),
	}).catch((error: Error) => error);
	await waitUntil('300 faxes sent', () => control.stats().outboundCount >= 300, 120_000, 20);
	await instance.killMain();
	const answer = await call;
	const sentAtKill = sendsSince(instance, sinceSeq).length;
	report.step(
		`SIGKILL n8n after ${sentAtKill} of ${numbers.length} faxes of a bulk send; restarting`,
	);
	const searches = inboundSearches(instance);
	await instance.startMain();
	// The activation poll after this restart (the durable scheduler's first): "one more poll".
	const timeoutMs = instance.engine === 'durable' ? 150_000 : 60_000;
	await waitForSearch(instance, 'the activation poll after the bulk send', searches, timeoutMs);
	await sleep(5000);
	ledger.stop();
	await ledger.readOnce();
	const sends = sendsSince(instance, sinceSeq);
	const [bulkExecution] = await instance.executionsOf(BULK_WORKFLOW_ID);
	const bulkStored = bulkExecution && (await instance.statusOf(bulkExecution.id));
	const { lookup, found } = await instance.lookupBatch(BULK_BATCH);

	const account = accountFor(batch, ledger, sink);
	const executions = executionFigures(ledger, sink);
	Object.assign(figures, {
		trigger: { account: summarize(account), executions },
		bulk: {
			faxes: numbers.length,
			sentBeforeKill: sentAtKill,
			sentInAll: sends.length,
			execution: bulkStored,
			callerGot: callerGot(answer),
			foundByBatchUniqueId: found.length,
		},
	});
	report.step(`trigger executions: ${JSON.stringify(executions)}`);
	report.step(`bulk send: ${JSON.stringify(figures.bulk)}`);

	await report.checkAll(scenarios.trigger, {
		[`each of the ${batch.length} faxes emitted into exactly one execution`]: () =>
			assertEmittedOnce(account),
		[`the killed execution ${e1} is marked crashed, its undelivered items are the only ones`]:
			() => {
				assert.equal(ledger.status.get(e1), 'crashed');
				assert.deepEqual(account.deliveredTwice, []);
				const inE1 = new Set(ledger.emitted.get(e1));
				assert.ok(account.undelivered.every((faxId) => inE1.has(faxId)));
				assert.equal(ledger.status.get(e2), 'success');
				assert.equal(ledger.emitted.size, 2, `executions: ${JSON.stringify(executions)}`);
			},
	});
	await report.checkAll(scenarios.bulk, {
		'no fax sent twice, none sent after the restart': () => {
			const counts = tally(sends.map((send) => String(send.params.FaxNumber)));
			assert.deepEqual(notExactlyOnce(counts, numbers).twice, []);
			assert.equal(sends.length, sentAtKill, 'sends after the kill');
			assert.ok(sends.length < numbers.length, 'the kill came before the end');
		},
		'the execution is marked crashed; Get Many by its Batch Unique ID lists exactly the faxes sent':
			() => {
				assert.equal(bulkStored?.status, 'crashed');
				assert.ok(lookup.ok, lookup.ok ? '' : lookup.error);
				assert.equal(found.length, sends.filter((s) => s.status === 201).length);
			},
	});

	// What a user's Retry of the crashed executions does (after the checks: it acts again).
	const { deliveredBefore, retry: triggerRetry } = await retryDeliveries(instance, sink, e1);
	figures.retryOfCrashedTriggerExecution = triggerRetry;
	report.step(`Retry of the crashed trigger execution: ${JSON.stringify(triggerRetry)}`);
	await report.checkAll(scenarios.trigger, {
		'Retry of the crashed execution runs all its items again, those delivered before the crash too (README)':
			() => {
				assert.equal(triggerRetry.status, 'success');
				assert.equal(triggerRetry.delivered, ledger.emitted.get(e1)?.length);
				// All of e1's deliveries: one in flight at the kill may arrive after deliveredBeforeKill.
				assert.equal(triggerRetry.deliveredAgain, deliveredBefore.size);
			},
	});
	// The user retries the crashed bulk send with the original workflow, then, unsure whether it
	// worked, with the currently saved one.
	if (!bulkStored) return figures;
	const existedBefore = faxesMadePerNumber(instance.emulator, sinceSeq);
	const retry = (loadWorkflow: boolean) =>
		sendAgain(instance, sinceSeq, async () => {
			const retried = await instance.retry(bulkStored.id, loadWorkflow);
			return { id: retried.id, figures: retried };
		});
	const original = await retry(false);
	const current = await retry(true);
	const retries = {
		faxes: numbers.length,
		existingBeforeRetry: existedBefore.size,
		originalWorkflow: original.figures,
		currentWorkflow: current.figures,
	};
	figures.retryOfCrashedBulkSend = retries;
	report.step(`Retry of the crashed bulk send: ${JSON.stringify(retries)}`);
	await checkSentAgain(
		report,
		scenarios.bulkRetry,
		{ what: 'Retry', numbers, before: existedBefore },
		{
			...original,
			title: `Retry with the original workflow: success, each of the ${numbers.length} faxes exists exactly once (emulator's request log)`,
			itemsTitle: `the Retry's items say which faxes it found (those created before the crash) and which it sent`,
		},
		{
			...current,
			title: `a second Retry, with the currently saved workflow, sends nothing and finds all ${numbers.length}`,
		},
	);
	return figures;
}
