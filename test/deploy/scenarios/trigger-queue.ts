/**
 * The trigger in queue mode: runs on main, its executions on the workers. The SIGKILL scenarios on
 * n8n's in-memory engine and on its durable poll scheduler, the two windows of a poll's writes on
 * each, and a trigger with two Poll Times that fire together.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';

import { SEED_USERS } from '../../../emulator';
import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';
import type { WorkflowFile } from '../../harness/n8n/examples';
import { secondsSince } from '../../harness/report';
import type { PostgresService } from '../../harness/services/postgres';
import type { Sink } from '../../harness/sink';
import { sleep, waitUntil } from '../../harness/waitUntil';
import {
	executionError,
	readDeployWorkflow,
	type DeployInstance,
	type StoredExecution,
} from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { tally } from '../lib/sent-once';
import {
	accountFor,
	assertEmittedOnce,
	deliveredBy,
	deliveriesOf,
	emittedOnceCheck,
	executionFigures,
	ids,
	inboundSearches,
	injectFaxes,
	killDuringActivationAndRestart,
	MAX_EVENTS_PER_POLL,
	onDurableEngine,
	POLL_WAIT_MS,
	retryDeliveries,
	scenarioName,
	scenarioNames,
	summarize,
	TRIGGER_NODE,
	TRIGGER_WORKFLOW_ID,
	TriggerLedger,
	waitForDeliveries,
	waitForDelivering,
	waitForSearch,
} from './trigger-common';
export const TRIGGER_SCENARIOS = scenarioNames('queue mode', 'trigger under SIGKILLs');

/** What the steps and the checks of one run of the kills share. */
interface KillRun {
	instance: DeployInstance;
	report: Report;
	sink: Sink;
	ledger: TriggerLedger;
	figures: Record<string, unknown>;
	scenario: string;
}

const PROBE = 'queue mode: SIGKILL after the trigger state write, before the execution insert';
const DUPLICATE = 'queue mode: trigger state write failed, then SIGKILL';

/**
 * The trigger runs on main, its executions on the workers. 1,200 new inbound faxes arrive in two
 * batches while (1) the worker running the first poll's execution is killed in the middle of it,
 * (2) main is killed while the second poll's execution runs, (3) main is killed while the
 * emulator holds its activation poll's search; each is started again. Every fax must be emitted
 * into exactly one execution. Then the two windows the in-memory engine leaves open between a
 * poll's state write and its execution insert are probed.
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

	// 4. The probes of the window between the state write and the execution insert.
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

/**
 * Steps 1-3: a worker killed, main killed twice; waits until the executions have finished. Gives
 * the checks the batches, the execution whose worker was killed (e1), the worker, and what e1 had
 * delivered by then.
 */
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

/**
 * The checks of the kills, on this scenario's executions (`probes`: those of the probes); then
 * what a user's Retry of the execution whose worker was killed does (it delivers again: last).
 */
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
	const e1Stored = await instance.execution(e1);
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
			id: e1,
			status: e1Stored.status,
			error: executionError(e1Stored.data),
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
			if (seen.at(-1)?.status !== stored.status) {
				seen.push({ status: stored.status, afterMs: Date.now() - killedAt });
			}
			return stored.status === 'error';
		},
		POLL_WAIT_MS,
		{ intervalMs: 500, detail: () => `statuses seen: ${JSON.stringify(seen)}` },
	);
	figures.killedWorkerOutcome = {
		status: stored!.status,
		settledAfterMs: Date.now() - killedAt,
		statusesSeen: seen,
		error: executionError(stored!.data),
	};
}

async function lossWindowProbe({ instance, report, ledger }: KillRun) {
	const { postgres } = instance;
	const stateNow = () =>
		postgres.sql(
			`SELECT "staticData"::text FROM workflow_entity WHERE id = '${TRIGGER_WORKFLOW_ID}'`,
		);
	const before = stateNow();
	const known = new Set(ledger.emitted.keys());
	const faxes = injectFaxes(instance, 20);
	await withExecutionInsertsHeld(postgres, async () => {
		report.step(
			`probe: ${faxes.length} faxes, execution inserts held by Postgres; waiting for the next poll`,
		);
		await withinAPoll('the trigger state written by the next poll', () => stateNow() !== before);
		// The poll's execution insert is now waiting for the lock.
		await sleep(1000);
		await instance.killMain();
	});
	report.step('probe: SIGKILL main after the state write, before the execution insert; restarting');
	const searches = inboundSearches(instance);
	await instance.startMain();
	await waitForSearch(instance, 'the activation poll after the probe', searches, 60_000);
	await sleep(5000);
	await ledger.readOnce();
	const { lost } = emittedOnceCheck(faxes, ledger);
	return {
		faxes: faxes.length,
		emitted: faxes.length - lost.length,
		lost: lost.length,
		execution: [...ledger.emitted.keys()].find((id) => !known.has(id)),
	};
}

