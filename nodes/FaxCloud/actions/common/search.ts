import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import { faxCloudRequestAllItems } from '../../../shared/transport';
import {
	validateBoolean,
	validateChoice,
	validateDatetime,
	validateInteger,
} from '../../../shared/validation';
import type { RequestParams } from '../../../shared/wire';
import { apiPath } from '../../../shared/wire';
import type { FaxDirection } from './direction';
import { DIRECTIONS } from './direction';

export const returnAllParameters: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

const SORT_COLUMNS = ['faxId', 'dateTime'] as const;
const SORT_ORDERS = ['asc', 'desc'] as const;

/** Sort parameters of both searches, for an Options collection. */
export function sortOptions(dateTimeMeaning: string): INodeProperties[] {
	return [
		{
			displayName: 'Sort By',
			name: 'sortColumn',
			type: 'options',
			options: [
				{ name: 'Fax ID', value: 'faxId' },
				{ name: 'Last Modified Time', value: 'dateTime', description: dateTimeMeaning },
			],
			default: 'faxId',
			description: 'Field the service sorts the results by',
		},
		{
			displayName: 'Sort Order',
			name: 'sortOrder',
			type: 'options',
			options: [
				{ name: 'Ascending', value: 'asc' },
				{ name: 'Descending', value: 'desc' },
			],
			default: 'asc',
			description: 'Oldest or lowest first (ascending) or newest or highest first (descending)',
		},
	];
}

/** Date and mark filters shared by both searches, in the service's parameter names. */
export function readCommonFilters(
	this: IExecuteFunctions,
	itemIndex: number,
	filters: IDataObject,
	labels: { after: string; before: string },
): RequestParams {
	const query: RequestParams = {};
	if (filters.datetimeAfter) {
		query.DatetimeAfter = validateDatetime(this, filters.datetimeAfter, labels.after, itemIndex);
	}
	if (filters.datetimeBefore) {
		query.DatetimeBefore = validateDatetime(this, filters.datetimeBefore, labels.before, itemIndex);
	}
	if (filters.mark !== undefined) {
		query.Mark = validateBoolean(this, filters.mark, 'Marked', itemIndex);
	}
	return query;
}

export function readSortOptions(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): RequestParams {
	const query: RequestParams = {};
	if (options.sortColumn !== undefined) {
		query.SortColumn = validateChoice(this, options.sortColumn, 'Sort By', SORT_COLUMNS, itemIndex);
	}
	if (options.sortOrder !== undefined) {
		query.SortOrder = validateChoice(this, options.sortOrder, 'Sort Order', SORT_ORDERS, itemIndex);
	}
	return query;
}

/** Runs a search with Return All or Limit; paging through ResultsReference is the helper's. */
export async function searchFaxes(
	this: IExecuteFunctions,
	itemIndex: number,
	direction: FaxDirection,
	query: RequestParams,
): Promise<INodeExecutionData[]> {
	const info = DIRECTIONS[direction];
	const returnAll = validateBoolean(
		this,
		this.getNodeParameter('returnAll', itemIndex, false),
		'Return All',
		itemIndex,
	);
	const limit = returnAll
		? undefined
		: validateInteger(
				this,
				this.getNodeParameter('limit', itemIndex, 50),
				'Limit',
				{ min: 1 },
				itemIndex,
			);
	const records = await faxCloudRequestAllItems.call(
		this,
		{ api: 'fax', method: 'GET', path: apiPath(info.collection), query, itemIndex },
		{ limit },
	);
	return records.map((record) => ({ json: info.normalize(record) }));
}
