import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { textOf } from '../../../shared/parameterText';
import { invalidParameter, validateBoolean } from '../../../shared/validation';
import {
	readSearchParameters,
	readStatusFilter,
	searchFaxes,
	sortOptions,
} from '../common/faxSearch';
import { returnAllParameters } from '../common/returnAll';
import type { OperationDisplayOptions } from '../node.type';

const properties: INodeProperties[] = [
	...returnAllParameters,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'All Users',
				name: 'allUsers',
				type: 'boolean',
				default: true,
				description:
					'Whether to return the faxes of every user of the organization; needs a proxy login',
			},
			{
				displayName: 'Fax User ID',
				name: 'faxUserId',
				type: 'string',
				default: '',
				placeholder: 'e.g. alice@acme',
				description:
					'Only faxes received by this user; needs a proxy login, other logins always see their own faxes',
			},
			{
				displayName: 'Marked',
				name: 'mark',
				type: 'boolean',
				default: false,
				description:
					'Whether to return only marked faxes (on) or only unmarked faxes (off); leave the filter out to return both',
			},
			{
				displayName: 'Received After',
				name: 'datetimeAfter',
				type: 'dateTime',
				default: '',
				description:
					'Only faxes received at or after this time, in the workflow’s timezone unless the value ends in Z or an offset',
			},
			{
				displayName: 'Received Before',
				name: 'datetimeBefore',
				type: 'dateTime',
				default: '',
				description:
					'Only faxes received at or before this time, in the workflow’s timezone unless the value ends in Z or an offset',
			},
			{
				displayName: 'Status',
				name: 'faxStatus',
				type: 'options',
				options: [
					{ name: 'Received', value: 'recvOk', description: 'Received without error' },
					{
						name: 'Incomplete',
						value: 'recvIncomplete',
						description: 'An error occurred while receiving',
					},
				],
				default: 'recvOk',
				description: 'Only faxes with this status',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: sortOptions('Time the fax was received'),
	},
];

const displayOptions: OperationDisplayOptions<'inboundFax'> = {
	show: { resource: ['inboundFax'], operation: ['getAll'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** The service selects the faxes of every user with FaxUserId `*` (proxy logins only). */
function faxUserIdFilter(
	this: IExecuteFunctions,
	itemIndex: number,
	filters: IDataObject,
): string | undefined {
	const allUsers =
		filters.allUsers !== undefined &&
		validateBoolean(this, filters.allUsers, 'All Users', itemIndex);
	const user = textOf(filters.faxUserId);
	if (allUsers && user) {
		throw invalidParameter(
			this,
			'Fax User ID',
			'cannot be combined with All Users; remove one of the two filters',
			itemIndex,
		);
	}
	if (allUsers) return '*';
	return user || undefined;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const { filters, query } = readSearchParameters.call(this, itemIndex, {
		after: 'Received After',
		before: 'Received Before',
	});
	const faxUserId = faxUserIdFilter.call(this, itemIndex, filters);
	if (faxUserId) query.FaxUserId = faxUserId;
	Object.assign(query, readStatusFilter.call(this, itemIndex, 'inbound', filters));
	return await searchFaxes.call(this, itemIndex, 'inbound', query);
}
