import type { FaxCloudResource, OperationParameter } from '../common/operationShape';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getFaxes from './getFaxes.operation';

const operationParameter: OperationParameter<'mailMergeJob'> = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['mailMergeJob'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Fax a PDF form once per CSV line, filled with the line’s values',
			action: 'Create a mail merge job',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get the status and progress of a mail merge job',
			action: 'Get a mail merge job',
		},
		{
			name: 'Get Faxes',
			value: 'getFaxes',
			description: 'List the faxes a mail merge job created, with their status',
			action: 'Get the faxes of a mail merge job',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'List the mail merge jobs of the login',
			action: 'Get many mail merge jobs',
		},
	],
	default: 'create',
};

export const mailMergeJobResource: FaxCloudResource<'mailMergeJob'> = {
	value: 'mailMergeJob',
	name: 'Mail Merge Job',
	description: 'Jobs that send one fax per CSV line',
	credential: 'faxCloudApi',
	properties: [
		operationParameter,
		...create.description,
		...get.description,
		...getAll.description,
		...getFaxes.description,
	],
	operations: { create, get, getAll, getFaxes },
};
