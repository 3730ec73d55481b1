import type { FaxCloudResource } from '../types';

/** Placeholder until the resource's operations land; it offers no operation yet. */
export const numberLookupResource: FaxCloudResource = {
	value: 'numberLookup',
	name: 'Number Lookup',
	description: 'Regions, cities and area codes for number requests',
	credential: 'faxCloudNumbersApi',
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['numberLookup'] } },
			options: [],
			default: '',
		},
	],
	operations: {},
};
