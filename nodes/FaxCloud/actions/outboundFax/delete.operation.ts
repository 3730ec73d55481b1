import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxIdParameters } from '../common/faxId';
import { deleteFax } from '../common/faxChanges';
import { requestsAtOnceCollection } from '../common/requestsAtOnce';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';

const properties: INodeProperties[] = [...faxIdParameters('outbound'), requestsAtOnceCollection];

const displayOptions = showOnlyFor('outboundFax', 'delete');

export const description = updateDisplayOptions(displayOptions, properties);

/** Deletes the fax of the item's Fax ID and its image. */
export const execute: ItemExecute = async function (itemIndex) {
	return await deleteFax.call(this, 'outbound', itemIndex);
};
