import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { textOf } from '../../../shared/parameterText';
import type { CountryCode } from './numberLookups';
import { countryOf, resolveRegion } from './numberLookups';

/** Country, region, city and area code pickers, each list loaded for the choice above it. */

export const GEO_LABELS = {
	country: 'Country',
	region: 'Region',
	city: 'City',
	areaCodes: 'Area Codes',
} as const;

export const countryParameter: INodeProperties = {
	displayName: GEO_LABELS.country,
	name: 'country',
	type: 'options',
	options: [
		{ name: 'Canada', value: 'CA' },
		{ name: 'United States', value: 'US' },
	],
	default: 'US',
	description: 'Country of the number',
};

export const regionParameter: INodeProperties = {
	displayName: GEO_LABELS.region,
	name: 'region',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getRegions', loadOptionsDependsOn: ['country'] },
	required: true,
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'State or province; an expression may give its code (NY) or name (New York)',
};

export const cityParameter: INodeProperties = {
	displayName: GEO_LABELS.city,
	name: 'city',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getCities', loadOptionsDependsOn: ['country', 'region'] },
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'City of the region; Any City leaves the choice to the provider',
};

export const areaCodesParameter: INodeProperties = {
	displayName: GEO_LABELS.areaCodes,
	name: 'areaCodes',
	type: 'multiOptions',
	typeOptions: {
		loadOptionsMethod: 'getAreaCodes',
		loadOptionsDependsOn: ['country', 'region', 'city'],
	},
	default: [],
	description:
		'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'Preferred area codes of the city, or of the whole region when no city is chosen',
};

export function readCountry(this: IExecuteFunctions, itemIndex: number): CountryCode {
	return countryOf(
		this,
		this.getNodeParameter('country', itemIndex),
		GEO_LABELS.country,
		itemIndex,
	);
}

/** The region's code, from a code or a name; refused before any request that needs it. */
export async function readRegion(
	this: IExecuteFunctions,
	itemIndex: number,
	country: CountryCode,
): Promise<string> {
	const region = textOf(this.getNodeParameter('region', itemIndex, ''));
	return await resolveRegion.call(this, country, region, GEO_LABELS.region, itemIndex);
}
