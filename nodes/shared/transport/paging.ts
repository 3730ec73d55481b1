// Paging: the pages of a fax search (GetNextResults = ResultsReference), and all its records.
import type { IDataObject } from 'n8n-workflow';

import { readJson, serviceTimeOf } from './answerReading';
import { requestFailure } from './apiErrors';
import type { FaxCloudContext } from './faxCloudInterfaces';
import { withGetRetries } from './getRetries';
import type { FaxCloudRequest } from './requestBuilding';
import { sendOnce } from './requestBuilding';

/** A JSON answer with the service's clock at the time it answered. */
interface DatedBody {
	body: IDataObject;
	/** The answer's HTTP Date header (epoch ms, whole seconds); undefined when absent or unreadable. */
	serviceTime?: number;
}

/**
 * One page: a JSON request, as faxCloudRequest, with the Date header of the answer: the
 * service's own clock, which a poller may trust where the n8n host's clock may be off.
 */
async function datedPage(context: FaxCloudContext, request: FaxCloudRequest): Promise<DatedBody> {
	return await withGetRetries(context, request, async () => {
		const response = await sendOnce.call(context, request, 'arraybuffer');
		return { body: readJson(context, request, response), serviceTime: serviceTimeOf(response) };
	});
}

export interface PagingOptions {
	/** Records per request (ResultLimit). */
	pageSize?: number;
	/** Stop after this many records; undefined returns all. */
	limit?: number;
}

export interface FaxCloudPage {
	records: IDataObject[];
	body: IDataObject;
	/** The service's clock when it answered (Date header, epoch ms); undefined when absent. */
	serviceTime?: number;
	/** Whether another page follows; stopping the iteration here leaves it unread. */
	more: boolean;
	/** The key of the next page (GetNextResults) when `more`. */
	reference?: string;
}

/**
 * Pages in a row that bring no record not read before in the same paging, before the paging is
 * given up as stuck. More than one: a record modified while the pages are read comes again on a
 * later page, and a page can hold only such records.
 */
export const MAX_PAGES_WITHOUT_PROGRESS = 3;

/**
 * A number for what makes a record a new one for the progress check: its FaxId and the fields a
 * change moves (status and times), hashed (FNV-1a, 32 bits) instead of joined into a text, so a page
 * of hundreds of records builds no text per record. Two records that differ may share a number;
 * that only makes the one look read before, and a page counts as progress when any one of its
 * records is new, so the check fails no paging that moves on (all of a page's records would have
 * to share numbers with records read before, three pages in a row). A page answered again has the
 * same numbers, so a stuck paging still fails.
 */
function recordNumber(record: IDataObject): number {
	let hash = mixText(0x811c9dc5, record.FaxId);
	hash = mixText(hash, record.FaxStatus);
	hash = mixText(hash, record.CompleteTime);
	hash = mixText(hash, record.ReceivedTime);
	// 30 bits: a small integer, which a Set keeps without a box.
	return hash >>> 2;
}

/** One field into the hash, then a separator, so that "1" + "23" and "12" + "3" differ. */
function mixText(hash: number, value: unknown): number {
	const text = typeof value === 'string' ? value : String(value ?? '');
	for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
	return Math.imul(hash ^ 0x7c, 0x01000193);
}

/** The records one paging has read, for the progress check; a record without a FaxId by its text. */
class RecordsRead {
	private readonly numbers = new Set<number>();
	private readonly withoutId = new Set<string>();

	/** Adds the record; says whether this paging had not read it before. */
	add(record: IDataObject): boolean {
		if (record.FaxId === undefined) return addNew(this.withoutId, JSON.stringify(record));
		return addNew(this.numbers, recordNumber(record));
	}
}

function addNew<T>(known: Set<T>, identity: T): boolean {
	if (known.has(identity)) return false;
	known.add(identity);
	return true;
}

