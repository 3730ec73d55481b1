// Fax search for events: the search pages of one direction, each record as an event.
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { FaxDirection } from '../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../shared/faxDirections';
import { serviceDatetimeMs, serviceNumber } from '../../shared/recordFieldTypes';
import type { PagesOptions } from '../../shared/transport/paging';
import { faxCloudPages } from '../../shared/transport/paging';
import type { RequestParams } from '../../shared/transport/httpEncoding';
import { apiPath } from '../../shared/transport/httpEncoding';
import type { FaxScope } from './faxScope';

/** Records per search request (ResultLimit). */
export const PAGE_SIZE = 250;

/** What a fax event watches: a direction, whose faxes, and which records count as events. */
export interface FaxWatch {
	direction: FaxDirection;
	/** Whose faxes: the search's FaxUserId and how Fetch Test Event names it. */
	scope: FaxScope;
	/** Whether a record of this FaxStatus is an event. */
	accepts(status: string): boolean;
	/** FaxStatus for the test-event search, when exactly one status is wanted. */
	sampleStatus?: string;
	/** Builds the output item of an event: at once, or after its image download. */
	toItem(fax: IDataObject): INodeExecutionData | Promise<INodeExecutionData>;
}

/**
 * One record of a search, read only as far as the window needs: its identity, status and time.
 * The whole record is normalised (faxOf) only for an event the poll emits.
 */
export interface FaxEvent {
	/** The record as the service sent it. */
	record: IDataObject;
	/** FaxId as its normalised value reads (33 for "033"). */
	faxId: string;
	status: string;
	/**
	 * The event time: ReceivedTime or CompleteTime. For a record whose time cannot be read, the
	 * service's clock of the page it came on (NaN when the service sent no clock).
	 */
	time: number;
	key: string;
	/** Set when the record's own time cannot be read: the value it has instead. */
	undated?: string;
	/**
	 * Set when the record's time carries no zone (the format requires one; older interfaces
	 * answer in US Eastern time): the text as sent. It is read as UTC, as the description assumes.
	 */
	zoneless?: string;
	/** The service's clock when the page with this record was answered. */
	readAt?: number;
}

export interface FaxSearchPage {
	events: FaxEvent[];
	/** The service's clock when it answered (Date header); undefined when it sent none. */
	serviceTime?: number;
	more: boolean;
}

/**
 * Identity of one event; the event time completes it. FaxIds are counted separately per
 * direction, so the key starts with it: inbound 33 is `in:33`; a status change is the fax and its
 * new status, outbound 33 `out:33:<status>`.
 */
function eventKey(direction: FaxDirection, faxId: string, status: string): string {
	return direction === 'inbound' ? `in:${faxId}` : `out:${faxId}:${status}`;
}

/** A datetime of the description's form without its zone designator. */
const ZONELESS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/i;

/**
 * One record as an event. A record whose time cannot be read is still an event (the caller emits
 * it once and logs it): failing the poll for it would hold back every event behind it for ever.
 */
function eventOf(direction: FaxDirection, record: IDataObject, serviceTime?: number): FaxEvent {
	const { timeField } = FAX_DIRECTIONS[direction];
	const faxId = String(serviceNumber(record.FaxId));
	const status = String(record.FaxStatus);
	const key = eventKey(direction, faxId, status);
	const time = serviceDatetimeMs(record[timeField]);
	if (!isNaN(time)) {
		const text = String(record[timeField]).trim();
		const zoneless = ZONELESS.test(text) ? text : undefined;
		return { record, faxId, status, time, key, zoneless, readAt: serviceTime };
	}
	// A time that cannot be read is left as the service sent it by normalising, too.
	const undated = String(record[timeField] ?? '');
	return { record, faxId, status, time: serviceTime ?? NaN, key, undated };
}

/** The event's record normalised, as the event is emitted. */
export function faxOf(direction: FaxDirection, event: Pick<FaxEvent, 'record'>): IDataObject {
	return FAX_DIRECTIONS[direction].normalize(event.record);
}

/** The order events happened in: event time, then FaxId, then the key (status changes). */
export function byEventTime(a: FaxEvent, b: FaxEvent): number {
	return (
		a.time - b.time ||
		Number(a.record.FaxId) - Number(b.record.FaxId) ||
		(a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
	);
}

/** Which pages of a search (searchPages): extra query fields, page size, reading ahead. */
export interface SearchPagesOptions extends Omit<PagesOptions, 'startAt'> {
	extra?: RequestParams;
}

/**
 * Pages of one search sorted by the service's `dateTime`, the last-modified time: not the event
 * time, so a caller never assumes the events come in the order they happened.
 */
export async function* searchPages(
	context: IPollFunctions,
	watch: FaxWatch,
	order: 'asc' | 'desc',
	{ extra = {}, pageSize = PAGE_SIZE, readAhead }: SearchPagesOptions = {},
): AsyncGenerator<FaxSearchPage> {
	const query: RequestParams = { ...extra, SortColumn: 'dateTime', SortOrder: order };
	if (watch.scope.faxUserId) query.FaxUserId = watch.scope.faxUserId;
	const pages = faxCloudPages.call(
		context,
		{ api: 'fax', method: 'GET', path: apiPath(FAX_DIRECTIONS[watch.direction].collection), query },
		{ pageSize, readAhead },
	);
	for await (const page of pages) {
		yield {
			events: page.records.map((record) => eventOf(watch.direction, record, page.serviceTime)),
			serviceTime: page.serviceTime,
			more: page.more,
		};
	}
}
