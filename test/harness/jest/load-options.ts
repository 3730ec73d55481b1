import { LoadOptionsContext } from 'n8n-core';
import type {
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
} from 'n8n-workflow';

import type { TestCredentials } from './credentials-helper';
import { additionalDataFor, testWorkflow, workflowNode } from './run-node';

export interface LoadOptionsRun {
	node: INodeType;
	/** Name of the method under `methods.loadOptions`. */
	method: string;
	/** The parameters the editor holds while the list is opened (the editor sends them all). */
	parameters: INodeParameters;
	credentials: TestCredentials;
	/** Path of the parameter whose list is loaded, e.g. `parameters.region`. */
	path?: string;
	/** The node's version; the lowest by default, as in runNode. */
	typeVersion?: number;
}

/**
 * n8n-core's own LoadOptionsContext, as the editor's request for a dropdown builds it: a one-node
 * workflow with the current parameters and `additionalData.currentNodeParameters` set.
 */
function contextOf(run: LoadOptionsRun, path: string): LoadOptionsContext {
	const node = workflowNode(run.node, run.parameters, { typeVersion: run.typeVersion });
	const workflow = testWorkflow(run.node, [node]);
	const additionalData = additionalDataFor(run.credentials);
	additionalData.currentNodeParameters = run.parameters;
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

/** Runs a listSearch method (a resource locator's "From List") with a filter and page token. */
export async function listSearch(
	run: LoadOptionsRun & { filter?: string; paginationToken?: string },
): Promise<INodeListSearchResult> {
	const method = run.node.methods?.listSearch?.[run.method];
	if (!method) throw new Error(`The node has no listSearch method ${run.method}`);
	const context = contextOf(run, run.path ?? 'parameters.faxId');
	return await method.call(context, run.filter, run.paginationToken);
}

/** Runs a loadOptions method as the editor's request for a dropdown does. */
export async function loadOptions(run: LoadOptionsRun): Promise<INodePropertyOptions[]> {
	const method = run.node.methods?.loadOptions?.[run.method];
	if (!method) throw new Error(`The node has no loadOptions method ${run.method}`);
	const context = contextOf(run, run.path ?? `parameters.${run.method}`);
	return await method.call(context);
}
