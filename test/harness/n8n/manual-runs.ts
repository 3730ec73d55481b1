import { parse as parseFlatted } from 'flatted';

import { waitUntil } from '../waitUntil';

import type { ExecutionRun } from './n8n-cli';
import type { WorkflowFile } from './examples';
import { lineOf } from './lines';
import type { N8nServer } from './n8n-server';

/** What a run of a workflow in a running n8n gives a test: its stored run data, or why it failed. */
export type RunOutcome =
	| { ok: true; run: ExecutionRun; executionId: string }
	| { ok: false; run?: ExecutionRun; executionId?: string; error: string };

interface StoredExecution {
	id: string;
	status: string;
	finished?: boolean;
	data: string;
}

/** Execution statuses after which n8n changes nothing more. */
export const FINAL = new Set(['success', 'error', 'crashed', 'canceled']);

const EXECUTION_TIMEOUT_MS = 180_000;

/**
 * Triggers a workflow can be run from as the editor's "Execute workflow" does: a Schedule
 * Trigger run by hand fires once, as it would at its next time.
 */
const STARTS = ['n8n-nodes-base.manualTrigger', 'n8n-nodes-base.scheduleTrigger'];

/** A tool node run on its own, as the editor's "Execute step" on a tool does. */
export interface ToolRun {
	node: string;
	/** What an AI agent would pass: the values of the tool's $fromAI() parameters. */
	args: Record<string, unknown>;
}

/** The name an agent knows a tool node by (n8n-workflow's nodeNameToToolName). */
function toolNameOf(node: string): string {
	return node.replace(/[^a-zA-Z0-9_-]+/g, '_');
}

/**
 * Runs a workflow as a user does in the editor: saved with its trigger's output pinned, then
 * "Execute workflow" (with `tool`, "Execute step" on that tool; with `trigger`, "Fetch Test
 * Event"). The result is the execution n8n stored, read back through its REST API.
 */
export async function runWorkflow(
	server: N8nServer,
	workflow: WorkflowFile,
	pinned: Record<string, string> = {},
	options: { tool?: ToolRun; trigger?: string; savedId?: string } = {},
): Promise<RunOutcome> {
	const trigger = workflow.nodes.find((node) => STARTS.includes(node.type));
	if (!trigger)
		throw new Error(`${workflow.name} does not start with a Manual Trigger or a Schedule Trigger`);
	// A new workflow each run, so a case can run twice in one n8n; `savedId`: the same saved
	// workflow run once more, as a user runs it again next week.
	const id = options.savedId ?? (await saveWorkflow(server, workflow, pinned));
	const started = await server.rest<{ executionId?: string; waitingForWebhook?: boolean }>(
		'POST',
		`/workflows/${id}/run`,
		lineOf(server.release).manualRunBody(
			{ ...savedBody(workflow, pinned), id },
			options.tool
				? {
						destinationNode: { nodeName: options.tool.node, mode: 'inclusive' },
						agentRequest: lineOf(server.release).agentRequest(
							toolNameOf(options.tool.node),
							options.tool.args,
						),
					}
				: options.trigger
					? {
							triggerToStartFrom: { name: options.trigger },
							destinationNode: { nodeName: options.trigger, mode: 'inclusive' },
						}
					: { triggerToStartFrom: { name: trigger.name } },
		),
	);
	if (!started.executionId)
		return { ok: false, error: `n8n started no execution: ${JSON.stringify(started)}` };
	return await outcomeOf(server, started.executionId);
}

/**
 * Saves a workflow as a new one (n8n gives it an id, so a file can be saved twice), inactive,
 * with `pinned` as its trigger's output; its id. n8n 2.x runs a saved workflow's own pinned data.
 */
export async function saveWorkflow(
	server: N8nServer,
	workflow: WorkflowFile,
	pinned: Record<string, string> = {},
): Promise<string> {
	const body = { ...savedBody(workflow, pinned), active: false };
	return (await server.rest<{ id: string }>('POST', '/workflows', body)).id;
}

/** The workflow without its id and active flag, with `pinned` as its start's output. */
function savedBody(workflow: WorkflowFile, pinned: Record<string, string>) {
	const trigger = workflow.nodes.find((node) => STARTS.includes(node.type));
	const pinData = trigger ? { [trigger.name]: [{ json: pinned }] } : {};
	const body: Record<string, unknown> = { ...workflow };
	delete body.id;
	delete body.active;
	return { ...body, pinData };
}

/** The execution n8n stored once it ended, as a RunOutcome. */
export async function outcomeOf(server: N8nServer, executionId: string): Promise<RunOutcome> {
	let stored: StoredExecution | undefined;
	const final = async (): Promise<boolean> => {
		server.assertRunning();
		stored = await server.rest<StoredExecution>('GET', `/executions/${executionId}`);
		return FINAL.has(stored.status);
	};
	await waitUntil(`execution ${executionId} to end`, final, EXECUTION_TIMEOUT_MS, {
		intervalMs: 200,
		detail: () => `still ${stored?.status}\n${server.lastLogLines()}`,
	});
	const { id, status, finished } = stored!;
	const data = parseFlatted(stored!.data) as ExecutionRun['data'];
	const run: ExecutionRun = { finished, status, data };
	if (status === 'success') return { ok: true, run, executionId: id };
	return { ok: false, run, executionId: id, error: describeFailure(status, data) };
}

function describeFailure(status: string, data: ExecutionRun['data']): string {
	const { error, lastNodeExecuted, runData } = data.resultData;
	const nodeError = lastNodeExecuted ? runData[lastNodeExecuted]?.[0]?.error : undefined;
	const failure = error ?? nodeError;
	return [
		`execution ${status}` + (lastNodeExecuted ? ` at node "${lastNodeExecuted}"` : ''),
		failure?.message,
		failure?.description,
	]
		.filter(Boolean)
		.join('\n');
}
