import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxIdParameters } from '../common/faxId';
import { deleteFax } from '../common/faxChanges';
import { requestsAtOnceCollection } from '../common/requestsAtOnce';
import type { OperationDisplayOptions } from '../common/node.type';

const properties: INodeProperties[] = [...faxIdParameters('inbound'), requestsAtOnceCollection];

const displayOptions: OperationDisplayOptions<'inboundFax'> = {
	show: { resource: ['inboundFax'], operation: ['delete'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** Deletes the fax of the item's Fax ID and its image. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await deleteFax.call(this, 'inbound', itemIndex);
}
