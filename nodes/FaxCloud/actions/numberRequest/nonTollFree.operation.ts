import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	areaCodesParameter,
	cityParameter,
	countryParameter,
	GEO_LABELS,
	regionParameter,
} from '../numberLookup/geoParameters';
import { countryOf, resolveRegion } from '../numberLookup/lookups';
import { resolveAreaCodes, resolveCity } from './places';
import {
	assignToUserParameter,
	commentOption,
	departmentOption,
	EMPTY_WHEN_UNSET,
	numberRequestOperation,
	notifyEmailsParameter,
	readCommonFields,
	REQUEST_LABELS,
	REQUEST_PATHS,
} from './common';
import type { NumberRequestPlan } from './common';

const properties: INodeProperties[] = [
	countryParameter,
	regionParameter,
	cityParameter,
	areaCodesParameter,
	notifyEmailsParameter,
	assignToUserParameter,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			commentOption,
			departmentOption,
			{
				displayName: REQUEST_LABELS.forwardFrom,
				name: 'forwardFrom',
				type: 'string',
				default: '',
				placeholder: 'e.g. 12125550100',
				description: 'Number whose faxes should be forwarded to the new number',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['numberRequest'], operation: ['nonTollFree'] } },
	properties,
);

async function plan(this: IExecuteFunctions, itemIndex: number): Promise<NumberRequestPlan> {
	const country = countryOf(
		this,
		this.getNodeParameter('country', itemIndex),
		GEO_LABELS.country,
		itemIndex,
	);
	const common = readCommonFields.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const region = await resolveRegion.call(
		this,
		country,
		String(this.getNodeParameter('region', itemIndex, '') ?? ''),
		GEO_LABELS.region,
		itemIndex,
	);
	const city = await resolveCity.call(
		this,
		country,
		region,
		this.getNodeParameter('city', itemIndex, ''),
		itemIndex,
	);
	const areaCodes = await resolveAreaCodes.call(
		this,
		country,
		region,
		this.getNodeParameter('areaCodes', itemIndex, []),
		itemIndex,
	);
	const json: IDataObject = {
		country_code: country,
		...EMPTY_WHEN_UNSET,
		...common,
		forward_from: String(options.forwardFrom ?? '').trim(),
		region,
		...(city ? { city } : {}),
		area_code: areaCodes,
	};
	return { path: REQUEST_PATHS.nonTollFree, json };
}

export const { execute, executeAll } = numberRequestOperation(plan);
