import type { FaxCloudResource, OperationParameter } from '../common/operationShape';
import * as nonTollFree from './nonTollFree.operation';
import * as portIn from './portIn.operation';
import { createUserFirstNotice } from './requestFields';
import * as tollFree from './tollFree.operation';

const operationParameter: OperationParameter<'numberRequest'> = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['numberRequest'] } },
	options: [
		{
			name: 'Request Non-Toll-Free Number',
			value: 'nonTollFree',
			description: 'Ask for a new local number in a region, city or area code',
			action: 'Request a local number',
		},
		{
			name: 'Request Number Port-In',
			value: 'portIn',
			description: 'Ask to move an existing number to the service, with its LOA and a bill',
			action: 'Request to port in a number',
		},
		{
			name: 'Request Toll-Free Number',
			value: 'tollFree',
			description: 'Ask for a new toll-free number',
			action: 'Request a toll free number',
		},
	],
	default: 'nonTollFree',
};

export const numberRequestResource: FaxCloudResource<'numberRequest'> = {
	value: 'numberRequest',
	name: 'Number Request',
	description: 'Requests for new or ported fax numbers',
	credential: 'faxCloudNumbersApi',
	properties: [
		{ ...createUserFirstNotice, displayOptions: { show: { resource: ['numberRequest'] } } },
		operationParameter,
		...nonTollFree.description,
		...tollFree.description,
		...portIn.description,
	],
	operations: { nonTollFree, tollFree, portIn },
};
