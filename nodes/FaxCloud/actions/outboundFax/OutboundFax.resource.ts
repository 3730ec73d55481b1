import type { FaxCloudResource } from '../types';

/** Placeholder until the resource's operations land; it offers no operation yet. */
export const outboundFaxResource: FaxCloudResource = {
	value: 'outboundFax',
	name: 'Outbound Fax',
	description: 'Faxes sent by the account',
	credential: 'faxCloudApi',
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['outboundFax'] } },
			options: [],
			default: '',
		},
	],
	operations: {},
};
