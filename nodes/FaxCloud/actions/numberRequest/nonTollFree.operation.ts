import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { OPTIONS_COLLECTION } from '../../../shared/optionsCollection';
import { textOf } from '../../../shared/parameterText';
import {
	areaCodesParameter,
	cityParameter,
	countryParameter,
	readCountry,
	readRegion,
	regionParameter,
} from '../common/geoParameters';
import { showOnlyFor } from '../common/operationShape';
import { filedOnce, type NumberRequestPlan, REQUEST_PATHS } from './requestFiling';
import { resolveAreaCodes, resolveCity } from './places';
import {
	assignToUserParameter,
	commentOption,
	departmentOption,
	EMPTY_WHEN_UNSET,
	notifyEmailsParameter,
	readCommonFields,
	REQUEST_LABELS,
} from './requestFields';

const properties: INodeProperties[] = [
	countryParameter,
	regionParameter,
	cityParameter,
	areaCodesParameter,
	notifyEmailsParameter,
	assignToUserParameter,
	{
		...OPTIONS_COLLECTION,
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

const displayOptions = showOnlyFor('numberRequest', 'nonTollFree');

export const description = updateDisplayOptions(displayOptions, properties);

async function plan(this: IExecuteFunctions, itemIndex: number): Promise<NumberRequestPlan> {
	const country = readCountry.call(this, itemIndex);
	const common = readCommonFields.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const region = await readRegion.call(this, itemIndex, country);
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
		forward_from: textOf(options.forwardFrom),
		region,
		...(city ? { city } : {}),
		area_code: areaCodes,
	};
	return { path: REQUEST_PATHS.nonTollFree, json };
}

/** Every item's request checked before the first is filed, then each filed once (requestFiling.ts). */
export const { checkAllItems, execute } = filedOnce(plan);
