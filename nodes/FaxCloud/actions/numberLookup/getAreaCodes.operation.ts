import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { applyReturnAll, checkReturnAll, returnAllParameters } from '../mailMergeJob/listLimit';
import { cityParameter, countryParameter, GEO_LABELS, regionParameter } from './geoParameters';
import { countryOf, lookup, resolveRegion } from './lookups';

const properties: INodeProperties[] = [
	countryParameter,
	regionParameter,
	cityParameter,
	...returnAllParameters,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['numberLookup'], operation: ['getAreaCodes'] } },
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
	const city = String(this.getNodeParameter('city', itemIndex, '') ?? '').trim();
	// Without a city the service lists every area code of the region (path without the city).
	const args = city ? [country, region, city] : [country, region];
	const areaCodes = await lookup.call(this, 'area_codes', args, itemIndex);
	return applyReturnAll.call(this, itemIndex, areaCodes).map((json) => ({ json }));
}
