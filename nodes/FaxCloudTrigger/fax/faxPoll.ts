// Fax events: the first activation (baseline) and one poll of the window, emitting each event once.
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { FAX_DIRECTIONS } from '../../shared/faxDirections';
import type { RequestParams } from '../../shared/transport/httpEncoding';
import { serviceDatetimeMs } from '../../shared/recordFieldTypes';
import type { PollBudget } from '../poll/pollBudget';
import type { ClockReading } from '../state/serviceClock';
import { trustedClock } from '../state/serviceClock';
import {
	guessedSlice,
	narrowedSlice,
	nextSliceMs,
	sliceAfter,
	sliceEnd,
} from '../state/windowSlice';
import { imageTimedOut } from './eventImage';
import { StatusMemory } from '../state/statusMemory';
import type { FaxEvent, FaxWatch } from './faxEventSearch';
import { byEventTime, searchPages } from './faxEventSearch';
import type { WindowState } from '../state/eventWindow';
import type { HeldEvent } from '../state/heldEvents';
import type { Emitted } from './emitted';
import { emitRecord } from './emitted';
import { emitHeld, eventsToHold } from './leftoverHold';
import { EventsTaken } from './eventsTaken';
import { EventWindow, floorMinute, MINUTE_MS, minuteDatetime } from '../state/eventWindow';
import { warnOfTrigger } from '../poll/triggerWarning';

interface WindowContents {
	/**
	 * Events of the window not emitted yet (with `everyRecord`, every record of the window), in the
	 * order the service returned them.
	 */
	fresh: FaxEvent[];
	/** The service's clock at the first page, or the newest event time read when it sent none. */
	serviceTime?: number;
	/** Whether every page of the window was read. */
	complete: boolean;
	/** The service's Date header against the host's clock, when it sent one. */
	reading?: ClockReading;
	/** The slice read instead of the one asked for (narrowedSlice, guessedSlice). */
	narrowed?: { upTo: number; sliceMs: number };
	/** Whether that slice was guessed and never counted (guessedSlice). */
	guessed?: boolean;
}

/** Which part of the window a read asks for, and the allowance that says which part is settled. */
interface ReadBounds {
	from?: number;
	/** The slice's end; undefined: the whole window. */
	asked?: number;
	latenessMs: number;
}

/**
 * Reads the window from its start. It stops early only for the time budget, once the pages read
 * hold something new; the window then stays where it is, so the unread pages are read again. Once
 * the pages read hold more new events than the poll may emit, it reads a narrower slice instead
 * (narrowedSlice), once. A read of the whole window may guess that slice sooner (guessedSlice);
 * the count then narrows it only if it holds twice the room.
 */
async function readWindow(
	context: IPollFunctions,
	watch: FaxWatch,
	window: EventWindow,
	budget: PollBudget,
	everyRecord: boolean,
	{ from, asked, latenessMs }: ReadBounds,
): Promise<WindowContents> {
	let upTo = asked;
	const mayGuess = asked === undefined;
	let foundNew = false;
	let fresh: FaxEvent[] = [];
	let clock: number | undefined;
	let hostAtClock = 0;
	let newest: number | undefined;
	let complete = true;
	let narrowTo: WindowContents['narrowed'];
	let narrowed: WindowContents['narrowed'];
	let decided = false;
	let guessed = false;
	do {
		const extra: RequestParams = {};
		if (from !== undefined) extra.DatetimeAfter = minuteDatetime(from);
		if (upTo !== undefined) extra.DatetimeBefore = minuteDatetime(upTo);
		// The own times of the new events read: where the events this poll may emit end.
		const newTimes: number[] = [];
		fresh = [];
		foundNew = false;
		complete = true;
		narrowTo = undefined;
		// Every page is read unless the time budget runs out, so the next is asked for before this one
		// is read (readAhead in transport/paging.ts says what that gains in n8n).
		for await (const page of searchPages(context, watch, 'asc', { extra, readAhead: true })) {
			// The earliest clock of the read: a record not on the service then may still appear, and
			// one front end's clock ahead is not taken over the others'.
			if (page.serviceTime !== undefined && (clock === undefined || page.serviceTime < clock)) {
				clock = page.serviceTime;
				hostAtClock = Date.now();
			}
			for (const event of page.events) {
				placeZoneless(event, window.startMs);
				const dated = event.undated === undefined;
				const ownTime = dated && event.zoneless === undefined;
				if (ownTime && (newest === undefined || event.time > newest)) newest = event.time;
				const isNew = watch.accepts(event.status) && isNewInWindow(window, event);
				// Status changes need every record of the window, in order; other events only new ones.
				if (!isNew && !everyRecord) continue;
				fresh.push(event);
				foundNew ||= isNew;
				if (isNew && ownTime) newTimes.push(event.time);
			}
			complete = !page.more;
			if (!complete && budget.readingOver(foundNew)) break;
			if (complete || decided) continue;
			const settledBefore = clock === undefined ? undefined : clock - latenessMs;
			if (mayGuess && !guessed) {
				narrowTo = guessedSlice(from, settledBefore, newTimes, budget.room);
				guessed = narrowTo !== undefined;
				if (guessed) break;
			}
			// After a guess, the count narrows only a slice that holds twice the room.
			if (newTimes.length < (guessed ? 2 : 1) * budget.room) continue;
			decided = true;
			narrowTo = narrowedSlice(from, upTo, newTimes, budget.room);
			guessed &&= narrowTo === undefined;
			if (narrowTo !== undefined) break;
		}
		if (narrowTo) ({ upTo } = narrowed = narrowTo);
	} while (narrowTo !== undefined);
	fresh = takenOnce(fresh);
	const serviceTime = clock ?? newest;
	for (const event of fresh) {
		if (isNaN(event.time)) event.time = serviceTime ?? window.startMs ?? 0;
	}
	const reading =
		clock === undefined ? undefined : { service: clock, host: hostAtClock, newestRecord: newest };
	return { fresh, serviceTime, complete, reading, narrowed, guessed };
}

