/**
 * Poll Times in the trigger phase. n8n refuses at activation an entry whose seconds field is more
 * than one fixed second (1.123: a `*`; 2.40: not a plain number), and each entry is its own cron:
 * six entries of one fixed second each (0, 10, … 50) poll every 10 seconds.
 */
import type { WorkflowFile } from '../harness/n8n/examples';
import type { Emulator } from '../../emulator';
import { assert } from './lib/assert';

export const POLL_SECONDS = 10;

const EVERY_TEN_SECONDS = Array.from({ length: 60 / POLL_SECONDS }, (_, i) => ({
	mode: 'custom',
	cronExpression: `${i * POLL_SECONDS} * * * * *`,
}));

/** The workflow with its triggers polling every POLL_SECONDS instead of their saved Poll Times. */
export function pollEveryTenSeconds(workflow: WorkflowFile): WorkflowFile {
	const nodes = workflow.nodes.map((node) =>
		node.type.endsWith('.faxCloudTrigger')
			? { ...node, parameters: { ...node.parameters, pollTimes: { item: EVERY_TEN_SECONDS } } }
			: node,
	);
	return { ...workflow, nodes };
}

/** Seconds between the requests of one login to one path, for the phase's log. */
export function secondsBetween(emulator: Emulator, userId: string, path: string): number[] {
	const times = emulator.control.requests({ method: 'GET', path, userId }).map((r) => r.receivedMs);
	return times.slice(1).map((ms, i) => Math.round((ms - times[i]) / 1000));
}

/**
 * Six Poll Times entries of one fixed second each poll every ten seconds in this release: the
 * mail merge workflow (the only one listing carol's jobs) polled at least five times, never a
 * minute apart. A poll that took longer may push the next one to the next entry, hence 25 s.
 */
export function pollTimesCheck(
	emulator: Emulator,
	version: string,
	userId: string,
): { title: string; body: () => Promise<void> } {
	return {
		title: `Poll Times on n8n ${version}: six entries of one fixed second each poll every ${POLL_SECONDS} s`,
		body: async () => {
			const gaps = secondsBetween(emulator, userId, '^/v1/Job$');
			assert.ok(gaps.length >= 5, `polls of the mail merge workflow: ${gaps.length + 1}`);
			assert.ok(
				gaps.every((gap) => gap <= 25),
				`seconds between polls: ${gaps.join(' ')}`,
			);
		},
	};
}
