import type { FaxCloudResource } from '../types';

/** Placeholder until the resource's operations land; it offers no operation yet. */
export const mailMergeJobResource: FaxCloudResource = {
	value: 'mailMergeJob',
	name: 'Mail Merge Job',
	description: 'Jobs that send one fax per CSV line',
	credential: 'faxCloudApi',
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['mailMergeJob'] } },
			options: [],
			default: '',
		},
	],
	operations: {},
};