/**
 * The events of one read, each once, in the order read: a record modified while the pages are read
 * moves to a later page and comes twice (EventsTaken). Taken when the read ends, not page by page,
 * so the pages are asked for without it; until then such a record counts twice towards the slice's
 * width (narrowedSlice), which at most makes the slice narrower.
 */
function takenOnce(read: FaxEvent[]): FaxEvent[] {
	const taken = new EventsTaken();
	return read.filter((event) =>
		taken.take(event.key, event.undated === undefined ? event.time : undefined),
	);
}

/**
 * Whether the window has not emitted this event; a record without a time, or whose time has no
 * zone, is known by its key.
 */
function isNewInWindow(window: EventWindow, event: FaxEvent): boolean {
	return event.undated === undefined && event.zoneless === undefined
		? window.isNew(event.time, event.key)
		: !window.holds(event.key);
}

/**
 * A time without a zone is read as UTC. When that puts it before the window, the service (which
 * returned it for DatetimeAfter at the window start) reads it otherwise, e.g. as US Eastern time:
 * the record is then ordered as read, at the service's clock of its page, and never dropped.
 */
function placeZoneless(event: FaxEvent, windowStart: number | undefined): void {
	if (event.zoneless === undefined || windowStart === undefined || event.time >= windowStart) {
		return;
	}
	event.time = event.readAt ?? NaN;
}

/**
 * Where an emitted event's key is kept. A record whose time has no zone may be returned for as
 * long as the service's own reading of it lies in the window, which is never after the service's
 * clock when it was read: its key is kept until the window passes that clock.
 */
function keptAt(event: FaxEvent): number {
	return event.zoneless === undefined ? event.time : Math.max(event.time, event.readAt ?? 0);
}

/** Names in n8n's log a record whose time has no zone, and how it was read. */
function logZoneless(context: IPollFunctions, watch: FaxWatch, event: FaxEvent): void {
	const { recordName, timeField } = FAX_DIRECTIONS[watch.direction];
	const asUtc = serviceDatetimeMs(event.zoneless);
	const how =
		asUtc === event.time
			? 'it is read as UTC, as the interface description assumes'
			: `read as UTC it lies before the trigger's window, so the service reads it otherwise (older interfaces use US Eastern time); it is emitted once, ordered as read at ${new Date(event.time).toISOString()}`;
	warnOfTrigger(
		context,
		`the service returned ${recordName} ${event.faxId} with ${timeField} ${JSON.stringify(event.zoneless)}, which has no time zone; ${how}`,
	);
}

/** Names in n8n's log a record emitted without a readable time: it is emitted once, in this place. */
function logUndated(context: IPollFunctions, watch: FaxWatch, event: FaxEvent): void {
	const { recordName, timeField } = FAX_DIRECTIONS[watch.direction];
	warnOfTrigger(
		context,
		`the service returned ${recordName} ${event.faxId} without a valid ${timeField} (${JSON.stringify(event.undated)}); it is emitted once, ordered as read at ${new Date(event.time).toISOString()}`,
	);
}

