import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxIdParameters } from '../common/faxId';
import { getFax } from '../common/getFax';
import { requestsAtOnceCollection } from '../common/requestsAtOnce';
import { simplifyParameter } from '../common/simplifyFaxItems';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';

const properties: INodeProperties[] = [
	...faxIdParameters('inbound'),
	simplifyParameter,
	requestsAtOnceCollection,
];

const displayOptions = showOnlyFor('inboundFax', 'get');

export const description = updateDisplayOptions(displayOptions, properties);

/** The fax of the item's Fax ID, simplified unless Simplify is off (version 2). */
export const execute: ItemExecute = async function (itemIndex) {
	return await getFax.call(this, 'inbound', itemIndex);
};
