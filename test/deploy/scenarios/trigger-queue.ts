/**
 * The trigger in queue mode: runs on main, its executions on the workers. The SIGKILL scenarios on
 * n8n's in-memory engine and on its durable poll scheduler; the windows of a poll's writes are
 * probed in queue-state-windows.ts, two Poll Times that fire together in queue-two-poll-times.ts.
 */
import assert from 'node:assert/strict';

import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import type { Sink } from '../../harness/sink';
import { waitUntil } from '../../harness/waitUntil';
import type { DeployInstance, StoredExecution } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import {
	accountFor,
	assertEmittedOnce,
	deliveredBy,
	deliveriesOf,
	executionFigures,
	ids,
	injectFaxes,
	killDuringActivationAndRestart,
	MAX_EVENTS_PER_POLL,
	onDurableEngine,
	POLL_WAIT_MS,
	retryDeliveries,
	scenarioNames,
	summarize,
	TRIGGER_NODE,
	TRIGGER_WORKFLOW_ID,
	TriggerLedger,
	waitForDelivering,
} from './trigger-common';
import { duplicateWindowProbe, lossWindowProbe, type ProbeRun } from './queue-state-windows';
import { twoPollTimesInQueueMode } from './queue-two-poll-times';

export const TRIGGER_SCENARIOS = scenarioNames('queue mode', 'trigger under SIGKILLs');

/** What the steps and the checks of one run of the kills share. */
interface KillRun extends ProbeRun {
	figures: Record<string, unknown>;
	scenario: string;
}

const PROBE = 'queue mode: SIGKILL after the trigger state write, before the execution insert';
const DUPLICATE = 'queue mode: trigger state write failed, then SIGKILL';

/**
 * 1,200 new inbound faxes in two batches while (1) the worker running the first poll's execution,
 * (2) main during the second poll's execution, (3) main during its activation poll's held search
 * are killed and restarted: every fax must be emitted into exactly one execution. Then the two
 * windows the in-memory engine leaves between a poll's state write and execution insert are probed.
 */
export async function triggerInQueueMode(instance: DeployInstance, report: Report, sink: Sink) {
	const ledger = new TriggerLedger(instance, TRIGGER_WORKFLOW_ID, TRIGGER_NODE);
	const scenario = TRIGGER_SCENARIOS['in-memory'];
	const run: KillRun = { instance, report, sink, ledger, scenario, figures: {} };
	// Before this scenario's trigger is active: its faxes belong to a user the batches leave alone.
	run.figures.twoPollTimes = await twoPollTimesInQueueMode(instance, report, sink);
	await instance.publishTrigger({ id: TRIGGER_WORKFLOW_ID });
	ledger.start();
	const kills = await killsDuringTrigger(run);

	const probe = await lossWindowProbe(run);
	const duplicate = await duplicateWindowProbe(run);
	Object.assign(run.figures, { lossProbe: probe, duplicateProbe: duplicate });
	await checkKills(run, kills, new Set(duplicate.executions));
	await report.checkAll(DUPLICATE, {
		"n8n's in-memory engine runs the execution although its state write failed: after a restart the events of that poll are emitted again (a known repeat, see the README)":
			() => {
				assert.ok(duplicate.stateWriteRefused, 'n8n logged the failed state write');
				assert.equal(duplicate.emittedTwice, duplicate.faxes, JSON.stringify(duplicate));
			},
	});
	await report.checkAll(PROBE, {
		"n8n's in-memory engine writes the state first: the events of that poll are never emitted (a known loss, see the README)":
			() => {
				assert.equal(probe.emitted, 0, `probe faxes emitted: ${probe.emitted}`);
				assert.equal(probe.lost, probe.faxes);
			},
	});
	return run.figures;
}

/**
 * The same kills with main on the durable poll scheduler, on the deployment the scenarios before
 * leave; the ledger leaves out the executions n8n already lists.
 */