/**
 * Images that could not be attached are tried once more after every other event of the poll
 * (the download itself already tried a 5xx three times), while the time budget allows; an event
 * whose image still fails is emitted with `imageError` and named in n8n's log.
 */
async function retryImages(
	context: IPollFunctions,
	watch: FaxWatch,
	faxes: IDataObject[],
	items: INodeExecutionData[],
	budget: PollBudget,
): Promise<void> {
	for (let index = 0; index < items.length; index++) {
		if (items[index].json.imageError === undefined) continue;
		if (!imageTimedOut(items[index]) && !budget.emittingOver) {
			items[index] = await watch.toItem(faxes[index]);
		}
		const error = items[index].json.imageError;
		if (error === undefined) continue;
		warnOfTrigger(
			context,
			`emitting ${FAX_DIRECTIONS[watch.direction].recordName} ${String(faxes[index].FaxId)} without its image: ${String(error)}`,
		);
	}
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
	let headerTime: number | undefined;
	for await (const page of searchPages(this, watch, 'desc', { pageSize: 1 })) {
		const newest = page.events[0];
		headerTime = page.serviceTime;
		now = page.serviceTime ?? (newest?.undated === undefined ? newest?.time : undefined);
		break;
	}
	if (now === undefined) return { windowStart: null, seen: {} };
	const clock = headerTime === undefined ? undefined : { service: headerTime, host: Date.now() };
	const start = floorMinute(now - latenessMs);
	const window = new EventWindow({ windowStart: new Date(start).toISOString(), seen: {} });
	const statuses = statusMemoryOf(watch, { seen: {} });
	const read: FaxEvent[] = [];
	for await (const page of searchPages(this, watch, 'asc', {
		extra: { DatetimeAfter: minuteDatetime(start) },
		readAhead: true,
	})) {
		for (const event of page.events) placeZoneless(event, start);
		read.push(
			...page.events.map((event) => (isNaN(event.time) ? { ...event, time: start } : event)),
		);
	}
	for (const event of read.sort(byEventTime)) {
		statuses?.observe(event);
		if (watch.accepts(event.status)) window.remember(keptAt(event), event.key);
	}
	return { ...window.toState(), statuses: statuses?.toState(window.startMs), clock };
}

/** The last status of each outbound fax, for a status-change event; none for inbound faxes. */
function statusMemoryOf(
	watch: FaxWatch,
	state: Pick<WindowState, 'seen' | 'statuses'>,
): StatusMemory | undefined {
	return watch.direction === 'outbound' ? new StatusMemory(state.statuses, state.seen) : undefined;
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
): Promise<{ items: INodeExecutionData[]; state: WindowState }> {
	const window = new EventWindow(state);
	const statuses = statusMemoryOf(watch, state);
	const emitted: Emitted = { items: [], faxes: [] };
	let clock = state.clock;
	let width = state.sliceMs;
	/** The poll's end: failed images tried again, the items and the state to store. */
	const finish = async (sliceMs: number | undefined, held: HeldEvent[] | undefined) => {
		await retryImages(this, watch, emitted.faxes, emitted.items, budget);
		const statusState = statuses?.toState(window.startMs);
		return {
			items: emitted.items,
			state: { ...window.toState(), statuses: statusState, clock, sliceMs, held },
		};
	};
	// The events the last poll held are older than the window: they go first. While any is left,
	// or they filled Max Events per Poll, the poll reads nothing.
	const stillHeld = await emitHeld(watch, state.held ?? [], budget, emitted);
	if (stillHeld.length > 0 || budget.eventsFull) {
		return await finish(width, stillHeld.length > 0 ? stillHeld : undefined);
	}
	const heldEmitted = emitted.items.length;
	let serviceTime: number | undefined;
	let complete = false;
	let firstLeft: number | undefined;
	let held: HeldEvent[] | undefined;
	let from = window.startMs;
	let upTo = sliceEnd(from, width, window.lastEmitted);
	let cutShort = false;
	for (let slice = 0; ; slice++) {
		const everyRecord = statuses !== undefined;
		// This slice continues a poll that emitted events from the slices before.
		const continued = emitted.items.length > heldEmitted;
		const bounds = [from, upTo];
		const readBounds = { from, asked: upTo, latenessMs };
		const read = await readWindow(this, watch, window, budget, everyRecord, readBounds).catch(
			(error: unknown) => {
				// The slices read whole before stay read: the poll ends with them, and the next poll
				// reads on from there.
				if (slice === 0) throw error;
				logSliceFailed(this, bounds, error);
				return undefined;
			},
		);
		if (!read) break;
		if (read.narrowed) {
			upTo = read.narrowed.upTo;
			// The slice narrowed to about one poll's events: the next polls read slices this wide
			// (not after events were emitted: then it held the room left, not a poll's).
			if (!continued) width = read.narrowed.sliceMs;
		}
		if (slice === 0) {
			serviceTime = read.serviceTime;
			if (read.reading) ({ serviceTime, clock } = trustedClock(this, read.reading, clock));
		}
		const left = await emitEvents(this, watch, window, statuses, read.fresh, budget, emitted);
		firstLeft = left[0]?.time;
		if (!read.complete) {
			// Cut short by the time after events were emitted, the poll's time went to the slices
			// before: the next poll keeps the width and reads on from the last slice read whole.
			complete = continued;
			cutShort = continued;
			break;
		}
		complete = true;
		held = statuses ? undefined : eventsToHold(left, budget, upTo, serviceTime, latenessMs);
		// Held events are emitted by the next poll: the window moves past the slice they are in.
		window.advance({
			serviceTime,
			latenessMs,
			firstLeft: held ? undefined : firstLeft,
			readUpTo: upTo,
		});
		// A poll reads on, slice after slice, until events are left for a later poll, it emitted Max
		// Events per Poll, the window ends or its time is up: a slice that held only the few events
		// an earlier poll left (the minute it stopped in) does not end the poll with room to spare.
		if (firstLeft !== undefined || budget.eventsFull || upTo === undefined) break;
		if (budget.readingOver(emitted.items.length > 0)) break;
		from = upTo;
		// After a guessed slice that held fewer events than the poll may emit, the guess's rate did
		// not hold: the rest of the window is read as a window of its own (guessed again, or counted).
		const rest = read.guessed ? undefined : widthForRoom(width, budget);
		upTo = sliceAfter(from, rest, serviceTime, latenessMs);
	}
	const sliceMs = nextSliceMs({
		sliceMs: width,
		complete,
		leftOver: firstLeft !== undefined || cutShort,
		full: budget.eventsFull,
		start: window.startMs,
		serviceTime,
		latenessMs,
	});
	return await finish(sliceMs, held);
}

