import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation of a resource: its parameters and what it does for one input item. */
export interface FaxCloudOperation {
	/** Parameters, already limited to their resource and operation with updateDisplayOptions. */
	description: INodeProperties[];
	/** Runs for one input item; the router adds pairedItem and handles Continue On Fail. */
	execute?(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
	/**
	 * Runs once for all input items together (e.g. a mail merge job built from the items).
	 * Returns `undefined` when the parameters ask for per-item runs after all.
	 */
	executeAll?(
		this: IExecuteFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[] | undefined>;
}

export interface FaxCloudResource {
	/** Value of the Resource parameter. */
	value: string;
	/** Name shown in the Resource dropdown. */
	name: string;
	description: string;
	/** Which credential type the resource uses. */
	credential: 'faxCloudApi' | 'faxCloudNumbersApi';
	/** The Operation parameter and every operation's parameters. */
	properties: INodeProperties[];
	operations: Record<string, FaxCloudOperation>;
}
