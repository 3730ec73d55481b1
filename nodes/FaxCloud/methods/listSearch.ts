import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import type { FaxDirection } from '../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../shared/faxDirections';
import { listMailMergeJobs } from '../../shared/mailMergeLists';
import { normalizeMailMergeJob } from '../../shared/recordFieldTypes';
import { faxCloudPages } from '../../shared/transport/paging';
import { apiPath } from '../../shared/transport/httpEncoding';

/** Records per page of a picker: one request fills the list the editor shows first. */
export const LIST_PAGE_SIZE = 50;

/**
 * Pages read at most for one answer while a filter is typed. The service has no text filter, so
 * typing filters each page here; a filter that matches little reads a few pages before answering,
 * and the editor asks for the rest with the token when the user scrolls.
 */
const MAX_PAGES_PER_FILTERED_ANSWER = 5;
const ENOUGH_FILTERED_RESULTS = 20;

function matches(filter: string, fields: unknown[]): boolean {
	return fields.some((field) =>
		String(field ?? '')
			.toLowerCase()
			.includes(filter),
	);
}

function shortTime(value: unknown): string {
	return typeof value === 'string'
		? value.replace('T', ' ').replace(/:\d{2}(\.\d+)?Z$/, ' UTC')
		: '';
}

/** How a fax reads in the picker: its ID, the other party, its status and time. */
function faxEntry(direction: FaxDirection, fax: IDataObject): INodeListSearchItems {
	const other =
		direction === 'outbound' ? `to ${fax.FaxNumber ?? '?'}` : `from ${fax.CallerNumber || '?'}`;
	const time = shortTime(fax[FAX_DIRECTIONS[direction].timeField] || fax.CreateTime);
	const parts = [
		`#${fax.FaxId}`,
		other,
		String(fax.FaxStatus ?? ''),
		time,
		String(fax.FaxUserId ?? ''),
	];
	return { name: parts.filter(Boolean).join(' · '), value: String(fax.FaxId) };
}

function faxFilterFields(direction: FaxDirection, fax: IDataObject): unknown[] {
	return direction === 'outbound'
		? [fax.FaxId, fax.FaxNumber, fax.FaxUserId]
		: [fax.FaxId, fax.CallerNumber, fax.DestFaxNumber, fax.FaxUserId];
}

/**
 * The newest faxes of a direction first (sorted by FaxId, descending), one service page per
 * answer and the service's ResultsReference as the token for the next (it may be the same key
 * on every page: a session cursor). A typed filter keeps the faxes whose ID, fax number or user
 * contains it.
 */
async function listFaxesNewestFirst(
	this: ILoadOptionsFunctions,
	direction: FaxDirection,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { collection, normalize } = FAX_DIRECTIONS[direction];
	const wanted = (filter ?? '').trim().toLowerCase();
	const results: INodeListSearchItems[] = [];
	const pages = faxCloudPages.call(
		this,
		{
			api: 'fax',
			method: 'GET',
			path: apiPath(collection),
			query: { SortColumn: 'faxId', SortOrder: 'desc' },
		},
		{ pageSize: LIST_PAGE_SIZE, startAt: paginationToken },
	);
	let token: string | undefined;
	let read = 0;
	for await (const page of pages) {
		for (const fax of page.records.map(normalize)) {
			if (!wanted || matches(wanted, faxFilterFields(direction, fax))) {
				results.push(faxEntry(direction, fax));
			}
		}
		token = page.reference;
		read++;
		const enough = !wanted || results.length >= ENOUGH_FILTERED_RESULTS;
		if (enough || read >= MAX_PAGES_PER_FILTERED_ANSWER) break;
	}
	return { results, paginationToken: token };
}

export async function searchOutboundFaxes(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await listFaxesNewestFirst.call(this, 'outbound', filter, paginationToken);
}

export async function searchInboundFaxes(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await listFaxesNewestFirst.call(this, 'inbound', filter, paginationToken);
}

/**
 * Mail merge jobs, newest (highest ID) first. The job list comes whole from the service, so the
 * token is the offset of the next page of the filtered list.
 */
export async function searchMailMergeJobs(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const wanted = (filter ?? '').trim().toLowerCase();
	const jobs = ((await listMailMergeJobs.call(this)) ?? [])
		.map(normalizeMailMergeJob)
		.filter((job) => !wanted || matches(wanted, [job.ID, job.Status]))
		.reverse();
	const offset = Math.max(0, Number(paginationToken) || 0);
	const page = jobs.slice(offset, offset + LIST_PAGE_SIZE);
	const next = offset + LIST_PAGE_SIZE;
	return {
		results: page.map((job) => ({
			name: [`#${job.ID}`, String(job.Status ?? ''), shortTime(job.CreatedOn)]
				.filter(Boolean)
				.join(' · '),
			value: String(job.ID),
		})),
		paginationToken: next < jobs.length ? String(next) : undefined,
	};
}