/**
 * The other order: the state write fails (the database refuses any change of staticData; n8n
 * logs it and runs the execution), then main dies before a later poll writes the state again.
 * The poll is main's activation poll after a restart; the next restart reads the older state.
 */
async function duplicateWindowProbe({ instance, report, ledger, sink }: KillRun) {
	const known = new Set(ledger.emitted.keys());
	const logged = mainLogFromNow(instance);
	let first: string | undefined;
	let faxes: number[] = [];
	const refusal = { table: 'workflow_entity', column: 'staticData', message: 'static data' };
	await withColumnWritesRefused(instance.postgres, refusal, async () => {
		faxes = injectFaxes(instance, 20);
		await instance.killMain();
		await instance.startMain();
		report.step(
			`probe: ${faxes.length} faxes, the database refuses the trigger's state write; main restarted`,
		);
		first = await ledger.waitForNew(known, 'the activation poll emitting the probe faxes', 60_000);
		await waitForDeliveries(sink, first, faxes.length);
		await instance.killMain();
	});
	const refused = logged(/problem saving the workflow/);
	report.step(`probe: SIGKILL main after execution ${first} ran; restarting`);
	await instance.startMain();
	let second: string | undefined;
	try {
		second = await ledger.waitForNew(
			new Set([...known, first!]),
			'the activation poll after the probe',
			60_000,
		);
		await waitForDeliveries(sink, second, faxes.length);
	} catch {
		// nothing emitted again: the check says so
	}
	await ledger.readOnce();
	const byFax = ledger.executionsByFax();
	const delivered = tally(sink.received.map((d) => Number(d.faxId)));
	return {
		faxes: faxes.length,
		stateWriteRefused: refused !== undefined,
		n8nLogged: refused?.trim().slice(0, 200),
		emittedTwice: faxes.filter((faxId) => (byFax.get(faxId) ?? []).length === 2).length,
		deliveredTwice: faxes.filter((faxId) => delivered.get(faxId) === 2).length,
		executions: [first, second].filter((id): id is string => id !== undefined),
	};
}

const WORKFLOW = 'trigger-two-poll-times.json';
/** A node name of its own: main's log line about the poll that stepped aside names the node. */
const NODE = 'Two Poll Times';
const FAXES = 300;
/** Every inbound search is held this long, so the two polls of a minute overlap. */
const SEARCH_HELD_MS = 2000;
export const OVERLAP_SCENARIOS = scenarioNames('queue mode', 'two Poll Times that fire together');

/**
 * A trigger with two Poll Times entries that fire at the same second (n8n does not wait for a
 * poll still running), against a service slow to answer searches: FAXES new faxes of admin@acme
 * (whom the SIGKILL scenarios' batches leave alone) must each be emitted into exactly one
 * execution and reported once. Created through the REST API, unpublished at the end. Under the
 * durable scheduler the SIGKILL scenarios' trigger (all users) is still active: only this
 * workflow's executions and deliveries count.
 */
export async function twoPollTimesInQueueMode(
	instance: DeployInstance,
	report: Report,
	sink: Sink,
) {
	const started = Date.now();
	const scenario = OVERLAP_SCENARIOS[instance.engine];
	const logged = mainLogFromNow(instance);
	const { control } = instance.emulator;
	const { name, nodes, connections, settings } = readDeployWorkflow(WORKFLOW);
	const workflow = { name, nodes, connections, settings };
	const created = await instance.server.rest<WorkflowFile>('POST', '/workflows', workflow);
	const held = instance.hold('GET', '^/v1/inboundfaxes$', SEARCH_HELD_MS);
	const ledger = new TriggerLedger(instance, created.id, NODE);
	try {
		await instance.publishTrigger(created);
		const injected = control.injectInbound({ userId: SEED_USERS.acmeAdmin.userId, count: FAXES });
		const faxes = injected.map((fax) => Number(fax.FaxId));
		report.step(`${FAXES} faxes of admin@acme injected; both Poll Times fire at second 0`);
		await ledger
			.waitForEmitted('every fax emitted', faxes, 2 * POLL_WAIT_MS)
			.catch((error: Error) => report.step(`${error.message}`));
		// One more minute: a second poll running over the same state emits its copy by then.
		await waitForSearch(instance, 'the next poll');
		await ledger.waitForFinal("the trigger's executions finished", undefined, POLL_WAIT_MS);
		await sleep(3000);
		await ledger.readOnce();
		const account = accountFor(faxes, ledger, sink, true);
		const figures = {
			engine: instance.engine,
			faxes: summarize(account),
			executions: executionFigures(ledger, sink),
			seconds: secondsSince(started),
		};
		report.step(JSON.stringify(figures));
		await report.checkAll(scenario, {
			[`each of the ${FAXES} faxes emitted into exactly one execution`]: () =>
				assertEmittedOnce(account),
			"main's log says a poll ended because the other ran": () => {
				// Without it the two entries never overlapped, and the case proved nothing.
				assert.ok(
					logged(/"Two Poll Times": the previous poll is still running/),
					"no such line in main's log since this scenario started",
				);
			},
			'each fax reported once by the next node, on a worker': () => {
				assert.deepEqual(
					{ twice: account.deliveredTwice, never: account.undelivered },
					{ twice: [], never: [] },
				);
				const ours = sink.received.filter((d) => ledger.emitted.has(String(d.execution)));
				const workers = new Set(ours.map((d) => String(d.worker)));
				assert.ok(!workers.has('main'), `reported from ${[...workers].join(', ')}`);
			},
		});
		return figures;
	} finally {
		control.removeFault(held);
		await instance.server.rest('POST', `/workflows/${created.id}/deactivate`, {});
	}
}

