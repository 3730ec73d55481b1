/**
 * The two windows of README "What n8n cannot guarantee", measured again with main moved to n8n's
 * durable poll scheduler (the trigger's state moves into its poller_state cursor): faxes arriving
 * during the switch, a SIGKILL while the poll's commit waits for its execution insert, and a
 * refused state write then a SIGKILL. Each fax must be in exactly one execution.
 */
import assert from 'node:assert/strict';

import { waitUntil } from '../../harness/waitUntil';
import type { DeployInstance } from '../lib/instance';
import { TriggerLedger } from '../lib/ledger';
import type { Report } from '../lib/scenario-report';
import {
	mainLogFromNow,
	withColumnWritesRefused,
	withExecutionInsertsHeld,
} from '../lib/write-refusal';
import {
	emittedOnceCheck,
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

export async function durableWindowsInQueueMode(
	instance: DeployInstance,
	report: Report,
): Promise<Record<string, unknown>> {
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
	report.log(`  ${switchFaxes.length} faxes; main restarted on the durable poll scheduler`);
	await waitForEmitted('the faxes of the switch emitted', switchFaxes);
	const movedToCursor = cursorNow();

	// 2. SIGKILL while the poll's commit waits for its execution insert.
	const lossFaxes = injectFaxes(instance, 20);
	let cursorBeforeKill = '';
	let commitHeld = false;
	await withExecutionInsertsHeld(postgres, async () => {
		report.log(`  probe: ${lossFaxes.length} faxes, execution inserts held by Postgres`);
		cursorBeforeKill = cursorNow();
		await waitForSearch(instance, 'the next poll');
		// Lock requests on execution_entity that Postgres holds back.
		const waiting = () =>
			postgres.sql(
				`SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'execution_entity' AND NOT l.granted`,
			);
		await waitUntil(
			"the poll's commit waiting for its execution insert",
			() => Number(waiting()) > 0,
			POLL_WAIT_MS,
			200,
		);
		commitHeld = true;
		await instance.killMain();
	});
	const cursorAfterKill = cursorNow();
	report.log('  probe: SIGKILL main while its commit waited; restarting');
	await instance.startMain();
	await waitForEmitted('the probe faxes emitted after the restart', lossFaxes);

	// 3. The database refuses the trigger's state write; SIGKILL; the refusal dropped; restart.
	const logged = mainLogFromNow(instance);
	const refusedLine = () => logged(/cursor write refused/);
	let duplicateFaxes: number[] = [];
	const refusal: [string, string] = ['poller_state', 'cursor'];
	await withColumnWritesRefused(
		postgres,
		refusal,
		'deploy test: cursor write refused',
		async () => {
			duplicateFaxes = injectFaxes(instance, 20);
			const searches = inboundSearches(instance);
			report.log(`  probe: ${duplicateFaxes.length} faxes, the database refuses the cursor write`);
			await waitForSearch(instance, 'the next poll', searches);
			await waitUntil(
				'n8n to log the refused cursor write',
				() => !!refusedLine(),
				POLL_WAIT_MS,
				200,
			);
			await instance.killMain();
		},
	);
	const refused = refusedLine()?.trim().slice(0, 200);
	report.log('  probe: SIGKILL main after the refused write; restarting');
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
			commitHeld,
			cursorKeptByKill: cursorBeforeKill === cursorAfterKill,
		},
		duplicateWindow: { ...countOf(duplicateFaxes), n8nLogged: refused },
		executions: [...ledger.emitted.keys()].filter((id) => !known.has(id)).length,
	};
	report.log(`  ${JSON.stringify(figures)}`);
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
				assert.ok(commitHeld, 'the poll reached its commit before the kill');
				assert.equal(
					cursorBeforeKill,
					cursorAfterKill,
					'the cursor did not move without its execution',
				);
				assert.deepEqual(countOf(lossFaxes), EACH_ONCE);
			},
		'the state write refused, then SIGKILL: 0 of 20 events emitted twice (no execution without its cursor)':
			() => {
				assert.ok(refused, 'n8n logged the refused cursor write');
				assert.deepEqual(countOf(duplicateFaxes), EACH_ONCE);
			},
	});
	return figures;
}
