import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxIdParameters } from '../common/faxId';
import { markFax } from '../common/faxChanges';
import { requestsAtOnceCollection } from '../common/requestsAtOnce';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';

const properties: INodeProperties[] = [...faxIdParameters('inbound'), requestsAtOnceCollection];

const displayOptions = showOnlyFor('inboundFax', 'unmark');

export const description = updateDisplayOptions(displayOptions, properties);

/** Clears the service's Mark flag of the fax of the item's Fax ID. */
export const execute: ItemExecute = async function (itemIndex) {
	return await markFax.call(this, 'inbound', false, itemIndex);
};
