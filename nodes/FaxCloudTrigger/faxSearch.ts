import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { faxCloudPages } from '../shared/transport';
import type { RequestParams } from '../shared/wire';
import { apiPath } from '../shared/wire';
import type { PollBudget } from './budget';
import type { WindowState } from './cursor';
import { EventWindow, windowStartOf } from './cursor';
import type { FaxKind } from './events/faxKinds';

/** Records per search request (ResultLimit). */
export const PAGE_SIZE = 250;

/** How many of the newest records "Fetch Test Event" looks through for one that matches. */
const SAMPLE_SCAN_LIMIT = 1_000;

/** What a fax event watches: a direction, whose faxes, and which records count as events. */
export interface FaxWatch {
	kind: FaxKind;
	/** FaxUserId of the search: a user, `*` for all users, undefined for the login's own faxes. */
	faxUserId?: string;
	accepts(fax: IDataObject): boolean;
	/** FaxStatus for the test-event search, when exactly one status is wanted. */
	sampleStatus?: string;
	/** Builds the output item of an event (the image download goes here). */
	toItem(fax: IDataObject): Promise<INodeExecutionData>;
}

export interface FaxEvent {
	fax: IDataObject;
	time: number;
	key: string;
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

/** Events of one search, newest or oldest first, through every page (ResultsReference). */
async function* searchEvents(
	context: IPollFunctions,
	watch: FaxWatch,
	order: 'asc' | 'desc',
	extra: RequestParams = {},
): AsyncGenerator<FaxEvent> {
	const query: RequestParams = { ...extra, SortColumn: 'dateTime', SortOrder: order };
	if (watch.faxUserId) query.FaxUserId = watch.faxUserId;
	const pages = faxCloudPages.call(
		context,
		{ api: 'fax', method: 'GET', path: apiPath(watch.kind.collection), query },
		PAGE_SIZE,
	);
	for await (const { records } of pages) {
		for (const record of records) yield eventOf(context, watch.kind, record);
	}
}

/**
 * First activation: where "now" is on the service. The newest record's time is the cursor, and
 * the records of the window before it are remembered, so the overlap of the next search does not
 * return them as new. With no record at all the cursor stays empty: every record that appears
 * later was created after the activation.
 */
export async function baselineFaxes(this: IPollFunctions, watch: FaxWatch): Promise<WindowState> {
	const window = new EventWindow();
	let start: number | undefined;
	for await (const event of searchEvents(this, watch, 'desc')) {
		start ??= windowStartOf(event.time);
		if (event.time < start) break;
		window.remember(event.time, event.key);
	}
	return window.toState();
}

/**
 * One poll: the events after the previous window, oldest first, each emitted once. Reading stops
 * at the event limit or the time budget; the cursor then stands at the last event handled and the
 * next poll continues from there.
 */
export async function pollFaxes(
	this: IPollFunctions,
	watch: FaxWatch,
	state: WindowState,
	budget: PollBudget,
): Promise<{ events: FaxEvent[]; items: INodeExecutionData[]; state: WindowState }> {
	const window = new EventWindow(state);
	const extra: RequestParams = {};
	if (window.datetimeAfter) extra.DatetimeAfter = window.datetimeAfter;
	const events: FaxEvent[] = [];
	const items: INodeExecutionData[] = [];
	for await (const event of searchEvents(this, watch, 'asc', extra)) {
		if (!window.isNew(event.time, event.key)) continue;
		if (watch.accepts(event.fax)) {
			items.push(await watch.toItem(event.fax));
			events.push(event);
			budget.countEvent();
		}
		window.remember(event.time, event.key);
		if (budget.eventsFull || budget.readingOver) break;
	}
	return { events, items, state: window.toState() };
}

/** "Fetch Test Event": the most recent record that counts as an event; nothing is stored. */
export async function sampleFax(
	this: IPollFunctions,
	watch: FaxWatch,
): Promise<INodeExecutionData | undefined> {
	const extra: RequestParams = watch.sampleStatus ? { FaxStatus: watch.sampleStatus } : {};
	let scanned = 0;
	for await (const event of searchEvents(this, watch, 'desc', extra)) {
		if (watch.accepts(event.fax)) return await watch.toItem(event.fax);
		if (++scanned >= SAMPLE_SCAN_LIMIT) break;
	}
	return undefined;
}
