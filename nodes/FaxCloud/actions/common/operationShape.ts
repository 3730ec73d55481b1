import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { OperationDisplayOptions, OperationName, ResourceName } from './node.type';
import type { ItemPlanFailure } from './planEachItem';

/**
 * An operation's `execute`, as FaxCloudOperation describes it: `export const execute: ItemExecute
 * = async function (itemIndex) {...}`, typed here once. `Plan` is what the operation's
 * `checkAllItems` made for the item, for an operation that has it.
 */
export type ItemExecute<Plan = undefined> = (
	this: IExecuteFunctions,
	itemIndex: number,
	planned: Plan,
) => Promise<INodeExecutionData[]>;

/** An operation's `checkAllItems`: every item's plan, or its failure under Continue On Fail. */
export type CheckAllItems<Plan> = (
	this: IExecuteFunctions,
	items: INodeExecutionData[],
) => Promise<Array<Plan | ItemPlanFailure>>;

/**
 * The display rule of one operation's parameters, for updateDisplayOptions: shown for its resource
 * and operation only (`{ show: { resource: [resource], operation: [operation] } }`).
 */
export function showOnlyFor<R extends ResourceName>(
	resource: R,
	operation: OperationName<R>,
): OperationDisplayOptions<R> {
	return { show: { resource: [resource], operation: [operation] } };
}

/** One operation of a resource: its parameters and what it does with the input items. */
export interface FaxCloudOperation {
	/** Parameters, limited to their resource and operation with updateDisplayOptions. */
	description: INodeProperties[];
	/**
	 * Runs for one input item and returns new items of its own (never an input item or an item it
	 * keeps elsewhere): the router writes pairedItem into them and handles Continue On Fail. `planned`
	 * is what `checkAllItems` returned for this item, for an operation that has it, so nothing is
	 * read twice. An operation file types it with ItemExecute.
	 */
	execute(
		this: IExecuteFunctions,
		itemIndex: number,
		planned?: unknown,
	): Promise<INodeExecutionData[]>;
	/**
	 * Checks every input item before the first request, and throws for the first bad one. For
	 * operations that create something: a node stopped at item 7 would be run again by the user and
	 * create items 0 to 6 twice. It returns what it built for each item (common/planEachItem.ts),
	 * which the router hands to that item's `execute`. With Continue On Fail a bad item's entry is
	 * its failure, which the router makes that item's error item. Typed with CheckAllItems.
	 */
	checkAllItems?(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<unknown[]>;
	/**
	 * Runs once for all input items instead of `execute` for each (a mail merge job of the Input
	 * Items), when `runsOnce` says this run does.
	 */
	executeOnce?(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]>;
	runsOnce?(this: IExecuteFunctions): boolean;
}

/** The Operation parameter of a resource: its values and default are operations of the resource. */
export type OperationParameter<R extends ResourceName> = Omit<
	INodeProperties,
	'displayOptions' | 'options' | 'default'
> & {
	displayOptions: { show: { resource: R[] } };
	options: Array<INodePropertyOptions & { value: OperationName<R> }>;
	default: OperationName<R>;
};

export interface FaxCloudResource<R extends ResourceName = ResourceName> {
	/** Value of the Resource parameter. */
	value: R;
	/** Name shown in the Resource dropdown. */
	name: string;
	description: string;
	/** Which credential type the resource uses. */
	credential: 'faxCloudApi' | 'faxCloudNumbersApi';
	/** The Operation parameter and every operation's parameters. */
	properties: INodeProperties[];
	operations: Record<OperationName<R>, FaxCloudOperation>;
}
