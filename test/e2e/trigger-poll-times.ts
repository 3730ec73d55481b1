/**
 * Poll Times in the trigger phase. n8n refuses a poll more often than once a minute when one
 * entry's seconds field is more than one fixed second: n8n 1.123 throws "The polling interval is
 * too short" when the field holds a `*` (n8n-core ActiveWorkflows.activatePolling), n8n 2.40 when
 * it is not a plain number (n8n-workflow isSubMinuteCron: a step, a range or a list). Each entry
 * is checked alone and becomes its own cron, so six entries of one fixed second each
 * (0, 10, … 50) poll every 10 seconds on both releases; the phase polls so, and one poll at a time
 * still holds (the trigger's own lock).
 */
import type { WorkflowFile } from '../../scripts/n8n/examples';
import type { N8nServer } from '../../scripts/n8n/server';
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
 * What n8n does with one Poll Times entry whose seconds field is a step or a list: a workflow
 * created and activated as the editor does. Returns the activation's error text, or 'activated'
 * (then the workflow is deactivated at once).
 */
async function activateWith(
	server: N8nServer,
	trigger: WorkflowFile['nodes'][number],
	cronExpression: string,
): Promise<string> {
	const created = await server.rest<{ id: string; versionId: string }>('POST', '/workflows', {
		name: `Poll Times ${cronExpression}`,
		nodes: [
			{
				...trigger,
				parameters: {
					...trigger.parameters,
					pollTimes: { item: [{ mode: 'custom', cronExpression }] },
				},
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	try {
		await server.rest('POST', `/workflows/${created.id}/activate`, {
			versionId: created.versionId,
		});
	} catch (error) {
		return error instanceof Error ? error.message : String(error);
	}
	await server.rest('POST', `/workflows/${created.id}/deactivate`);
	return 'activated';
}

export function pollTimesCheck(
	server: N8nServer,
	version: string,
	trigger: WorkflowFile['nodes'][number],
): { title: string; body: () => Promise<void> } {
	const major = Number(version.split('.')[0]);
	return {
		title: `Poll Times on n8n ${version}: a seconds step is refused at activation, a seconds list ${major >= 2 ? 'too' : 'is taken'}`,
		body: async () => {
			const step = await activateWith(server, trigger, `*/${POLL_SECONDS} * * * * *`);
			assert.match(step, /The polling interval is too short/, `*/${POLL_SECONDS}: ${step}`);
			const list = EVERY_TEN_SECONDS.map((e) => e.cronExpression.split(' ')[0]).join(',');
			const listed = await activateWith(server, trigger, `${list} * * * * *`);
			if (major >= 2)
				assert.match(listed, /The polling interval is too short/, `${list}: ${listed}`);
			else assert.equal(listed, 'activated', `${list}: ${listed}`);
		},
	};
}
