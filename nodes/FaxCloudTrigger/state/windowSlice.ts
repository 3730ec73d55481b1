// Window slices: how far one poll reads a long window, and the width of the next read.
import { floorMinute, MINUTE_MS } from './eventWindow';

/**
 * A window too long to read within one poll is read in slices of its time (DatetimeBefore): a
 * slice read whole is known to hold all its events, so once they are emitted the window moves past
 * it, and the next poll does not read it again. Without this, a backlog whose part already read
 * takes longer than a poll's budget is read again at every poll and never drains.
 *
 * The width is kept between polls: absent, a poll reads the whole window (one request when the
 * service is quiet); a read the budget stopped halves it (at least a minute, the datetime
 * format's precision); a slice read whole doubles it, until it spans the whole window again. A
 * poll that emitted Max Events per Poll keeps it: the next Max Events per Poll fit about as wide a
 * slice, and reading wider would page records a later poll reads again (narrowedSlice).
 */
export interface SliceRead {
	/** The width the poll read with; undefined: the whole window. */
	sliceMs?: number;
	/** Whether the last read got every page of its slice. */
	complete: boolean;
	/** Whether events were left for a later poll (Max Events per Poll, time). */
	leftOver: boolean;
	/** Whether the poll emitted Max Events per Poll. */
	full: boolean;
	/** The window start after the poll. */
	start?: number;
	/** The service's clock the poll trusted. */
	serviceTime?: number;
	latenessMs: number;
}

/**
 * The end of the slice to read from `start` (DatetimeBefore); undefined: read to the end. The
 * lateness allowance may hold the start minutes before the last event emitted, where the events
 * left begin: the slice then reaches its width past that event's minute.
 */
export function sliceEnd(
	start: number | undefined,
	sliceMs: number | undefined,
	lastEmitted?: number,
) {
	if (start === undefined || sliceMs === undefined) return undefined;
	return Math.max(start, floorMinute(lastEmitted ?? start)) + sliceMs;
}

/**
 * The end of the slice after one read whole within the same poll: as wide, or to the window's end
 * once it reaches where the window may move (the allowance before the service's clock).
 */
export function sliceAfter(
	from: number,
	sliceMs: number | undefined,
	serviceTime: number | undefined,
	latenessMs: number,
): number | undefined {
	if (sliceMs === undefined || serviceTime === undefined) return undefined;
	return from + sliceMs >= serviceTime - latenessMs ? undefined : from + sliceMs;
}

/** The width the next poll reads with. */
export function nextSliceMs(read: SliceRead): number | undefined {
	const { start, serviceTime, sliceMs } = read;
	if (start === undefined || serviceTime === undefined) return undefined;
	if (!read.complete) {
		const width = sliceMs ?? serviceTime - start;
		return Math.max(MINUTE_MS, floorMinute(width / 2));
	}
	if (sliceMs === undefined || read.leftOver || read.full) return sliceMs;
	const grown = sliceMs * 2;
	return start + grown >= serviceTime - read.latenessMs ? undefined : grown;
}

/**
 * A narrower slice for a read whose pages so far hold at least `room` new events (what the poll
 * may still emit): to the end of the minute of the room-th oldest of their times (a time read at
 * second or minute precision may stand for a later instant of it). The service sorts by
 * last-modified time, so the unread pages may hold older events, but the slice to that end, read
 * whole, holds the oldest `room` events of the window without paging the rest of a backlog that
 * later polls page again. Its width, from the minute of the oldest, is what the next polls read.
 */
export function narrowedSlice(
	from: number | undefined,
	upTo: number | undefined,
	newTimes: number[],
	room: number,
): { upTo: number; sliceMs: number } | undefined {
	if (from === undefined || room < 1 || newTimes.length < room) return undefined;
	const times = [...newTimes].sort((a, b) => a - b);
	const end = Math.max(from + MINUTE_MS, floorMinute(times[room - 1]) + MINUTE_MS);
	if (upTo !== undefined && end >= upTo) return undefined;
	return { upTo: end, sliceMs: Math.max(MINUTE_MS, end - Math.max(from, floorMinute(times[0]))) };
}

/**
 * An earlier narrowedSlice, for the first read of a long window: once the new events of the pages
 * read came in the order they happened (the service's last-modified order, when nothing was
 * modified after it arrived) and reach into a second minute, the last whole minute read is taken
 * as the rate the window goes on at, and the slice ends about where `room` events are reached.
 * It is only a guess, not a count: the slice is read whole, so it holds every event before its
 * end whatever the guess. A guess that does not end in the part of the window the allowance has
 * passed (`settledBefore`) is not made: the count (narrowedSlice) decides there, as for events
 * that came in another order.
 */
export function guessedSlice(
	from: number | undefined,
	settledBefore: number | undefined,
	newTimes: number[],
	room: number,
): { upTo: number; sliceMs: number } | undefined {
	if (from === undefined || settledBefore === undefined || newTimes.length >= room) return;
	const lastMinute = floorMinute(newTimes.at(-1) ?? from);
	const firstMinute = Math.max(from, floorMinute(newTimes[0]));
	// Checked from the ends first: a read of one minute (a burst) costs no pass over its times.
	if (lastMinute <= firstMinute) return;
	for (let i = 1; i < newTimes.length; i++) if (newTimes[i] < newTimes[i - 1]) return;
	const before = newTimes.filter((time) => time < lastMinute);
	const perMinute = before.filter((time) => time >= lastMinute - MINUTE_MS).length;
	if (perMinute === 0) return;
	const minutes = Math.max(1, Math.round((room - before.length) / perMinute));
	const end = lastMinute + minutes * MINUTE_MS;
	if (end >= floorMinute(settledBefore)) return;
	return { upTo: end, sliceMs: end - firstMinute };
}
