import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxIdParameters } from '../common/faxId';
import { markFax } from '../common/faxChanges';
import { requestsAtOnceCollection } from '../common/requestsAtOnce';
import type { OperationDisplayOptions } from '../common/node.type';

const properties: INodeProperties[] = [...faxIdParameters('outbound'), requestsAtOnceCollection];

const displayOptions: OperationDisplayOptions<'outboundFax'> = {
	show: { resource: ['outboundFax'], operation: ['unmark'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** Clears the service's Mark flag of the fax of the item's Fax ID. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await markFax.call(this, 'outbound', false, itemIndex);
}
