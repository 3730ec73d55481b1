import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeParameters,
	INodeType,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import type { TestCredentials } from './credentials-helper';
import { additionalDataFor, testWorkflow, workflowNode } from './run-node';

export type PollMode = 'trigger' | 'manual';

export interface PollWorkflowOptions {
	node: INodeType;
	credentials: TestCredentials;
	/** Trigger nodes of the workflow by name, each with its parameters (defaults are filled in). */
	nodes: Record<string, IDataObject>;
	/** What the engine reports as getPollBudgetMs(); n8n-core's own default when left out. */
	pollBudgetMs?: number;
	/** The node's version; the lowest by default, as in runNode. */
	typeVersion?: number;
	/**
	 * n8n's durable poll cursors (test/harness/n8n/engines.ts): each poll reads a copy of the stored
	 * cursor; one that returns nothing stores it at once, one that emits leaves it to its execution's
	 * transaction: `commitExecution` / `failExecution`.
	 */
	durableCursors?: boolean;
}

/** A copy through JSON, as n8n stores static data and cursors. */
const stored = (data: IDataObject): IDataObject => JSON.parse(JSON.stringify(data)) as IDataObject;

function withDefaults(type: INodeType, node: INode, parameters: IDataObject): INodeParameters {
	return (
		NodeHelpers.getNodeParameters(
			type.description.properties,
			parameters as INodeParameters,
			true,
			false,
			node,
			type.description,
		) ?? {}
	);
}

let workflowsMade = 0;

/**
 * A workflow holding poll trigger nodes, kept between polls like an active workflow in n8n (static
 * data persists). Polls run in n8n-core's real PollContext, built once per node and mode as n8n
 * builds it at activation.
 */
export function pollWorkflow(options: PollWorkflowOptions): Record<string, PolledTrigger> {
	const nodes = Object.entries(options.nodes).map(([name, parameters], index) => {
		const node = workflowNode(
			options.node,
			{},
			{ name, id: `trigger-${index}`, typeVersion: options.typeVersion },
		);
		node.parameters = withDefaults(options.node, node, parameters);
		return node;
	});
	const workflow = testWorkflow(options.node, nodes, {
		// Each call is its own workflow, as in n8n: the trigger keeps per-workflow memory in its process.
		id: `poll-test-workflow-${++workflowsMade}`,
		name: 'Poll Test',
		active: true,
		staticData: {},
	});
	const additionalData = additionalDataFor(options.credentials);
	return Object.fromEntries(
		nodes.map((node) => [node.name, polledTrigger(workflow, node, options, additionalData)]),
	);
}

export type PolledTrigger = ReturnType<typeof polledTrigger>;

/** One trigger node of a poll workflow, polled as n8n polls it. */
function polledTrigger(
	workflow: Workflow,
	node: INode,
	options: PollWorkflowOptions,
	additionalData: IWorkflowExecuteAdditionalData,
) {
	// Durable cursors: the row n8n keeps, the copy the running poll reads, emitted polls' copies.
	let cursor: IDataObject = {};
	let staged: IDataObject | undefined;
	const awaitingExecution: IDataObject[] = [];
	const resolveNodeStaticData = options.durableCursors
		? () => (staged ??= stored(cursor))
		: undefined;
	const contexts: Partial<Record<PollMode, PollContext>> = {};
	const budget = options.pollBudgetMs;
	const contextFor = (mode: PollMode): PollContext =>
		(contexts[mode] ??= new PollContext(
			workflow,
			workflow.getNode(node.name)!,
			additionalData,
			mode,
			mode === 'manual' ? 'manual' : 'activate',
			undefined,
			undefined,
			undefined,
			undefined,
			resolveNodeStaticData,
			budget === undefined ? undefined : () => budget,
		));
	/** One poll as n8n runs it: trigger mode for an active workflow, manual for "Fetch Test Event". */
	const poll = async (mode: PollMode = 'trigger') => {
		if (!options.durableCursors) return await options.node.poll!.call(contextFor(mode));
		const read = JSON.stringify(cursor);
		staged = stored(cursor);
		try {
			const result = await options.node.poll!.call(contextFor(mode));
			// n8n stores a cursor only when the poll changed the copy it read.
			const changed = JSON.stringify(staged) !== read;
			if (mode === 'trigger' && result === null && changed) cursor = staged;
			else if (mode === 'trigger' && result !== null) awaitingExecution.push(staged);
			return result;
		} finally {
			staged = undefined;
		}
	};
	const settleExecution = (created: boolean) => {
		const emitted = awaitingExecution.shift();
		if (!emitted) throw new Error('no emitted poll awaits its execution');
		if (created) cursor = emitted;
	};
	return {
		node,
		poll,
		/** The items of one poll's output (none when the poll returned null). */
		pollItems: async (mode?: PollMode) => (await poll(mode))?.[0] ?? [],
		/** A copy of the node's static data as n8n would store it. */
		staticData: () =>
			stored(options.durableCursors ? cursor : (workflow.getStaticData('node', node) ?? {})),
		/** Durable cursors: the oldest emitted poll's execution is created, its cursor stored with it. */
		commitExecution: () => settleExecution(true),
		/** Durable cursors: the oldest emitted poll's transaction fails: no execution, no cursor. */
		failExecution: () => settleExecution(false),
		/** Replaces parameters, as an edit of the workflow does (static data is kept). */
		setParameters: (parameters: IDataObject) => {
			workflow.getNode(node.name)!.parameters = withDefaults(options.node, node, parameters);
		},
		/** Replaces the node's static data, as a workflow imported with its static data brings. */
		setStaticData: (data: IDataObject) => {
			if (options.durableCursors) cursor = stored(data);
			const inWorkflow = workflow.getStaticData('node', node);
			for (const key of Object.keys(inWorkflow)) delete inWorkflow[key];
			Object.assign(inWorkflow, stored(data));
		},
	};
}

/** One poll trigger node in its own workflow. */
export function pollTrigger(
	options: Omit<PollWorkflowOptions, 'nodes'> & { parameters: IDataObject },
): PolledTrigger {
	const name = options.node.description.defaults.name ?? options.node.description.displayName;
	return pollWorkflow({ ...options, nodes: { [name]: options.parameters } })[name];
}
