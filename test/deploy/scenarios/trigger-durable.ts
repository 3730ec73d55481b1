/**
 * The two windows of README "What n8n cannot guarantee", measured again with main moved to n8n's
 * durable poll scheduler (the trigger's state moves into its poller_state cursor): faxes arriving
 * during the switch, a SIGKILL while the poll's commit waits for its execution insert, and a
 * refused state write then a SIGKILL. Each fax must be in exactly one execution.
 */
import assert from 'node:assert/strict';

import type { PostgresService } from '../../harness/services/postgres';
import { waitUntil } from '../../harness/waitUntil';
import type { DeployInstance } from '../lib/instance';
import { TriggerLedger } from '../lib/ledger';
import { mainLogFromNow, refuseColumnWrites } from '../lib/write-refusal';
import type { Report } from '../lib/scenario-report';
import {
	emittedOnceCheck,
	ids,
	inboundSearches,
	injectFaxes,
	POLL_WAIT_MS,
	scenarioName,
	TRIGGER_NODE,
	TRIGGER_WORKFLOW_ID,
	waitForSearch,
} from './trigger-common';

export const DURABLE_SCENARIO = scenarioName('queue mode', 'durable', 'the two windows closed');
/** What countOf gives for a probe's 20 faxes each emitted once. */
const EACH_ONCE = { faxes: 20, lost: 0, duplicated: 0 };

/** One probe: its faxes, and how many n8n holds in no execution and in more than one. */
function countOf(ledger: TriggerLedger, faxes: number[]) {
	const { lost, repeated } = emittedOnceCheck(faxes, ledger);
	return { faxes: faxes.length, lost: lost.length, duplicated: repeated.length };
}

/** Waits until every fax is in an execution n8n recorded. */
async function waitForEmitted(ledger: TriggerLedger, faxes: number[], what: string): Promise<void> {
	await waitUntil(
		what,
		async () => {
			await ledger.readOnce();
			return countOf(ledger, faxes).lost === 0;
		},
		POLL_WAIT_MS + 60_000,
		{
			intervalMs: 500,
			detail: () => `not yet emitted: ${ids(faxes.filter((f) => !ledger.executionOf(f)))}`,
		},
	);
}

/** Lock requests on a table that Postgres holds back. */
function waitingOn(postgres: PostgresService, table: string): number {
	return Number(
		postgres.sql(
			`SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = '${table}' AND NOT l.granted`,
		),
	);
}

const cursorNow = (postgres: PostgresService): string =>
	postgres.sql(
		`SELECT "cursor"::text FROM poller_state WHERE "workflowId" = '${TRIGGER_WORKFLOW_ID}'`,
	);

