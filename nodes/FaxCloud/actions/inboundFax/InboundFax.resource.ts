import type { FaxCloudResource } from '../types';

/** Placeholder until the resource's operations land; it offers no operation yet. */
export const inboundFaxResource: FaxCloudResource = {
	value: 'inboundFax',
	name: 'Inbound Fax',
	description: 'Faxes received by the account',
	credential: 'faxCloudApi',
	properties: [
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['inboundFax'] } },
			options: [],
			default: '',
		},
	],
	operations: {},
};
