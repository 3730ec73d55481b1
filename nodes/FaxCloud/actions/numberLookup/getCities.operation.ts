import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { applyReturnAll, checkReturnAll, returnAllParameters } from '../mailMergeJob/listLimit';
import { countryParameter, GEO_LABELS, regionParameter } from './geoParameters';
import { countryOf, lookup, resolveRegion } from './lookups';

const properties: INodeProperties[] = [countryParameter, regionParameter, ...returnAllParameters];

export const description = updateDisplayOptions(
	{ show: { resource: ['numberLookup'], operation: ['getCities'] } },
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
	const region = await resolveRegion.call(
		this,
		country,
		String(this.getNodeParameter('region', itemIndex, '') ?? ''),
		GEO_LABELS.region,
		itemIndex,
	);
	const cities = await lookup.call(this, 'cities', [country, region], itemIndex);
	return applyReturnAll.call(this, itemIndex, cities).map((json) => ({ json }));
}
