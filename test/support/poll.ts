import { PollContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import type { TestCredentials } from './credentials-helper';
import { additionalDataFor, nodeTypesOf, workflowNode } from './run-node';

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
}

export interface PolledTrigger {
	node: INode;
	/** One poll as n8n runs it: trigger mode for an active workflow, manual for "Fetch Test Event". */
	poll(mode?: PollMode): Promise<INodeExecutionData[][] | null>;
	/** The items of one poll's output (none when the poll returned null). */
	pollItems(mode?: PollMode): Promise<INodeExecutionData[]>;
	/** A copy of the node's static data as n8n would store it. */
	staticData(): IDataObject;
	/** Replaces parameters, as an edit of the workflow does (static data is kept). */
	setParameters(parameters: IDataObject): void;
	/** Replaces the node's static data, as a workflow imported with its static data brings. */
	setStaticData(data: IDataObject): void;
}

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

/**
 * A workflow holding poll trigger nodes, kept between polls like an active workflow in n8n, so
 * each node's getWorkflowStaticData('node') persists from one poll to the next. Polls run in
 * n8n-core's real PollContext (credentials, request helpers, binary helpers), one per node and
 * mode kept for every poll, as n8n keeps the one it builds at activation.
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
	const workflow = new Workflow({
		id: 'poll-test-workflow',
		name: 'Poll Test',
		nodes,
		connections: {},
		nodeTypes: nodeTypesOf(options.node),
		active: true,
		staticData: {},
		settings: { executionOrder: 'v1' },
	});
	const additionalData: IWorkflowExecuteAdditionalData = additionalDataFor(options.credentials);
	const triggers: Record<string, PolledTrigger> = {};
	for (const node of nodes) {
		// n8n builds a node's poll context once, at activation, and runs every poll in it.
		const contexts = new Map<PollMode, PollContext>();
		const contextFor = (mode: PollMode): PollContext => {
			let context = contexts.get(mode);
			if (!context) {
				const budget = options.pollBudgetMs;
				context = new PollContext(
					workflow,
					workflow.getNode(node.name)!,
					additionalData,
					mode,
					mode === 'manual' ? 'manual' : 'activate',
					undefined,
					undefined,
					undefined,
					undefined,
					undefined,
					budget === undefined ? undefined : () => budget,
				);
				contexts.set(mode, context);
			}
			return context;
		};
		const poll = async (mode: PollMode = 'trigger') =>
			await options.node.poll!.call(contextFor(mode));
		triggers[node.name] = {
			node,
			poll,
			pollItems: async (mode?: PollMode) => (await poll(mode))?.[0] ?? [],
			staticData: () =>
				JSON.parse(JSON.stringify(workflow.getStaticData('node', node) ?? {})) as IDataObject,
			setParameters: (parameters: IDataObject) => {
				workflow.getNode(node.name)!.parameters = withDefaults(options.node, node, parameters);
			},
			setStaticData: (data: IDataObject) => {
				const stored = workflow.getStaticData('node', node);
				for (const key of Object.keys(stored)) delete stored[key];
				Object.assign(stored, JSON.parse(JSON.stringify(data)));
			},
		};
	}
	return triggers;
}

/** One poll trigger node in its own workflow. */
export function pollTrigger(
	options: Omit<PollWorkflowOptions, 'nodes'> & { parameters: IDataObject },
): PolledTrigger {
	const name = options.node.description.defaults.name ?? options.node.description.displayName;
	return pollWorkflow({ ...options, nodes: { [name]: options.parameters } })[name];
}
