import type { FaxCloudResource, OperationParameter } from '../common/operationShape';
import * as deleteFax from './delete.operation';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as mark from './mark.operation';
import * as resend from './resend.operation';
import * as send from './send.operation';
import * as unmark from './unmark.operation';

const operationParameter: OperationParameter<'outboundFax'> = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['outboundFax'] } },
	options: [
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete an outbound fax and its image',
			action: 'Delete an outbound fax',
		},
		{
			name: 'Download',
			value: 'download',
			description: 'Download the image of an outbound fax as PDF or TIFF',
			action: 'Download an outbound fax',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get the status and details of an outbound fax',
			action: 'Get an outbound fax',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'Search outbound faxes by status, time, mark, user or batch',
			action: 'Get many outbound faxes',
		},
		{
			name: 'Mark',
			value: 'mark',
			description: 'Flag an outbound fax as processed so searches can leave it out',
			action: 'Mark an outbound fax',
		},
		{
			name: 'Resend',
			value: 'resend',
			description: 'Send a failed fax again, optionally to a new number',
			action: 'Resend a failed fax',
		},
		{
			name: 'Send',
			value: 'send',
			description: 'Send documents or text to one or more fax numbers',
			action: 'Send a fax',
		},
		{
			name: 'Unmark',
			value: 'unmark',
			description: 'Clear the processed flag of an outbound fax',
			action: 'Unmark an outbound fax',
		},
	],
	default: 'send',
};

export const outboundFaxResource: FaxCloudResource<'outboundFax'> = {
	value: 'outboundFax',
	name: 'Outbound Fax',
	description: 'Faxes sent by the account',
	credential: 'faxCloudApi',
	properties: [
		operationParameter,
		...send.description,
		...resend.description,
		...get.description,
		...getAll.description,
		...download.description,
		...deleteFax.description,
		...mark.description,
		...unmark.description,
	],
	operations: {
		send,
		resend,
		get,
		getAll,
		download,
		delete: deleteFax,
		mark,
		unmark,
	},
};
