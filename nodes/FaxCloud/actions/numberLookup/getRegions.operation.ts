import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { applyReturnAll, checkReturnAll, returnAllParameters } from '../mailMergeJob/listLimit';
import { countryParameter, GEO_LABELS } from './geoParameters';
import { countryOf, lookup } from './lookups';

const properties: INodeProperties[] = [countryParameter, ...returnAllParameters];

export const description = updateDisplayOptions(
	{ show: { resource: ['numberLookup'], operation: ['getRegions'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const country = countryOf(
		this,
		this.getNodeParameter('country', itemIndex),
		GEO_LABELS.country,
		itemIndex,
	);
	checkReturnAll.call(this, itemIndex);
	const regions = await lookup.call(this, 'regions', [country], itemIndex);
	return applyReturnAll.call(this, itemIndex, regions).map((json) => ({ json }));
}
