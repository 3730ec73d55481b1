import assert from 'node:assert/strict';

import { SEED_USERS } from '../../../emulator';
import type { PollEngine } from '../../harness/n8n/engines';
import type { WorkflowFile } from '../../harness/n8n/examples';
import { readDeployWorkflow, type DeployInstance } from '../lib/instance';
import { TriggerLedger } from '../lib/ledger';
import { mainLogFromNow } from '../lib/write-refusal';
import type { Report } from '../lib/scenario-report';
import type { Sink } from '../lib/delivery-sink';
import { sleep, waitUntil } from '../../harness/waitUntil';
import { accountFor, ids, POLL_WAIT_MS, summarize } from './trigger-common';

/** The scenario per poll engine: named so that a reader of the results sees the engine. */
export const OVERLAP_SCENARIOS: Record<PollEngine, string> = {
	'in-memory': 'queue mode: two Poll Times that fire together',
	durable: 'queue mode, durable poll scheduler: two Poll Times that fire together',
};
const WORKFLOW = 'trigger-two-poll-times.json';
/**
 * Its trigger node: a name of its own, so that main's log line about the poll that stepped aside
 * is this workflow's, not the SIGKILL scenarios' trigger's (n8n logs the node's name, no id).
 */
const NODE = 'Two Poll Times';
const FAXES = 300;
const FINAL = new Set(['success', 'error', 'crashed', 'canceled']);
/** Every inbound search is held this long, so the two polls of a minute overlap. */
const SEARCH_HELD_MS = 2000;

/**
 * A trigger with two Poll Times entries that fire at the same second (n8n starts a poll for each
 * and does not wait for one still running), on main, its executions on the workers, against a
 * service slow to answer searches. FAXES new faxes of admin@acme (a user the SIGKILL scenario's
 * batches leave alone): each must be emitted into exactly one execution, and reported once.
 * The workflow is created through the REST API, as a user would, and unpublished at the end so
 * the scenarios after it have the service to themselves. It runs on the engine main runs: first on
 * the in-memory one (before the SIGKILL scenario activates its trigger), and again under the
 * durable scheduler after the durable scenarios, while their trigger workflow (all users of the
 * login, admin@acme included) is still active: there each fax counts in this workflow's
 * executions and in the deliveries they made, and main's log from this scenario's start.
 */
export async function twoPollTimesInQueueMode(
	instance: DeployInstance,
	report: Report,
	sink: Sink,
): Promise<Record<string, unknown>> {
	const started = Date.now();
	const scenario = OVERLAP_SCENARIOS[instance.engine];
	const logged = mainLogFromNow(instance);
	const { control } = instance.emulator;
	const file = readDeployWorkflow(WORKFLOW);
	const created = await instance.server.rest<WorkflowFile>('POST', '/workflows', {
		name: file.name,
		nodes: file.nodes,
		connections: file.connections,
		settings: file.settings,
	});
	const held = control.addFault({
		method: 'GET',
		path: '^/v1/inboundfaxes$',
		kind: 'delay',
		delayMs: SEARCH_HELD_MS,
	});
	const ledger = new TriggerLedger(instance, created.id, NODE);
	try {
		await instance.activate(created.id);
		await instance.waitForTriggerState(created);
		const faxes = control
			.injectInbound({ userId: SEED_USERS.acmeAdmin.userId, count: FAXES })
			.map((fax) => Number(fax.FaxId));
		report.log(`  ${FAXES} faxes of admin@acme injected; both Poll Times fire at second 0`);
		const searches = () =>
			control.requests({
				method: 'GET',
				path: '^/v1/inboundfaxes$',
				userId: SEED_USERS.acmeAdmin.userId,
			}).length;
		await waitUntil(
			'every fax emitted',
			async () => {
				await ledger.readOnce();
				const byFax = ledger.executionsByFax();
				return faxes.every((id) => byFax.has(id));
			},
			2 * POLL_WAIT_MS,
			500,
		).catch((error: Error) => report.log(`  ${error.message}`));
		// One more minute: a second poll running over the same state emits its copy by then.
		const before = searches();
		await waitUntil('the next poll', () => searches() > before, POLL_WAIT_MS);
		await waitUntil(
			"the trigger's executions finished",
			async () => {
				await ledger.readOnce();
				return [...ledger.status.values()].every((s) => FINAL.has(s));
			},
			POLL_WAIT_MS,
			500,
		);
		await sleep(3000);
		await ledger.readOnce();
		const account = accountFor(faxes, ledger, sink, true);
		const figures = {
			engine: instance.engine,
			faxes: summarize(account),
			executions: [...ledger.emitted].map(([id, emitted]) => ({
				id,
				status: ledger.status.get(id),
				events: emitted.length,
			})),
			seconds: Math.round((Date.now() - started) / 1000),
		};
		report.log(`  ${JSON.stringify(figures)}`);
		await report.check(
			scenario,
			`each of the ${FAXES} faxes emitted into exactly one execution`,
			() => {
				assert.deepEqual(
					{ lost: account.lost, repeated: account.repeated },
					{ lost: [], repeated: [] },
					`lost ${ids(account.lost)}; repeated ${ids(account.repeated)}`,
				);
			},
		);
		await report.check(scenario, "main's log says a poll ended because the other ran", () => {
			// Without it the two entries never overlapped, and the case proved nothing.
			assert.ok(
				logged(/"Two Poll Times": the previous poll is still running/),
				"no such line in main's log since this scenario started",
			);
		});
		await report.check(scenario, 'each fax reported once by the next node, on a worker', () => {
			assert.deepEqual(
				{ twice: account.deliveredTwice, never: account.undelivered },
				{ twice: [], never: [] },
			);
			const workers = new Set(
				sink.received
					.filter((d) => ledger.emitted.has(String(d.body.execution)))
					.map((d) => String(d.body.worker)),
			);
			assert.ok(!workers.has('main'), `reported from ${[...workers].join(', ')}`);
		});
		return figures;
	} finally {
		control.removeFault(held);
		await instance.server.rest('POST', `/workflows/${created.id}/deactivate`, {});
	}
}