export const DURABLE_SCENARIO = scenarioName('queue mode', 'durable', 'the two windows closed');
/** What countOf gives for a probe's 20 faxes each emitted once. */
const EACH_ONCE = { faxes: 20, lost: 0, duplicated: 0 };

/**
 * The two windows of README "What n8n cannot guarantee", measured again with main moved to n8n's
 * durable poll scheduler (the trigger's state moves into its poller_state cursor): faxes arriving
 * during the switch, a SIGKILL while the poll's commit waits for its execution insert, and a
 * refused state write then a SIGKILL. Each fax must be in exactly one execution.
 */
export async function durableWindowsInQueueMode(instance: DeployInstance, report: Report) {
	const { postgres } = instance;
	const ledger = new TriggerLedger(instance, TRIGGER_WORKFLOW_ID, TRIGGER_NODE);
	/** One probe: its faxes, and how many n8n holds in no execution and in more than one. */
	const countOf = (faxes: number[]) => {
		const { lost, repeated } = emittedOnceCheck(faxes, ledger);
		return { faxes: faxes.length, lost: lost.length, duplicated: repeated.length };
	};
	const waitForEmitted = (what: string, faxes: number[]) =>
		ledger.waitForEmitted(what, faxes, POLL_WAIT_MS + 60_000);
	const cursorNow = () =>
		postgres.sql(
			`SELECT "cursor"::text FROM poller_state WHERE "workflowId" = '${TRIGGER_WORKFLOW_ID}'`,
		);
	await ledger.readOnce();
	const known = new Set(ledger.emitted.keys());
	// Run on its own (--scenario durable) the workflow is not active yet: its activation poll must
	// be over before the switch, or the switch's faxes are there "before activation".
	if (known.size === 0) await instance.publishTrigger({ id: TRIGGER_WORKFLOW_ID });

	// 1. Main restarts on the durable engine; faxes arrive meanwhile.
	await instance.killMain();
	const switchFaxes = injectFaxes(instance, 20);
	instance.engine = 'durable';
	await instance.startMain();
	report.step(`${switchFaxes.length} faxes; main restarted on the durable poll scheduler`);
	await waitForEmitted('the faxes of the switch emitted', switchFaxes);
	const movedToCursor = cursorNow();

	// 2. SIGKILL while the poll's commit waits for its execution insert.
	const lossFaxes = injectFaxes(instance, 20);
	let cursorBeforeKill = '';
	await withExecutionInsertsHeld(postgres, async () => {
		report.step(`probe: ${lossFaxes.length} faxes, execution inserts held by Postgres`);
		cursorBeforeKill = cursorNow();
		await waitForSearch(instance, 'the next poll');
		// Lock requests on execution_entity that Postgres holds back.
		const waiting = () =>
			postgres.sql(
				`SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'execution_entity' AND NOT l.granted`,
			);
		const commitWaits = () => Number(waiting()) > 0;
		await withinAPoll("the poll's commit waiting for its execution insert", commitWaits);
		await instance.killMain();
	});
	const cursorAfterKill = cursorNow();
	report.step('probe: SIGKILL main while its commit waited; restarting');
	await instance.startMain();
	await waitForEmitted('the probe faxes emitted after the restart', lossFaxes);

	// 3. The database refuses the trigger's state write; SIGKILL; the refusal dropped; restart.
	const logged = mainLogFromNow(instance);
	const refusedLine = () => logged(/cursor write refused/);
	let duplicateFaxes: number[] = [];
	const refusal = { table: 'poller_state', column: 'cursor', message: 'cursor' };
	await withColumnWritesRefused(postgres, refusal, async () => {
		duplicateFaxes = injectFaxes(instance, 20);
		const searches = inboundSearches(instance);
		report.step(`probe: ${duplicateFaxes.length} faxes, the database refuses the cursor write`);
		await waitForSearch(instance, 'the next poll', searches);
		await withinAPoll('n8n to log the refused cursor write', () => !!refusedLine());
		await instance.killMain();
	});
	const refused = refusedLine()?.trim().slice(0, 200);
	report.step('probe: SIGKILL main after the refused write; restarting');
	await instance.startMain();
	await waitForEmitted('the refused poll’s faxes emitted after the restart', duplicateFaxes);
	// Two more polls: the execution of the first would be recorded by the second; none may hold a
	// fax of the probes again.
	for (const poll of ['one more poll', 'the poll after it']) await waitForSearch(instance, poll);
	await ledger.readOnce();

	const figures = {
		switch: countOf(switchFaxes),
		lossWindow: {
			...countOf(lossFaxes),
			cursorKeptByKill: cursorBeforeKill === cursorAfterKill,
		},
		duplicateWindow: { ...countOf(duplicateFaxes), n8nLogged: refused },
		executions: [...ledger.emitted.keys()].filter((id) => !known.has(id)).length,
	};
	report.step(JSON.stringify(figures));
	await report.checkAll(DURABLE_SCENARIO, {
		'the state moves into n8n’s cursor at the switch: each fax of the switch once': () => {
			assert.ok(
				movedToCursor.includes('"watching"'),
				`poller_state cursor: ${movedToCursor.slice(0, 120)}`,
			);
			assert.deepEqual(countOf(switchFaxes), EACH_ONCE);
		},
		'SIGKILL while the poll’s execution is being stored: 0 of 20 events lost (the cursor is stored with the execution)':
			() => {
				assert.equal(
					cursorBeforeKill,
					cursorAfterKill,
					'the cursor did not move without its execution',
				);
				assert.deepEqual(countOf(lossFaxes), EACH_ONCE);
			},
		'the state write refused, then SIGKILL: 0 of 20 events emitted twice (no execution without its cursor)':
			() => {
				assert.deepEqual(countOf(duplicateFaxes), EACH_ONCE);
			},
	});
	return figures;
}

