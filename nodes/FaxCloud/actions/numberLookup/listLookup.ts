import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { textOf } from '../../../shared/parameterText';
import { readCountry, readRegion } from '../common/geoParameters';
import type { LookupKind } from '../common/numberLookups';
import { lookup } from '../common/numberLookups';
import { readLimit } from '../common/returnAll';

/**
 * What all three lookups do: read the place they list (a country's regions, a region's cities, a
 * city's or region's area codes), look it up (cached) and return Return All or Limit records.
 */
export async function listLookup(
	this: IExecuteFunctions,
	itemIndex: number,
	kind: LookupKind,
): Promise<INodeExecutionData[]> {
	const country = readCountry.call(this, itemIndex);
	const limit = readLimit.call(this, itemIndex);
	const place: string[] = [country];
	if (kind !== 'regions') place.push(await readRegion.call(this, itemIndex, country));
	// Without a city the service lists every area code of the region (path without the city).
	const city = kind === 'area_codes' ? textOf(this.getNodeParameter('city', itemIndex, '')) : '';
	if (city) place.push(city);
	const records = await lookup.call(this, kind, place, itemIndex);
	return records.slice(0, limit).map((json) => ({ json }));
}
