/**
 * The windows between a trigger poll's state write and its execution insert, in queue mode: the
 * in-memory engine's two probes (a SIGKILL after the state write, a refused state write then a
 * SIGKILL) and the same windows on n8n's durable poll scheduler, with the tools that open them
 * (execution inserts held, a column's writes refused, main's log read from now).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';

import type { PostgresService } from '../../harness/services/postgres';
import type { Sink } from '../../harness/sink';
import { sleep, waitUntil } from '../../harness/waitUntil';
import type { DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { tally } from '../lib/sent-once';
import {
	emittedOnceCheck,
	inboundSearches,
	injectFaxes,
	POLL_WAIT_MS,
	scenarioName,
	TRIGGER_NODE,
	TRIGGER_WORKFLOW_ID,
	TriggerLedger,
	waitForDeliveries,
	waitForSearch,
} from './trigger-common';

/** What a probe of the kills' run uses (trigger-queue.ts). */
export interface ProbeRun {
	instance: DeployInstance;
	report: Report;
	sink: Sink;
	ledger: TriggerLedger;
}

/** Main killed after a poll's state write, its execution insert held: the known loss. */
export async function lossWindowProbe({ instance, report, ledger }: ProbeRun) {
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
 * The state write refused (n8n logs it and runs the execution) in the activation poll after a
 * restart, then main killed: the next restart reads the older state.
 */
export async function duplicateWindowProbe({ instance, report, ledger, sink }: ProbeRun) {
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

export const DURABLE_SCENARIO = scenarioName('queue mode', 'durable', 'the two windows closed');
/** What countOf gives for a probe's 20 faxes each emitted once. */
const EACH_ONCE = { faxes: 20, lost: 0, duplicated: 0 };

/**
 * README's two windows ("What n8n cannot guarantee") on the durable poll scheduler (state in its
 * poller_state cursor): faxes during the switch, a SIGKILL while the commit waits for its
 * execution insert, a refused state write then a SIGKILL. Each fax in exactly one execution.
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

/** Runs `body` while a transaction's SHARE lock on execution_entity holds back every insert. */
async function withExecutionInsertsHeld(postgres: PostgresService, body: () => Promise<void>) {
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
export function mainLogFromNow(instance: DeployInstance): (pattern: RegExp) => string | undefined {
	const start = fs.statSync(instance.logFile('main')).size;
	return (pattern) =>
		fs
			.readFileSync(instance.logFile('main'), 'utf8')
			.slice(start)
			.split('\n')
			.find((line) => pattern.test(line));
}
