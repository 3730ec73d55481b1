import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { downloadFax, downloadFaxParameters } from '../common/downloadFax';
import { faxIdParameters } from '../common/faxId';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';

const properties: INodeProperties[] = [...faxIdParameters('outbound'), ...downloadFaxParameters];

const displayOptions = showOnlyFor('outboundFax', 'download');

export const description = updateDisplayOptions(displayOptions, properties);

/** The image of the fax of the item's Fax ID, into the binary field the user names. */
export const execute: ItemExecute = async function (itemIndex) {
	return await downloadFax.call(this, 'outbound', itemIndex);
};
