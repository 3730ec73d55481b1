import type { FaxCloudResource, OperationParameter } from '../common/operationShape';
import * as deleteFax from './delete.operation';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as mark from './mark.operation';
import * as unmark from './unmark.operation';
import * as update from './update.operation';

const operationParameter: OperationParameter<'inboundFax'> = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['inboundFax'] } },
	options: [
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete a received fax and its image',
			action: 'Delete a received fax',
		},
		{
			name: 'Download',
			value: 'download',
			description: 'Download the image of a received fax as PDF or TIFF',
			action: 'Download a received fax',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get the details of a received fax',
			action: 'Get a received fax',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'Search received faxes by time, status, mark or user',
			action: 'Get many received faxes',
		},
		{
			name: 'Mark',
			value: 'mark',
			description: 'Flag a received fax as processed so searches can leave it out',
			action: 'Mark a received fax',
		},
		{
			name: 'Unmark',
			value: 'unmark',
			description: 'Clear the processed flag of a received fax',
			action: 'Unmark a received fax',
		},
		{
			name: 'Update',
			value: 'update',
			description: 'Set the mark or the project codes of a received fax',
			action: 'Update a received fax',
		},
	],
	default: 'getAll',
};

export const inboundFaxResource: FaxCloudResource<'inboundFax'> = {
	value: 'inboundFax',
	name: 'Inbound Fax',
	description: 'Faxes received by the account',
	credential: 'faxCloudApi',
	properties: [
		operationParameter,
		...get.description,
		...getAll.description,
		...download.description,
		...update.description,
		...deleteFax.description,
		...mark.description,
		...unmark.description,
	],
	operations: {
		get,
		getAll,
		download,
		update,
		delete: deleteFax,
		mark,
		unmark,
	},
};