export async function durableWindowsInQueueMode(
	instance: DeployInstance,
	report: Report,
	postgres: PostgresService,
): Promise<Record<string, unknown>> {
	const ledger = new TriggerLedger(instance, TRIGGER_WORKFLOW_ID, TRIGGER_NODE);
	await ledger.readOnce();
	const known = new Set(ledger.emitted.keys());
	// Run on its own (--scenario durable) the workflow is not active yet: its activation poll must
	// be over before the switch, or the switch's faxes are there "before activation".
	if (known.size === 0) {
		await instance.activate(TRIGGER_WORKFLOW_ID);
		await instance.waitForTriggerState({ id: TRIGGER_WORKFLOW_ID });
	}

	// 1. Main restarts on the durable engine; faxes arrive meanwhile.
	await instance.killMain();
	const switchFaxes = injectFaxes(instance, 20);
	instance.usePollEngine('durable');
	await instance.startMain();
	report.log(`  ${switchFaxes.length} faxes; main restarted on the durable poll scheduler`);
	await waitForEmitted(ledger, switchFaxes, 'the faxes of the switch emitted');
	const movedToCursor = cursorNow(postgres);

	// 2. SIGKILL while the poll's commit waits for its execution insert.
	const lossFaxes = injectFaxes(instance, 20);
	const session = await postgres.session();
	let cursorBeforeKill = '';
	let commitHeld = false;
	try {
		await session.run('BEGIN');
		await session.run('LOCK TABLE execution_entity IN SHARE MODE');
		report.log(`  probe: ${lossFaxes.length} faxes, execution inserts held by Postgres`);
		cursorBeforeKill = cursorNow(postgres);
		await waitForSearch(instance, inboundSearches(instance), 'the next poll');
		await waitUntil(
			"the poll's commit waiting for its execution insert",
			() => waitingOn(postgres, 'execution_entity') > 0,
			POLL_WAIT_MS,
			200,
		);
		commitHeld = true;
		await instance.killMain();
		await session.run('ROLLBACK');
	} finally {
		await session.close();
	}
	const cursorAfterKill = cursorNow(postgres);
	report.log('  probe: SIGKILL main while its commit waited; restarting');
	await instance.startMain();
	await waitForEmitted(ledger, lossFaxes, 'the probe faxes emitted after the restart');

	// 3. The database refuses the trigger's state write; SIGKILL; the refusal dropped; restart.
	const allowWrites = refuseColumnWrites(
		postgres,
		'poller_state',
		'cursor',
		'deploy test: cursor write refused',
	);
	const logged = mainLogFromNow(instance);
	const refusedLine = () => logged(/cursor write refused/);
	const duplicateFaxes = injectFaxes(instance, 20);
	const searches = inboundSearches(instance);
	try {
		report.log(`  probe: ${duplicateFaxes.length} faxes, the database refuses the cursor write`);
		await waitForSearch(instance, searches, 'the next poll');
		await waitUntil(
			'n8n to log the refused cursor write',
			() => !!refusedLine(),
			POLL_WAIT_MS,
			200,
		);
		await instance.killMain();
	} finally {
		allowWrites();
	}
	const refused = refusedLine()?.trim().slice(0, 200);
	report.log('  probe: SIGKILL main after the refused write; restarting');
	await instance.startMain();
	await waitForEmitted(
		ledger,
		duplicateFaxes,
		'the refused poll’s faxes emitted after the restart',
	);
	// Two more polls: the execution of the first would be recorded by the second; none may hold a
	// fax of the probes again.
	for (const poll of ['one more poll', 'the poll after it']) {
		await waitForSearch(instance, inboundSearches(instance), poll);
	}
	await ledger.readOnce();

	const figures = {
		switch: countOf(ledger, switchFaxes),
		lossWindow: {
			...countOf(ledger, lossFaxes),
			commitHeld,
			cursorKeptByKill: cursorBeforeKill === cursorAfterKill,
		},
		duplicateWindow: { ...countOf(ledger, duplicateFaxes), n8nLogged: refused },
		executions: [...ledger.emitted.keys()].filter((id) => !known.has(id)).length,
	};
	report.log(`  ${JSON.stringify(figures)}`);
	await report.check(
		DURABLE_SCENARIO,
		'the state moves into n8n’s cursor at the switch: each fax of the switch once',
		() => {
			assert.ok(
				movedToCursor.includes('"watching"'),
				`poller_state cursor: ${movedToCursor.slice(0, 120)}`,
			);
			assert.deepEqual(countOf(ledger, switchFaxes), EACH_ONCE);
		},
	);
	await report.check(
		DURABLE_SCENARIO,
		'SIGKILL while the poll’s execution is being stored: 0 of 20 events lost (the cursor is stored with the execution)',
		() => {
			assert.ok(commitHeld, 'the poll reached its commit before the kill');
			assert.equal(
				cursorBeforeKill,
				cursorAfterKill,
				'the cursor did not move without its execution',
			);
			assert.deepEqual(countOf(ledger, lossFaxes), EACH_ONCE);
		},
	);
	await report.check(
		DURABLE_SCENARIO,
		'the state write refused, then SIGKILL: 0 of 20 events emitted twice (no execution without its cursor)',
		() => {
			assert.ok(refused, 'n8n logged the refused cursor write');
			assert.deepEqual(countOf(ledger, duplicateFaxes), EACH_ONCE);
		},
	);
	return figures;
}
