import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { startCredentialRun } from '../../shared/credentialRun';
import { DEFAULT_REQUESTS_AT_ONCE } from './common/requestsAtOnce';
import { RESOURCES } from './resources';
import type { FaxCloudOperation } from './types';

function findOperation(this: IExecuteFunctions): FaxCloudOperation {
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = RESOURCES.find((resource) => resource.value === resourceName)?.operations[
		operationName
	];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of resource "${resourceName}" is not supported`,
		);
	}
	return operation;
}

function errorItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.description = error.description;
	if (error instanceof NodeApiError && error.httpCode) json.httpCode = error.httpCode;
	for (const key of ['statusCode', 'statusText', 'mayHaveReachedService']) {
		if (error.context[key] !== undefined) json[key] = error.context[key] as IDataObject[string];
	}
	return { json, pairedItem: { item: itemIndex } };
}

/** Errors reach the user as NodeApiError/NodeOperationError that say which item failed. */
function asNodeError(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}

/**
 * Runs the chosen operation for every input item, at most "Requests at Once" at a time, keeping
 * output order and pairing. With Continue On Fail a failed item becomes an item with `error`;
 * otherwise the first failure (in item order) stops the node once the requests under way end.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	startCredentialRun(this);
	const items = this.getInputData();
	const operation = findOperation.call(this);

	if (operation.executeAll) {
		try {
			const output = await operation.executeAll.call(this, items);
			if (output) {
				return [
					output.map((item) => ({
						...item,
						pairedItem: item.pairedItem ?? items.map((_, item) => ({ item })),
					})),
				];
			}
		} catch (error) {
			const nodeError = asNodeError.call(this, error, 0);
			if (!this.continueOnFail()) throw nodeError;
			return [[{ ...errorItem(nodeError, 0), pairedItem: items.map((_, item) => ({ item })) }]];
		}
	}
	if (!operation.execute) return [[]];
	const execute = operation.execute;

	const concurrency = Math.max(
		1,
		Number(this.getNodeParameter('options.requestsAtOnce', 0, DEFAULT_REQUESTS_AT_ONCE)) ||
			DEFAULT_REQUESTS_AT_ONCE,
	);
	const results: INodeExecutionData[][] = new Array(items.length);
	const failures: Array<NodeApiError | NodeOperationError | undefined> = new Array(items.length);
	let next = 0;
	let stopped = false;

	const worker = async () => {
		while (!stopped && next < items.length) {
			const itemIndex = next++;
			try {
				const output = await execute.call(this, itemIndex);
				results[itemIndex] = output.map((item) => ({ ...item, pairedItem: { item: itemIndex } }));
			} catch (error) {
				const nodeError = asNodeError.call(this, error, itemIndex);
				if (this.continueOnFail()) {
					results[itemIndex] = [errorItem(nodeError, itemIndex)];
				} else {
					failures[itemIndex] = nodeError;
					stopped = true;
				}
			}
		}
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));

	const firstFailure = failures.find((failure) => failure !== undefined);
	if (firstFailure) throw firstFailure;
	return [results.flat()];
}
