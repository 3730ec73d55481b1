import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { OPTIONS_COLLECTION } from '../../../shared/optionsCollection';
import type { FaxDirection } from '../../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../../shared/faxDirections';
import { faxCloudPages, faxCloudRequestAllItems } from '../../../shared/transport/paging';
import { validateBoolean, validateChoice } from '../../../shared/validation/valueChecks';
import { validateDatetime } from '../../../shared/validation/datetimeCheck';
import type { RequestParams } from '../../../shared/transport/httpEncoding';
import { apiPath } from '../../../shared/transport/httpEncoding';
import { readLimit, returnAllParameters } from './returnAll';
import { readSimplifyOfItem, simplifiedItems, simplifyParameter } from './simplifyFaxItems';
import { FROM_VERSION_2, nodeVersionOf, ONLY_VERSION_1 } from '../../../shared/nodeVersions';

const SORT_COLUMNS = ['faxId', 'dateTime'] as const;
const SORT_ORDERS = ['asc', 'desc'] as const;

/** Sort parameters of both searches: in Options in version 1, in their own Sort collection from 2. */
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

/** The Marked filter of both searches, read in readSearchParameters. */
const markedFilter: INodeProperties = {
	displayName: 'Marked',
	name: 'mark',
	type: 'boolean',
	default: false,
	description:
		'Whether to return only marked faxes (on) or only unmarked faxes (off); leave the filter out to return both',
};

interface SearchParameters {
	filters: IDataObject;
	/** The service's parameters for the filters and options both searches have. */
	query: RequestParams;
}

/**
 * The Filters and Options of a Get Many: the date and mark filters and the sort options both
 * searches have, in the service's parameter names. `dateLabels` name the date filters as the
 * resource shows them.
 */