/**
 * The width of the next slice within a poll: as wide as the room left, at the poll's events per
 * width, so a poll that emitted most of its events reads a narrow slice (one minute at least)
 * instead of one it would stop early in and the next poll would read again.
 */
function widthForRoom(width: number | undefined, budget: PollBudget): number | undefined {
	if (width === undefined) return undefined;
	return Math.max(MINUTE_MS, floorMinute((width * budget.room) / budget.maxEvents));
}

/** Says in n8n's log that a slice after the first could not be read; the poll keeps the others. */
function logSliceFailed(
	context: IPollFunctions,
	[from, upTo]: Array<number | undefined>,
	error: unknown,
): void {
	const span = `${from === undefined ? 'the start' : minuteDatetime(from)} to ${upTo === undefined ? 'now' : minuteDatetime(upTo)}`;
	warnOfTrigger(
		context,
		`reading the records from ${span} failed, so the poll ends with the parts of its window read before, and the next poll reads on from there: ${(error as Error).message}`,
	);
}

/**
 * Emits the new events read, oldest first, until Max Events per Poll or the time budget; returns
 * the events left for a later poll, oldest first.
 */
async function emitEvents(
	context: IPollFunctions,
	watch: FaxWatch,
	window: EventWindow,
	statuses: StatusMemory | undefined,
	fresh: FaxEvent[],
	budget: PollBudget,
	emitted: Emitted,
): Promise<FaxEvent[]> {
	const sorted = fresh.sort(byEventTime);
	for (let index = 0; index < sorted.length; index++) {
		const event = sorted[index];
		const isEvent =
			watch.accepts(event.status) &&
			isNewInWindow(window, event) &&
			(statuses?.isChange(event) ?? true);
		if (isEvent && (budget.eventsFull || budget.emittingOver)) {
			return sorted.slice(index).filter((e) => watch.accepts(e.status) && isNewInWindow(window, e));
		}
		// Statuses not watched count too: sending, scheduled, sending again is two changes.
		statuses?.observe(event);
		if (!isEvent) continue;
		if (event.undated !== undefined) logUndated(context, watch, event);
		else if (event.zoneless !== undefined) logZoneless(context, watch, event);
		const imageOnItsWay = emitRecord(watch, event, budget, emitted);
		if (imageOnItsWay) await imageOnItsWay;
		window.remember(keptAt(event), event.key);
	}
	return [];
}
