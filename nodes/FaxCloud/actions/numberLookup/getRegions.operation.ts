import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { countryParameter } from '../common/geoParameters';
import { returnAllParameters } from '../common/returnAll';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';
import { listLookup } from './listLookup';

const properties: INodeProperties[] = [countryParameter, ...returnAllParameters];

const displayOptions = showOnlyFor('numberLookup', 'getRegions');

export const description = updateDisplayOptions(displayOptions, properties);

export const execute: ItemExecute = async function (itemIndex) {
	return await listLookup.call(this, itemIndex, 'regions');
};
