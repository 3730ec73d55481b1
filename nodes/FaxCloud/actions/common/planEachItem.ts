import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * What an operation that creates something returns as its `checkAllItems`: every item's plan,
 * made in item order before the first request, so a bad item stops the node before anything is
 * created (a node stopped at item 7 would be run again and create items 0 to 6 twice). The router
 * hands each plan to the item's `execute`, which then reads nothing a second time.
 */
export async function planEachItem<Plan>(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	plan: (this: IExecuteFunctions, itemIndex: number) => Promise<Plan>,
): Promise<Plan[]> {
	const plans: Plan[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		plans.push(await plan.call(context, itemIndex));
	}
	return plans;
}