export async function triggerInQueueModeDurable(
	instance: DeployInstance,
	report: Report,
	sink: Sink,
) {
	const engineSwitch = await onDurableEngine(instance, report);
	const ledger = await TriggerLedger.fromNow(instance, TRIGGER_WORKFLOW_ID, TRIGGER_NODE);
	const figures = { engineSwitch, earlierExecutionsLeftOut: ledger.earlier.size };
	const scenario = TRIGGER_SCENARIOS.durable;
	const run: KillRun = { instance, report, sink, ledger, scenario, figures };
	const workflow = `/workflows/${TRIGGER_WORKFLOW_ID}`;
	const { active } = await instance.server.rest<{ active?: boolean }>('GET', workflow);
	if (!active) await instance.publishTrigger({ id: TRIGGER_WORKFLOW_ID });
	ledger.start();
	const kills = await killsDuringTrigger(run);
	await checkKills(run, kills, new Set());
	return figures;
}

/** Steps 1-3, until the executions have finished; e1 is the execution whose worker was killed. */
async function killsDuringTrigger(run: KillRun) {
	const { instance, report, sink, ledger, figures } = run;
	const workerOf = (execution: string) => String(deliveredBy(sink, execution)[0]?.worker);
	// 1. The first poll's execution: its worker is killed in the middle.
	const batch1 = injectFaxes(instance, 2 * MAX_EVENTS_PER_POLL);
	report.step(`${batch1.length} inbound faxes injected; waiting for the next poll (once a minute)`);
	const e1 = await ledger.waitForNew(new Set(), 'the first poll emitting');
	await waitForDelivering(sink, e1);
	const worker1 = workerOf(e1);
	await instance.worker(worker1).kill();
	const deliveredBeforeWorkerKill = deliveriesOf(sink, e1);
	report.step(
		`SIGKILL ${worker1} while execution ${e1} ran (${deliveredBeforeWorkerKill} of its items delivered)`,
	);
	const killedAt = Date.now();
	// Awaited after step 2; a failure to start is thrown there.
	const workerBack = instance.startWorker(worker1);
	workerBack.catch(() => undefined);

	// 2. The second poll's execution runs on a worker while main is killed.
	await waitForWorkerOutcome(instance, e1, killedAt, figures);
	const e2 = await ledger.waitForNew(new Set([e1]), 'the second poll emitting');
	await waitForDelivering(sink, e2);
	await instance.killMain();
	report.step(
		`SIGKILL main while execution ${e2} ran on ${workerOf(e2)} (${deliveriesOf(sink, e2)} delivered)`,
	);
	await workerBack;

	// 3. New faxes; main restarts and is killed while its (activation) poll's search is held.
	const batch2 = injectFaxes(instance, 200);
	report.step(`${batch2.length} more faxes`);
	const restart = await killDuringActivationAndRestart(instance, report, ledger, new Set([e1, e2]));
	const e3 = restart.execution;
	figures.afterKillDuringActivation = restart.figure;
	await ledger.waitForFinal(`executions ${e2} and ${e3} finished`, [e2, e3]);
	return { batch1, batch2, e1, worker1, deliveredBeforeWorkerKill };
}