/** How a fax search is paged (faxCloudPages). */
export interface PagesOptions {
	/** Records per request (ResultLimit); 100 by default. */
	pageSize?: number;
	/** A ResultsReference of an earlier answer to go on from; the first page by default. */
	startAt?: string;
	/**
	 * Ask for the next page as soon as a page arrives, before the caller reads this one, for a
	 * caller that reads every page: the service sees the same requests in the same order. In n8n
	 * (2.41.1) the gain is small: n8n opens a new connection for every request, and the request is
	 * written only once the caller's work on this page yields to the event loop, so that work still
	 * adds to the paging's time (measured with 3 ms of work a page: 3 ms more a page either way). A
	 * caller that stops early leaves that one request unread (its answer or error is dropped), so
	 * it is off by default.
	 */
	readAhead?: boolean;
}

/**
 * An answer that says more results exist but gives no ResultsReference to read them: the rest of
 * the list cannot be had, and taking the page for the whole list would lose the rest in silence.
 */
function pagesWithoutKey(context: FaxCloudContext, request: FaxCloudRequest, page: number) {
	return requestFailure(context, request, false, {
		message: `The service's answer to ${request.method} ${request.path} (page ${page}) says HasMoreResults is true but gives no ResultsReference, so the rest of the results cannot be read`,
		advice:
			'Nothing of this search was taken as complete. Try again later; if it persists, the service is not returning the key of the next page.',
	});
}

/**
 * Pages of a fax search: repeats the query with GetNextResults = ResultsReference while the
 * service says more results exist, from the first page or from `startAt`. Interface A omits
 * HasMoreResults for inbound searches, so a ResultsReference alone also means "more". The key may
 * be the same on every page (a session cursor, which the description allows), so paging ends only
 * when the service says there is no more; a paging that stops bringing new records fails, so a
 * caller never takes a part of the list for all of it.
 */
export async function* faxCloudPages(
	this: FaxCloudContext,
	request: FaxCloudRequest,
	options: PagesOptions = {},
): AsyncGenerator<FaxCloudPage> {
	const { pageSize = 100, readAhead = false } = options;
	const fetchPage = (reference?: string): Promise<DatedBody> =>
		datedPage(this, {
			...request,
			query: reference
				? { ...request.query, ResultLimit: pageSize, GetNextResults: reference }
				: { ...request.query, ResultLimit: pageSize },
		});
	let next = fetchPage(options.startAt);
	let pageNumber = 1;
	const read = new RecordsRead();
	let pagesWithoutProgress = 0;
	for (;;) {
		const { body, serviceTime } = await next;
		const records = Array.isArray(body.FaxInfo) ? (body.FaxInfo as IDataObject[]) : [];
		const reference = body.ResultsReference ? String(body.ResultsReference) : '';
		const saysMore = String(body.HasMoreResults) === 'true';
		if (saysMore && reference === '') throw pagesWithoutKey(this, request, pageNumber);
		const more = reference !== '' && (body.HasMoreResults === undefined || saysMore);
		pageNumber++;
		if (more && readAhead) {
			next = fetchPage(reference);
			// Handled where it is awaited; a caller that stops early never awaits it.
			next.catch(() => undefined);
		}
		let progress = false;
		for (const record of records) progress = read.add(record) || progress;
		yield { records, body, serviceTime, more, reference: more ? reference : undefined };
		if (!more) return;
		pagesWithoutProgress = progress ? 0 : pagesWithoutProgress + 1;
		if (pagesWithoutProgress >= MAX_PAGES_WITHOUT_PROGRESS) {
			throw requestFailure(this, request, false, {
				message: `The service answered the same page of search results again: ${MAX_PAGES_WITHOUT_PROGRESS} pages in a row brought no new record although it said more results exist`,
				advice:
					'The search was stopped so that no record is skipped, and nothing of it was used. Try again later; if it persists, the service’s paging (ResultsReference) is not moving on.',
			});
		}
		if (!readAhead) next = fetchPage(reference);
	}
}

/** Every record of a fax search (Return All), or the first `limit` records. */
export async function faxCloudRequestAllItems(
	this: FaxCloudContext,
	request: FaxCloudRequest,
	options: PagingOptions = {},
): Promise<IDataObject[]> {
	const all: IDataObject[] = [];
	const pageSize = Math.max(1, Math.min(options.pageSize ?? 100, options.limit ?? Infinity));
	for await (const { records } of faxCloudPages.call(this, request, { pageSize })) {
		all.push(...records);
		if (options.limit !== undefined && all.length >= options.limit) {
			return all.slice(0, options.limit);
		}
	}
	return all;
}
