import type {
	IExecuteFunctions,
	INodeExecutionData,
	NodeApiError,
	NodeOperationError,
} from 'n8n-workflow';

import { asNodeError } from '../../../shared/itemErrors';

/** An item whose plan failed under Continue On Fail: the router makes it the item's error item. */
export class ItemPlanFailure {
	constructor(readonly error: NodeApiError | NodeOperationError) {}
}

/**
 * What an operation that creates something returns as its `checkAllItems`: every item's plan,
 * made in item order before the first request, so a bad item stops the node before anything is
 * created (a node stopped at item 7 would be run again and create items 0 to 6 twice). With
 * Continue On Fail a bad item's plan is its failure instead, and the other items still run. The
 * router hands each plan to the item's `execute`, which then reads nothing a second time.
 */
export async function planEachItem<Plan>(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	plan: (this: IExecuteFunctions, itemIndex: number) => Promise<Plan>,
): Promise<Array<Plan | ItemPlanFailure>> {
	const keepFailures = context.continueOnFail();
	const plans: Array<Plan | ItemPlanFailure> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			plans.push(await plan.call(context, itemIndex));
		} catch (error) {
			const failure = asNodeError(context, error, itemIndex);
			if (!keepFailures) throw failure;
			plans.push(new ItemPlanFailure(failure));
		}
	}
	return plans;
}