/** The checks of the kills (`probes`: the probes' executions), then a user's Retry of e1 (last). */
async function checkKills(
	run: KillRun,
	kills: Awaited<ReturnType<typeof killsDuringTrigger>>,
	probes: Set<string>,
): Promise<void> {
	const { instance, report, sink, ledger, figures, scenario } = run;
	const { batch1, batch2, e1, worker1, deliveredBeforeWorkerKill } = kills;
	ledger.stop();
	await ledger.readOnce();
	// What n8n shows of the execution whose worker died, once every check above has its data.
	const e1Stored = await instance.statusOf(e1);
	const e1Shown = (await instance.nodeOutput(e1, TRIGGER_NODE)).length;

	const workerOf = instance.workerOfExecutions();
	const account1 = accountFor(batch1, ledger, sink);
	const account2 = accountFor(batch2, ledger, sink);
	const executions = executionFigures(ledger, sink).map((execution) => ({
		...execution,
		workers: workerOf.get(execution.id) ?? [],
	}));
	Object.assign(figures, {
		batches: { first: summarize(account1), second: summarize(account2) },
		executions,
		killedWorkerExecution: {
			...e1Stored,
			deliveredBeforeKill: deliveredBeforeWorkerKill,
			itemsShownAfterwards: e1Shown,
		},
	});
	report.step(`executions: ${JSON.stringify(executions)}`);

	await report.checkAll(scenario, {
		[`each of the ${batch1.length + batch2.length} faxes emitted into exactly one execution`]:
			() => {
				assertEmittedOnce(account1, 'first batch: ');
				assertEmittedOnce(account2, 'second batch: ');
			},
		'no fax reported twice by the next node': () => {
			assert.deepEqual([...account1.deliveredTwice, ...account2.deliveredTwice], []);
		},
		'the version 2 trigger emits the simplified record (Simplify left at its default, on)':
			async () => {
				// The killed execution keeps no items (n8n marks it failed); another one of the poll's shows them.
				const shown = [...ledger.emitted.keys()].find((id) => id !== e1);
				assert.ok(shown !== undefined, `an execution besides ${e1}`);
				const items = await instance.nodeOutput(shown, TRIGGER_NODE);
				assert.ok(items.length > 0, `execution ${shown} holds the trigger's items`);
				const extra = [...new Set(items.flatMap(Object.keys))].filter(
					(field) => !SIMPLIFIED_FAX_FIELDS.inbound.includes(field),
				);
				assert.deepEqual(extra, [], 'fields Simplify leaves out');
				assert.ok(items.every((item) => typeof item.FaxId === 'number' && item.FaxStatus));
			},
		[`the execution whose worker was killed is the only one with undelivered items`]: () => {
			const undelivered = [...account1.undelivered, ...account2.undelivered];
			const inE1 = new Set(ledger.emitted.get(e1));
			assert.ok(
				undelivered.every((faxId) => inE1.has(faxId)),
				`undelivered outside ${e1}: ${ids(undelivered.filter((f) => !inE1.has(f)))}`,
			);
			assert.equal(undelivered.length, inE1.size - deliveriesOf(sink, e1));
			assert.ok(workerOf.get(e1)?.includes(worker1));
		},
		[`executions: ${e1} ended without success, the others succeeded, on workers`]: () => {
			assert.ok(
				['crashed', 'error'].includes(ledger.status.get(e1) ?? ''),
				`status of ${e1}: ${ledger.status.get(e1)}`,
			);
			for (const execution of executions.filter((e) => e.id !== e1 && !probes.has(e.id))) {
				assert.equal(execution.status, 'success', JSON.stringify(execution));
				assert.equal(execution.workers.length, 1, JSON.stringify(execution));
			}
		},
	});
	const { retry } = await retryDeliveries(instance, sink, e1);
	figures.retryOfKilledWorkerExecution = retry;
	report.step(`Retry of execution ${e1}: ${JSON.stringify(retry)}`);
	await report.checkAll(scenario, {
		[`n8n keeps none of ${e1}'s items: a Retry delivers nothing and fails as the execution did (README)`]:
			() => {
				assert.equal(e1Shown, 0, `items n8n shows for ${e1}'s trigger`);
				assert.equal(retry.status, 'error', JSON.stringify(retry));
				assert.equal(retry.delivered, 0, JSON.stringify(retry));
			},
	});
}

/**
 * Waits until main has stored the stalled job of the dead worker as Error, "failed to be processed
 * too many times" (README). The restarted worker may mark it Crashed first; main killed before it
 * replaced that (step 2) would leave Crashed for good, a case the README does not describe.
 */
async function waitForWorkerOutcome(
	instance: DeployInstance,
	execution: string,
	killedAt: number,
	figures: Record<string, unknown>,
): Promise<void> {
	const seen: Array<{ status: string; afterMs: number }> = [];
	let stored: StoredExecution | undefined;
	await waitUntil(
		`execution ${execution} stored as Error after its worker died`,
		async () => {
			stored = await instance.execution(execution);
			if (seen.at(-1)?.status !== stored.status)
				seen.push({ status: stored.status, afterMs: Date.now() - killedAt });
			return stored.status === 'error';
		},
		POLL_WAIT_MS,
		{ intervalMs: 500, detail: () => `statuses seen: ${JSON.stringify(seen)}` },
	);
	figures.killedWorkerOutcome = {
		status: stored!.status,
		settledAfterMs: Date.now() - killedAt,
		statusesSeen: seen,
		error: (await instance.statusOf(execution)).error,
	};
}
