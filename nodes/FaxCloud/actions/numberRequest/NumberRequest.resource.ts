import type { FaxCloudResource } from '../types';

/** Placeholder until the resource's operations land; it offers no operation yet. */
export const numberRequestResource: FaxCloudResource = {
	value: 'numberRequest',
	name: 'Number Request',
	description: 'Requests for new or ported fax numbers',
	credential: 'faxCloudNumbersApi',
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['numberRequest'] } },
			options: [],
			default: '',
		},
	],
	operations: {},
};
