import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { startCredentialRun } from '../../shared/transport/credentialRun';
import { asNodeError } from '../../shared/itemErrors';
import { ItemPlanFailure } from './common/planEachItem';
import { DEFAULT_REQUESTS_AT_ONCE } from './common/requestsAtOnce';
import { RESOURCES } from './resources';
import type { FaxCloudOperation } from './common/operationShape';

function findOperation(this: IExecuteFunctions): FaxCloudOperation {
	const resourceName = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	// The parameters are checked here, at run time: a workflow may hold any value.
	const resources: Record<string, { operations: Record<string, FaxCloudOperation> }> = RESOURCES;
	const operations = Object.hasOwn(resources, resourceName)
		? resources[resourceName].operations
		: {};
	if (!Object.hasOwn(operations, operationName)) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of resource "${resourceName}" is not supported`,
		);
	}
	return operations[operationName];
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

/**
 * One run for all input items; its output items are paired with every input item. The pairing
 * (one object an input item) is built after the run, so it is not alive beside the run's upload.
 */
async function runOnceForAllItems(
	this: IExecuteFunctions,
	executeOnce: NonNullable<FaxCloudOperation['executeOnce']>,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[][]> {
	const pairAll = () => items.map((_, item) => ({ item }));
	try {
		const output = await executeOnce.call(this, items);
		const allItems = pairAll();
		return [output.map((item) => ({ ...item, pairedItem: item.pairedItem ?? allItems }))];
	} catch (error) {
		const nodeError = asNodeError(this, error, 0);
		if (!this.continueOnFail()) throw nodeError;
		return [[{ ...errorItem(nodeError, 0), pairedItem: pairAll() }]];
	}
}

/**
 * Runs the operation for every input item, at most "Requests at Once" at a time, keeping output
 * order and pairing. With Continue On Fail a failed item becomes an item with `error`; otherwise
 * the first failure (in item order) stops the node once the requests under way end.
 */
async function runForEachItem(
	this: IExecuteFunctions,
	execute: FaxCloudOperation['execute'],
	items: INodeExecutionData[],
	checked: unknown[] | undefined,
): Promise<INodeExecutionData[][]> {
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
			const itemChecked = checked?.[itemIndex];
			// Released as the item starts: what was built for an item (its files) is not kept to the end.
			if (checked) checked[itemIndex] = undefined;
			try {
				if (itemChecked instanceof ItemPlanFailure) throw itemChecked.error;
				const output = await execute.call(this, itemIndex, itemChecked);
				// The operation's own new items (operationShape.ts): paired where they are.
				for (const item of output) item.pairedItem = { item: itemIndex };
				results[itemIndex] = output;
			} catch (error) {
				const nodeError = asNodeError(this, error, itemIndex);
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

/**
 * Runs the chosen operation: once for all items when it asks for that, otherwise for each item,
 * after checking every item when the operation creates something. With Continue On Fail the check
 * keeps each bad item's failure for that item (common/planEachItem.ts) instead of stopping.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	startCredentialRun(this);
	const items = this.getInputData();
	const operation = findOperation.call(this);

	if (operation.executeOnce && operation.runsOnce?.call(this)) {
		return await runOnceForAllItems.call(this, operation.executeOnce, items);
	}
	let checked: unknown[] | undefined;
	if (operation.checkAllItems) {
		try {
			checked = await operation.checkAllItems.call(this, items);
		} catch (error) {
			throw asNodeError(this, error, 0);
		}
	}
	return await runForEachItem.call(this, operation.execute, items, checked);
}