function readSearchParameters(
	this: IExecuteFunctions,
	itemIndex: number,
	dateLabels: { after: string; before: string },
): SearchParameters {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const sortCollection = nodeVersionOf(this) < 2 ? 'options' : 'sort';
	const options = this.getNodeParameter(sortCollection, itemIndex, {}) as IDataObject;
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

/**
 * The Status filter: one FaxStatus value in version 1, any number of them from version 2 (none
 * selected means every status).
 */
function readStatusFilter(
	this: IExecuteFunctions,
	itemIndex: number,
	direction: FaxDirection,
	filters: IDataObject,
): string[] {
	if (filters.faxStatus === undefined) return [];
	const { statuses } = FAX_DIRECTIONS[direction];
	const chosen = Array.isArray(filters.faxStatus) ? filters.faxStatus : [filters.faxStatus];
	const checked = chosen.map((status) =>
		validateChoice(this, status, 'Status', statuses, itemIndex),
	);
	return [...new Set(checked)];
}

/** The Get Many parameters of a fax search, of both versions. */
export function faxSearchParameters(options: {
	/** Filters both versions have, besides Status. */
	filters: INodeProperties[];
	statuses: INodePropertyOptions[];
	/** The Status filter of a version 1 node (one value), as released. */
	singleStatus: INodeProperties;
	dateTimeMeaning: string;
}): INodeProperties[] {
	const byName = (a: INodeProperties, b: INodeProperties) =>
		a.displayName.localeCompare(b.displayName);
	const filtersCollection = (status: INodeProperties): INodeProperties => ({
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [...options.filters, markedFilter, status].sort(byName),
	});
	return [
		...returnAllParameters,
		simplifyParameter,
		{
			...filtersCollection(options.singleStatus),
			default: {},
			displayOptions: ONLY_VERSION_1,
		},
		{
			...filtersCollection({
				displayName: 'Status',
				name: 'faxStatus',
				type: 'multiOptions',
				options: options.statuses,
				default: [],
				description: 'Only faxes with one of these statuses',
			}),
			default: {},
			displayOptions: FROM_VERSION_2,
		},
		{
			...OPTIONS_COLLECTION,
			options: sortOptions(options.dateTimeMeaning),
			displayOptions: ONLY_VERSION_1,
		},
		{
			displayName: 'Sort',
			name: 'sort',
			type: 'collection',
			placeholder: 'Add Sort Rule',
			default: {},
			options: sortOptions(options.dateTimeMeaning),
			displayOptions: FROM_VERSION_2,
		},
	];
}

/** Where a record sorts by FaxId in the order the service was asked for, to merge searches alike. */
function byFaxId(query: RequestParams) {
	const descending = query.SortOrder === 'desc';
	return (a: IDataObject, b: IDataObject): number =>
		descending ? Number(b.FaxId) - Number(a.FaxId) : Number(a.FaxId) - Number(b.FaxId);
}

/**
 * Runs a search with Return All or Limit; paging through ResultsReference is the helper's.
 *
 * Several statuses sorted by Fax ID are one search per status: the service's FaxStatus takes one
 * value, and a search without it would page through every fax of the other statuses (most faxes
 * are sent) to keep the few asked for. Each search pages on its own ResultsReference and stops at
 * the Limit, so the first Limit of the merged list are the first Limit of all. A fax whose status
 * changed between two searches shows up once.
 *
 * Sorted by last modified time they are one search of every status, the asked ones kept in the
 * service's order: records carry no modification time to merge searches by (a mark moves a fax
 * in that order without changing its CompleteTime or ReceivedTime).
 */
async function searchFaxesForGetMany(
	this: IExecuteFunctions,
	itemIndex: number,
	direction: FaxDirection,
	query: RequestParams,
	statuses: string[] = [],
): Promise<INodeExecutionData[]> {
	const { collection, normalize } = FAX_DIRECTIONS[direction];
	const limit = readLimit.call(this, itemIndex);
	const request = (status?: string) => ({
		api: 'fax' as const,
		method: 'GET' as const,
		path: apiPath(collection),
		query: status === undefined ? query : { ...query, FaxStatus: status },
		itemIndex,
	});
	const search = async (status?: string) =>
		await faxCloudRequestAllItems.call(this, request(status), { limit });
	if (statuses.length <= 1) {
		const records = await search(statuses[0]);
		return records.map((record) => ({ json: normalize(record) }));
	}
	if (query.SortColumn === 'dateTime') {
		const wanted = new Set(statuses);
		const kept: INodeExecutionData[] = [];
		for await (const { records } of faxCloudPages.call(this, request())) {
			for (const record of records) {
				if (!wanted.has(String(record.FaxStatus))) continue;
				kept.push({ json: normalize(record) });
				if (kept.length === limit) return kept;
			}
		}
		return kept;
	}
	const found = new Map<string, IDataObject>();
	for (const status of statuses) {
		for (const record of await search(status)) {
			const faxId = String(record.FaxId);
			if (!found.has(faxId)) found.set(faxId, normalize(record));
		}
	}
	const merged = [...found.values()].sort(byFaxId(query));
	return merged.slice(0, limit ?? merged.length).map((json) => ({ json }));
}

/**
 * Get Many of either fax resource: the filters and sort options both have, the direction's own
 * filters (`readFilters`, in the service's parameter names), the statuses and Simplify, all read
 * and checked before the search.
 */
export async function getManyFaxes(
	this: IExecuteFunctions,
	direction: FaxDirection,
	itemIndex: number,
	dateLabels: { after: string; before: string },
	readFilters: (this: IExecuteFunctions, itemIndex: number, filters: IDataObject) => RequestParams,
): Promise<INodeExecutionData[]> {
	const { filters, query } = readSearchParameters.call(this, itemIndex, dateLabels);
	Object.assign(query, readFilters.call(this, itemIndex, filters));
	const statuses = readStatusFilter.call(this, itemIndex, direction, filters);
	const simplify = readSimplifyOfItem.call(this, itemIndex);
	const items = await searchFaxesForGetMany.call(this, itemIndex, direction, query, statuses);
	return simplifiedItems(direction, items, simplify);
}
