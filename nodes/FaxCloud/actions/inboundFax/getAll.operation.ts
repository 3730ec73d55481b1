import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { textOf } from '../../../shared/parameterText';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { validateBoolean } from '../../../shared/validation/valueChecks';
import type { RequestParams } from '../../../shared/transport/httpEncoding';
import { faxSearchParameters, getManyFaxes } from '../common/getManyFaxes';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';

/** The date filters' labels, which their errors name too. */
const DATE_LABELS = { after: 'Received After', before: 'Received Before' };

/** This search's own filters and its date filters; faxSearchParameters adds Marked and Status. */
const filterOptions: INodeProperties[] = [
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
		displayName: DATE_LABELS.after,
		name: 'datetimeAfter',
		type: 'dateTime',
		default: '',
		description:
			'Only faxes received at or after this time, in the workflow’s timezone unless the value ends in Z or an offset',
	},
	{
		displayName: DATE_LABELS.before,
		name: 'datetimeBefore',
		type: 'dateTime',
		default: '',
		description:
			'Only faxes received at or before this time, in the workflow’s timezone unless the value ends in Z or an offset',
	},
];

const statuses: INodePropertyOptions[] = [
	{ name: 'Received', value: 'recvOk', description: 'Received without error' },
	{
		name: 'Incomplete',
		value: 'recvIncomplete',
		description: 'An error occurred while receiving',
	},
];

const properties: INodeProperties[] = faxSearchParameters({
	filters: filterOptions,
	statuses,
	singleStatus: {
		displayName: 'Status',
		name: 'faxStatus',
		type: 'options',
		options: statuses,
		default: 'recvOk',
		description: 'Only faxes with this status',
	},
	dateTimeMeaning: 'Time the service last modified the fax: its arrival, or a mark or update since',
});

const displayOptions = showOnlyFor('inboundFax', 'getAll');

export const description = updateDisplayOptions(displayOptions, properties);

/** The service selects the faxes of every user with FaxUserId `*` (proxy logins only). */
function inboundFilters(
	this: IExecuteFunctions,
	itemIndex: number,
	filters: IDataObject,
): RequestParams {
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
	if (allUsers) return { FaxUserId: '*' };
	return user ? { FaxUserId: user } : {};
}

export const execute: ItemExecute = async function (itemIndex) {
	return await getManyFaxes.call(this, 'inbound', itemIndex, DATE_LABELS, inboundFilters);
};
