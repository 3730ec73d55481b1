import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { faxCloudPages } from '../shared/transport';
import type { RequestParams } from '../shared/wire';
import { apiPath } from '../shared/wire';
import type { FaxKind } from './events/faxKinds';
import type { FaxScope } from './events/faxScope';

/** Records per search request (ResultLimit). */
export const PAGE_SIZE = 250;

/** What a fax event watches: a direction, whose faxes, and which records count as events. */
export interface FaxWatch {
	kind: FaxKind;
	/** Whose faxes: the search's FaxUserId and how Fetch Test Event names it. */
	scope: FaxScope;
	accepts(fax: IDataObject): boolean;
	/** FaxStatus for the test-event search, when exactly one status is wanted. */
	sampleStatus?: string;
	/** Builds the output item of an event (the image download goes here). */
	toItem(fax: IDataObject): Promise<INodeExecutionData>;
}

export interface FaxEvent {
	fax: IDataObject;
	/** The event time: ReceivedTime or CompleteTime. */
	time: number;
	key: string;
}

export interface FaxSearchPage {
	events: FaxEvent[];
	/** The service's clock when it answered (Date header); undefined when it sent none. */
	serviceTime?: number;
	more: boolean;
}

function eventOf(context: IPollFunctions, kind: FaxKind, record: IDataObject): FaxEvent {
	const fax = kind.normalize(record);
	const time = Date.parse(String(fax[kind.timeField] ?? ''));
	if (isNaN(time)) {
		throw new NodeOperationError(
			context.getNode(),
			`The service returned ${kind.noun} ${String(fax.FaxId)} without a valid ${kind.timeField}`,
			{ description: 'The trigger orders events by this time; try again later.' },
		);
	}
	return { fax, time, key: kind.keyOf(fax) };
}

/** The order events happened in: event time, then FaxId, then the key (status changes). */
export function byEventTime(a: FaxEvent, b: FaxEvent): number {
	return (
		a.time - b.time ||
		Number(a.fax.FaxId) - Number(b.fax.FaxId) ||
		(a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
	);
}

/**
 * Pages of one search sorted by the service's `dateTime`, the last-modified time: not the event
 * time, so a caller never assumes the events come in the order they happened.
 */
export async function* searchPages(
	context: IPollFunctions,
	watch: FaxWatch,
	order: 'asc' | 'desc',
	extra: RequestParams = {},
	pageSize = PAGE_SIZE,
): AsyncGenerator<FaxSearchPage> {
	const query: RequestParams = { ...extra, SortColumn: 'dateTime', SortOrder: order };
	if (watch.scope.faxUserId) query.FaxUserId = watch.scope.faxUserId;
	const pages = faxCloudPages.call(
		context,
		{ api: 'fax', method: 'GET', path: apiPath(watch.kind.collection), query },
		pageSize,
	);
	for await (const page of pages) {
		yield {
			events: page.records.map((record) => eventOf(context, watch.kind, record)),
			serviceTime: page.serviceTime,
			more: page.more,
		};
	}
}
