import type { FaxCloudResource, OperationParameter } from '../common/operationShape';
import * as getAreaCodes from './getAreaCodes.operation';
import * as getCities from './getCities.operation';
import * as getRegions from './getRegions.operation';

const operationParameter: OperationParameter<'numberLookup'> = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['numberLookup'] } },
	options: [
		{
			name: 'Get Area Codes',
			value: 'getAreaCodes',
			description: 'List the area codes of a city, or of a whole region',
			action: 'Get area codes',
		},
		{
			name: 'Get Cities',
			value: 'getCities',
			description: 'List the cities of a state or province',
			action: 'Get cities',
		},
		{
			name: 'Get Regions',
			value: 'getRegions',
			description: 'List the states (US) or provinces (Canada)',
			action: 'Get regions',
		},
	],
	default: 'getRegions',
};

export const numberLookupResource: FaxCloudResource<'numberLookup'> = {
	value: 'numberLookup',
	name: 'Number Lookup',
	description: 'Regions, cities and area codes for number requests',
	credential: 'faxCloudNumbersApi',
	properties: [
		operationParameter,
		...getRegions.description,
		...getCities.description,
		...getAreaCodes.description,
	],
	operations: { getRegions, getCities, getAreaCodes },
};
