/** The trigger in queue mode with two Poll Times that fire together, against slow searches. */
import assert from 'node:assert/strict';

import { SEED_USERS } from '../../../emulator';
import type { WorkflowFile } from '../../harness/n8n/examples';
import { secondsSince } from '../../harness/report';
import type { Sink } from '../../harness/sink';
import { sleep } from '../../harness/waitUntil';
import { readDeployWorkflow, type DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import {
	accountFor,
	assertEmittedOnce,
	executionFigures,
	POLL_WAIT_MS,
	scenarioNames,
	summarize,
	TriggerLedger,
	waitForSearch,
} from './trigger-common';
import { mainLogFromNow } from './queue-state-windows';

const WORKFLOW = 'trigger-two-poll-times.json';
/** A node name of its own: main's log line about the poll that stepped aside names the node. */
const NODE = 'Two Poll Times';
const FAXES = 300;
/** Every inbound search is held this long, so the two polls of a minute overlap. */
const SEARCH_HELD_MS = 2000;
export const OVERLAP_SCENARIOS = scenarioNames('queue mode', 'two Poll Times that fire together');

/**
 * Two Poll Times entries firing at the same second (n8n does not wait for a poll still running),
 * searches slow: FAXES new faxes of admin@acme (whom the SIGKILL scenarios leave alone), each
 * emitted into exactly one execution and reported once. Only this workflow's executions and
 * deliveries count (the SIGKILL scenarios' trigger may still be active).
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
