import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionError,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
	WorkflowParameters,
} from 'n8n-workflow';
import { getGlobalState, setGlobalState, Workflow } from 'n8n-workflow';

import { TestCredentialsHelper, type TestCredentials } from './credentials-helper';
import { PACKAGE_NAME } from '../n8n/package';

export interface RunNodeOptions {
	node: INodeType;
	parameters: IDataObject;
	credentials: TestCredentials;
	/** Input items of the node; one empty item by default, as after a Manual Trigger. */
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	typeVersion?: number;
	/** The workflow settings' Timezone (`this.getTimezone()`); else instanceTimezone. */
	timezone?: string;
	/** n8n's GENERIC_TIMEZONE; n8n's own default, America/New_York, when not given. */
	instanceTimezone?: string;
	/** How n8n started the execution (`this.getMode()`): 'manual' by default, 'retry' for Retry. */
	mode?: WorkflowExecuteMode;
	/**
	 * The stored execution this run retries: the contexts n8n kept with it go on into this run,
	 * in mode 'retry' unless `mode` says otherwise.
	 */
	retryOf?: IRun;
	/** Node settings, as the editor's Settings tab sets them (Retry On Fail, Max Tries...). */
	settings?: Partial<Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>>;
	/** n8n's ID of this execution (`$execution.id`). */
	executionId?: string;
}

export interface RunNodeResult {
	/** Items of the node's first output, or the error that stopped the node. */
	items: INodeExecutionData[];
	error?: ExecutionError;
	run: IRun;
}

/** The node types n8n knows in a test workflow: the node under test alone. */
function nodeTypesOf(node: INodeType): INodeTypes {
	const type = `${PACKAGE_NAME}.${node.description.name}`;
	const get = (name: string) => {
		if (name !== type) throw new Error(`Unknown node type ${name}`);
		return node;
	};
	return {
		getByName: get,
		getByNameAndVersion: get,
		getKnownTypes: () => ({}),
	} as unknown as INodeTypes;
}

export function additionalDataFor(
	credentials: TestCredentials,
	hooks?: ExecutionLifecycleHooks,
	executionId = 'test-execution',
): IWorkflowExecuteAdditionalData {
	return {
		hooks,
		credentialsHelper: new TestCredentialsHelper(credentials),
		executionId,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		userId: 'test-user',
	} as unknown as IWorkflowExecuteAdditionalData;
}

export function workflowNode(
	node: INodeType,
	parameters: IDataObject,
	extra: Partial<INode> = {},
): INode {
	const credentials: INode['credentials'] = {};
	for (const credential of node.description.credentials ?? [])
		credentials[credential.name] = { id: credential.name, name: credential.name };
	return {
		id: 'node-under-test',
		name: node.description.defaults.name ?? node.description.displayName,
		type: `${PACKAGE_NAME}.${node.description.name}`,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials,
		...extra,
		// The suites written for version 1 hold its parameters; a test of a later version says so.
		typeVersion:
			extra.typeVersion ??
			(Array.isArray(node.description.version)
				? Math.min(...node.description.version)
				: node.description.version),
	};
}

/** A workflow of `nodes` (of type `type`), inactive unless `extra` says otherwise. */
export function testWorkflow(
	type: INodeType,
	nodes: INode[],
	extra: Partial<WorkflowParameters> = {},
): Workflow {
	return new Workflow({
		id: 'test-workflow',
		name: 'Test',
		nodes,
		connections: {},
		nodeTypes: nodeTypesOf(type),
		active: false,
		settings: { executionOrder: 'v1' },
		...extra,
	});
}

/** The Workflow takes its zone when it is built; the global is put back for the next test. */
function withInstanceTimezone<T>(timezone: string | undefined, build: () => T): T {
	if (timezone === undefined) return build();
	const saved = getGlobalState();
	setGlobalState({ ...saved, defaultTimezone: timezone });
	try {
		return build();
	} finally {
		setGlobalState(saved);
	}
}

/**
 * Executes one node in n8n-core's real engine (WorkflowExecute), fed with the given items, with
 * the package's credentials resolved like n8n does. Returns the node's output or its error.
 */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const nodeUnderTest = workflowNode(options.node, options.parameters, {
		typeVersion: options.typeVersion,
		continueOnFail: options.continueOnFail,
		onError: options.continueOnFail ? 'continueRegularOutput' : undefined,
		...options.settings,
	});
	const workflow = withInstanceTimezone(options.instanceTimezone, () =>
		testWorkflow(options.node, [nodeUnderTest], {
			settings: { executionOrder: 'v1', timezone: options.timezone },
		}),
	);
	const mode = options.mode ?? (options.retryOf ? 'retry' : 'manual');
	const executionId = options.executionId ?? 'test-execution';
	const hooks = new ExecutionLifecycleHooks(mode, executionId, { id: 'test-workflow' } as never);
	const done = new Promise<IRun>((resolve) => hooks.addHandler('workflowExecuteAfter', resolve));
	const kept = options.retryOf?.data.executionData;
	const runExecutionData = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: structuredClone(kept?.contextData ?? {}),
			runtimeData: structuredClone(kept?.runtimeData),
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [
				{ node: nodeUnderTest, data: { main: [options.items ?? [{ json: {} }]] }, source: null },
			],
		},
	} as unknown as IRunExecutionData;
	const execute = new WorkflowExecute(
		additionalDataFor(options.credentials, hooks, executionId),
		mode,
		runExecutionData,
	);
	await execute.processRunExecutionData(workflow);
	const run = await done;
	const taskData = run.data.resultData.runData[nodeUnderTest.name]?.at(-1);
	return {
		items: taskData?.data?.main?.[0] ?? [],
		error: run.data.resultData.error ?? taskData?.error,
		run,
	};
}

/** A throwaway node whose execute is the given function: lets tests call the shared helper in a real execution context. */
export function probeNode(
	execute: (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>,
): INodeType {
	return {
		description: {
			displayName: 'Probe',
			name: 'probe',
			group: ['transform'],
			version: 1,
			description: 'Test probe',
			defaults: { name: 'Probe' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: ['faxCloudApi', 'faxCloudNumbersApi'].map((name) => ({ name, required: false })),
			properties: [],
		} as unknown as INodeType['description'],
		execute,
	};
}
