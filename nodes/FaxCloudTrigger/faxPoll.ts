import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { PollBudget } from './budget';
import type { FaxEvent, FaxWatch } from './faxSearch';
import { byEventTime, searchPages } from './faxSearch';
import type { WindowState } from './window';
import { EventWindow, floorMinute, minuteDatetime } from './window';

interface WindowContents {
	/** Events of the window not emitted yet, in the order the service returned them. */
	fresh: FaxEvent[];
	/** The service's clock at the first page, or the newest event time read when it sent none. */
	serviceTime?: number;
	/** Whether every page of the window was read. */
	complete: boolean;
}

/**
 * Reads the window from its start. It stops early only for the time budget, once the pages read
 * hold something new; the window then stays where it is, so the unread pages are read again.
 */
async function readWindow(
	context: IPollFunctions,
	watch: FaxWatch,
	window: EventWindow,
	budget: PollBudget,
): Promise<WindowContents> {
	const after = window.datetimeAfter;
	const fresh: FaxEvent[] = [];
	const taken = new Set<string>();
	let clock: number | undefined;
	let newest: number | undefined;
	let first = true;
	for await (const page of searchPages(
		context,
		watch,
		'asc',
		after ? { DatetimeAfter: after } : {},
	)) {
		// The earliest clock of the read: a record not on the service then may still appear.
		if (first) clock = page.serviceTime;
		first = false;
		for (const event of page.events) {
			if (newest === undefined || event.time > newest) newest = event.time;
			if (!watch.accepts(event.fax) || !window.isNew(event.time, event.key)) continue;
			// A record modified while the pages are read moves to a later page and comes twice.
			const id = `${event.time} ${event.key}`;
			if (taken.has(id)) continue;
			taken.add(id);
			fresh.push(event);
		}
		if (page.more && budget.readingOver(fresh.length > 0)) {
			return { fresh, serviceTime: clock ?? newest, complete: false };
		}
	}
	return { fresh, serviceTime: clock ?? newest, complete: true };
}

/**
 * First activation: nothing on the service now is emitted later. The service's clock comes from
 * one record's search; the window starts the lateness allowance before it, and the events already
 * in it are remembered, so a record that appears later within the allowance is still new. With no
 * clock and no record at all the window stays open: every record that appears later is new.
 */
export async function baselineFaxes(
	this: IPollFunctions,
	watch: FaxWatch,
	latenessMs: number,
): Promise<WindowState> {
	let now: number | undefined;
	for await (const page of searchPages(this, watch, 'desc', {}, 1)) {
		now = page.serviceTime ?? page.events[0]?.time;
		break;
	}
	if (now === undefined) return { windowStart: null, seen: {} };
	const start = floorMinute(now - latenessMs);
	const window = new EventWindow({ windowStart: new Date(start).toISOString(), seen: {} });
	for await (const page of searchPages(this, watch, 'asc', {
		DatetimeAfter: minuteDatetime(start),
	})) {
		for (const event of page.events) {
			if (watch.accepts(event.fax)) window.remember(event.time, event.key);
		}
	}
	return window.toState();
}

/**
 * One poll: the window's new events, emitted oldest first (event time, then FaxId), each once.
 * Emitting stops at Max Events per Poll or the time budget; the window then stops at the first
 * event left, which the next poll emits.
 */
export async function pollFaxes(
	this: IPollFunctions,
	watch: FaxWatch,
	state: WindowState,
	budget: PollBudget,
	latenessMs: number,
): Promise<{ events: FaxEvent[]; items: INodeExecutionData[]; state: WindowState }> {
	const window = new EventWindow(state);
	const contents = await readWindow(this, watch, window, budget);
	const events: FaxEvent[] = [];
	const items: INodeExecutionData[] = [];
	let firstLeft: number | undefined;
	for (const event of contents.fresh.sort(byEventTime)) {
		if (budget.eventsFull || budget.emittingOver) {
			firstLeft = event.time;
			break;
		}
		items.push(await watch.toItem(event.fax));
		events.push(event);
		budget.countEvent();
		window.remember(event.time, event.key);
	}
	if (contents.complete) {
		window.advance({ serviceTime: contents.serviceTime, latenessMs, firstLeft });
	}
	return { events, items, state: window.toState() };
}
