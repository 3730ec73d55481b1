import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { textOf } from '../../../shared/parameterText';
import type { RequestParams } from '../../../shared/transport/httpEncoding';
import { faxSearchParameters, getManyFaxes } from '../common/getManyFaxes';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';

/** The date filters' labels, which their errors name too. */
const DATE_LABELS = { after: 'Updated After', before: 'Updated Before' };

/** This search's own filters and its date filters; faxSearchParameters adds Marked and Status. */
const filterOptions: INodeProperties[] = [
	{
		displayName: 'Batch Name',
		name: 'batchName',
		type: 'string',
		default: '',
		description: 'Only faxes with this BatchName',
	},
	{
		displayName: 'Batch Unique ID',
		name: 'batchUniqueId',
		type: 'string',
		default: '',
		description: 'Only faxes with this BatchUniqueId',
	},
	{
		displayName: 'Fax User ID',
		name: 'faxUserId',
		type: 'string',
		default: '',
		placeholder: 'e.g. alice@acme',
		description:
			'Only faxes owned by this user; works with a proxy login only, other logins always see their own faxes',
	},
	{
		displayName: DATE_LABELS.after,
		name: 'datetimeAfter',
		type: 'dateTime',
		default: '',
		description:
			'Only faxes updated (or completed, once sent or failed) at or after this time, in the workflow’s timezone unless the value ends in Z or an offset',
	},
	{
		displayName: DATE_LABELS.before,
		name: 'datetimeBefore',
		type: 'dateTime',
		default: '',
		description:
			'Only faxes updated (or completed, once sent or failed) at or before this time, in the workflow’s timezone unless the value ends in Z or an offset',
	},
];

const statuses: INodePropertyOptions[] = [
	{ name: 'Awaiting Conversion', value: 'awaitingConversion' },
	{ name: 'Awaiting Cover Page', value: 'awaitingCoverpage' },
	{ name: 'Scheduled', value: 'scheduled' },
	{ name: 'Send Failed', value: 'sendFailed' },
	{ name: 'Sending', value: 'sending' },
	{ name: 'Sent', value: 'sent' },
];

const properties: INodeProperties[] = faxSearchParameters({
	filters: filterOptions,
	statuses,
	singleStatus: {
		displayName: 'Status',
		name: 'faxStatus',
		type: 'options',
		options: statuses,
		default: 'sent',
		description: 'Only faxes with this status',
	},
	dateTimeMeaning:
		'Time the service last modified the fax: its last status change, or a mark since',
});

const displayOptions = showOnlyFor('outboundFax', 'getAll');

export const description = updateDisplayOptions(displayOptions, properties);

/** The filters only outbound faxes have; the service takes each as it is. */
function outboundFilters(this: IExecuteFunctions, _itemIndex: number, filters: IDataObject) {
	const query: RequestParams = {};
	if (textOf(filters.faxUserId)) query.FaxUserId = textOf(filters.faxUserId);
	if (textOf(filters.batchName)) query.BatchName = textOf(filters.batchName);
	if (textOf(filters.batchUniqueId)) query.BatchUniqueId = textOf(filters.batchUniqueId);
	return query;
}

export const execute: ItemExecute = async function (itemIndex) {
	return await getManyFaxes.call(this, 'outbound', itemIndex, DATE_LABELS, outboundFilters);
};