/** Waits until `done` holds, checking every 200 ms for as long as a poll may take to come. */
const withinAPoll = (what: string, done: () => boolean) => waitUntil(what, done, POLL_WAIT_MS, 200);

/**
 * Runs `body` while the database refuses every change of one column of one table, which is what a
 * failed write looks like to n8n (a Postgres trigger raising "deploy test: MESSAGE write refused").
 */
async function withColumnWritesRefused(
	postgres: PostgresService,
	{ table, column, message }: { table: string; column: string; message: string },
	body: () => Promise<void>,
): Promise<void> {
	const name = `deploy_test_refuse_${table}_${column}`.toLowerCase();
	postgres.sql(`CREATE FUNCTION ${name}() RETURNS trigger AS $$
		BEGIN
			IF NEW."${column}"::text IS DISTINCT FROM OLD."${column}"::text THEN
				RAISE EXCEPTION 'deploy test: ${message} write refused';
			END IF;
			RETURN NEW;
		END $$ LANGUAGE plpgsql`);
	postgres.sql(`CREATE TRIGGER ${name} BEFORE UPDATE ON ${table}
		FOR EACH ROW EXECUTE FUNCTION ${name}()`);
	try {
		await body();
	} finally {
		postgres.sql(`DROP TRIGGER ${name} ON ${table}`);
		postgres.sql(`DROP FUNCTION ${name}()`);
	}
}

/**
 * Runs `body` while Postgres holds back every execution insert (a transaction holding a SHARE
 * lock on execution_entity), then rolls that transaction back.
 */
async function withExecutionInsertsHeld(
	postgres: PostgresService,
	body: () => Promise<void>,
): Promise<void> {
	const session = await postgres.session();
	try {
		await session.run('BEGIN');
		await session.run('LOCK TABLE execution_entity IN SHARE MODE');
		await body();
		await session.run('ROLLBACK');
	} finally {
		await session.close();
	}
}

/** The first line main logs from now on that matches `pattern`, read when asked. */
function mainLogFromNow(instance: DeployInstance): (pattern: RegExp) => string | undefined {
	const start = fs.statSync(instance.logFile('main')).size;
	return (pattern) =>
		fs
			.readFileSync(instance.logFile('main'), 'utf8')
			.slice(start)
			.split('\n')
			.find((line) => pattern.test(line));
}
