import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { downloadFax, downloadFaxParameters } from '../common/downloadFax';
import { faxIdParameters } from '../common/faxId';
import type { OperationDisplayOptions } from '../common/node.type';

const properties: INodeProperties[] = [...faxIdParameters('outbound'), ...downloadFaxParameters];

const displayOptions: OperationDisplayOptions<'outboundFax'> = {
	show: { resource: ['outboundFax'], operation: ['download'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** The image of the fax of the item's Fax ID, into the binary field the user names. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await downloadFax.call(this, 'outbound', itemIndex);
}
