import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { FaxDirection } from '../../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../../shared/faxDirections';
import { faxCloudRequestAllItems } from '../../../shared/transport';
import { validateBoolean, validateChoice, validateDatetime } from '../../../shared/validation';
import type { RequestParams } from '../../../shared/wire';
import { apiPath } from '../../../shared/wire';
import { readLimit } from './returnAll';

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

export interface SearchParameters {
	filters: IDataObject;
	/** The service's parameters for the filters and options both searches have. */
	query: RequestParams;
}

/**
 * The Filters and Options of a Get Many: the date and mark filters and the sort options both
 * searches have, in the service's parameter names. `dateLabels` name the date filters as the
 * resource shows them.
 */
export function readSearchParameters(
	this: IExecuteFunctions,
	itemIndex: number,
	dateLabels: { after: string; before: string },
): SearchParameters {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const query: RequestParams = {};
	const dates: Array<[string, string, string]> = [
		['datetimeAfter', 'DatetimeAfter', dateLabels.after],
		['datetimeBefore', 'DatetimeBefore', dateLabels.before],
	];
	for (const [filter, parameter, label] of dates) {
		if (filters[filter]) {
			query[parameter] = validateDatetime(this, filters[filter], label, itemIndex);
		}
	}
	if (filters.mark !== undefined) {
		query.Mark = validateBoolean(this, filters.mark, 'Marked', itemIndex);
	}
	if (options.sortColumn !== undefined) {
		query.SortColumn = validateChoice(this, options.sortColumn, 'Sort By', SORT_COLUMNS, itemIndex);
	}
	if (options.sortOrder !== undefined) {
		query.SortOrder = validateChoice(this, options.sortOrder, 'Sort Order', SORT_ORDERS, itemIndex);
	}
	return { filters, query };
}

/** The Status filter, one of the direction's FaxStatus values. */
export function readStatusFilter(
	this: IExecuteFunctions,
	itemIndex: number,
	direction: FaxDirection,
	filters: IDataObject,
): RequestParams {
	if (filters.faxStatus === undefined) return {};
	const { statuses } = FAX_DIRECTIONS[direction];
	return { FaxStatus: validateChoice(this, filters.faxStatus, 'Status', statuses, itemIndex) };
}

/** Runs a search with Return All or Limit; paging through ResultsReference is the helper's. */
export async function searchFaxes(
	this: IExecuteFunctions,
	itemIndex: number,
	direction: FaxDirection,
	query: RequestParams,
): Promise<INodeExecutionData[]> {
	const { collection, normalize } = FAX_DIRECTIONS[direction];
	const limit = readLimit.call(this, itemIndex);
	const records = await faxCloudRequestAllItems.call(
		this,
		{ api: 'fax', method: 'GET', path: apiPath(collection), query, itemIndex },
		{ limit },
	);
	return records.map((record) => ({ json: normalize(record) }));
}
