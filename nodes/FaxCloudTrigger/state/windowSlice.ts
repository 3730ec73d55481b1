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
 * format's precision); a slice read whole doubles it, until it spans the whole window again.
 */
export interface SliceRead {
	/** The width the poll read with; undefined: the whole window. */
	sliceMs?: number;
	/** Whether the last read got every page of its slice. */
	complete: boolean;
	/** Whether events were left for a later poll (Max Events per Poll, time). */
	leftOver: boolean;
	/** The window start after the poll. */
	start?: number;
	/** The service's clock the poll trusted. */
	serviceTime?: number;
	latenessMs: number;
}

/** The end of the slice to read from `start` (DatetimeBefore); undefined: read to the end. */
export function sliceEnd(start: number | undefined, sliceMs: number | undefined) {
	return start === undefined || sliceMs === undefined ? undefined : start + sliceMs;
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
	if (sliceMs === undefined || read.leftOver) return sliceMs;
	const grown = sliceMs * 2;
	return start + grown >= serviceTime - read.latenessMs ? undefined : grown;
}
