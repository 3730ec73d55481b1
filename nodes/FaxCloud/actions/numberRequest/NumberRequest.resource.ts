import type { FaxCloudResource } from '../types';
import { createUserFirstNotice } from './common';
import * as nonTollFree from './nonTollFree.operation';
import * as portIn from './portIn.operation';
import * as tollFree from './tollFree.operation';

export const numberRequestResource: FaxCloudResource = {
	value: 'numberRequest',
	name: 'Number Request',
	description: 'Requests for new or ported fax numbers',
	credential: 'faxCloudNumbersApi',
	properties: [
		{ ...createUserFirstNotice, displayOptions: { show: { resource: ['numberRequest'] } } },
		{
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: ['numberRequest'] } },
			options: [
				{
					name: 'Port In Number',
					value: 'portIn',
					description: 'Ask to move an existing number to the service, with its LOA and a bill',
					action: 'Request a number port in',
				},
				{
					name: 'Request Non-Toll-Free Number',
					value: 'nonTollFree',
					description: 'Ask for a new local number in a region, city or area code',
					action: 'Request a non toll free number',
				},
				{
					name: 'Request Toll-Free Number',
					value: 'tollFree',
					description: 'Ask for a new toll-free number',
					action: 'Request a toll free number',
				},
			],
			default: 'nonTollFree',
		},
		...nonTollFree.description,
		...tollFree.description,
		...portIn.description,
	],
	operations: { nonTollFree, tollFree, portIn },
};
