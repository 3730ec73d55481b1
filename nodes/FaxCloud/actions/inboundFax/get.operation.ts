import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxIdParameters } from '../common/faxId';
import { getFax } from '../common/getFax';
import { requestsAtOnceCollection } from '../common/requestsAtOnce';
import { simplifyParameter } from '../common/simplifyFaxItems';
import type { OperationDisplayOptions } from '../common/node.type';

const properties: INodeProperties[] = [
	...faxIdParameters('inbound'),
	simplifyParameter,
	requestsAtOnceCollection,
];

const displayOptions: OperationDisplayOptions<'inboundFax'> = {
	show: { resource: ['inboundFax'], operation: ['get'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** The fax of the item's Fax ID, simplified unless Simplify is off (version 2). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await getFax.call(this, 'inbound', itemIndex);
}
