// The event window: where the trigger stands on the service's clock and what it emitted there.
/**
 * Where a trigger stands on the service's own clock: a window start W, a whole minute, and the
 * keys of the events emitted at or after W. Every event before W was emitted by an earlier poll,
 * was on the service before the activation, or appeared on the service more than the lateness
 * allowance after its own time. A poll reads the whole window (DatetimeAfter = W): the service
 * sorts by last-modified time, not by the event time, so only a whole window is known to hold
 * every event of it. W moves only after a poll that read the whole window, and never past
 * "service now minus the allowance": a record that appears within the allowance is still found.
 * Keys older than W are dropped, so the state is bounded by the events of one window.
 */

import type { HeldEvent } from './heldEvents';
import { isHeldEvents } from './heldEvents';
import type { ClockState } from './serviceClock';
import { isClockState } from './serviceClock';
import type { StatusEntries } from './statusMemory';
import { isStatusEntries } from './statusMemory';

export interface WindowState {
	/** First instant of the window (ISO, a whole minute); null: every event is new. */
	windowStart: string | null;
	/** Keys of the events emitted inside the window, grouped by their event time (ISO). */
	seen: Record<string, string[]>;
	/** Outbound faxes not final yet: the last status seen (statusMemory.ts). */
	statuses?: StatusEntries;
	/** The service's clock the trigger last trusted (serviceClock.ts); absent in older states. */
	clock?: ClockState;
	/** The width of the next read (windowSlice.ts); absent: the whole window. */
	sliceMs?: number;
	/** New inbound faxes before the window that the next poll emits first (heldEvents.ts). */
	held?: HeldEvent[];
}

export const MINUTE_MS = 60_000;

/** The description allows datetimes at minute precision, so a window starts on a whole minute. */
export function floorMinute(ms: number): number {
	return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/** The description's datetime form at minute precision, `YYYY-MM-DDThh:mmZ`. */
export function minuteDatetime(ms: number): string {
	return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

const isTime = (value: unknown): boolean => typeof value === 'string' && !isNaN(Date.parse(value));

export function isSeen(value: unknown): value is Record<string, string[]> {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
	return Object.entries(value).every(
		([time, keys]) =>
			isTime(time) && Array.isArray(keys) && keys.every((key) => typeof key === 'string'),
	);
}

/** A slice width (windowSlice.ts): whole minutes, at least one. */
function isSliceMs(value: unknown): value is number | undefined {
	return (
		value === undefined ||
		(typeof value === 'number' && Number.isInteger(value / MINUTE_MS) && value >= MINUTE_MS)
	);
}

export function isWindowState(value: unknown): value is WindowState {
	if (!value || typeof value !== 'object') return false;
	const state = value as WindowState;
	if (state.windowStart !== null && !isTime(state.windowStart)) return false;
	return (
		isSeen(state.seen) &&
		isStatusEntries(state.statuses) &&
		isClockState(state.clock) &&
		isSliceMs(state.sliceMs) &&
		isHeldEvents(state.held)
	);
}

/** What a poll that read the whole window learned. */
export interface WindowRead {
	/** The service's clock at the start of the read; undefined when it gave none. */
	serviceTime?: number;
	/** How late after its own time a record may appear and still be emitted. */
	latenessMs: number;
	/** Event time of the first new event left for a later poll (Max Events per Poll, time). */
	firstLeft?: number;
	/** The end of the slice read (windowSlice.ts); undefined when the window was read to its end. */
	readUpTo?: number;
}

export class EventWindow {
	/** Events before this instant are not new; undefined: every event is new. */
	private start: number | undefined;
	private readonly seen = new Map<number, Set<string>>();
	/**
	 * The same keys by the minute of their time: the format allows a record's time at minute or at
	 * second precision, so 09:05Z in one answer and 09:05:27Z in another are one event.
	 */
	private readonly byMinute = new Map<number, Set<string>>();

	constructor(state: WindowState) {
		if (state.windowStart !== null) this.start = Date.parse(state.windowStart);
		for (const [time, keys] of Object.entries(state.seen)) {
			for (const key of keys) this.remember(Date.parse(time), key);
		}
	}

	/** DatetimeAfter of the next search; undefined when every event is new. */
	get datetimeAfter(): string | undefined {
		return this.start === undefined ? undefined : minuteDatetime(this.start);
	}

	/**
	 * Whether an event still has to be emitted. An event before the window was handled by an
	 * earlier poll; a service that compares DatetimeAfter more loosely may still return it.
	 */
	isNew(time: number, key: string): boolean {
		if (this.start !== undefined && time < this.start) return false;
		if (this.seen.get(time)?.has(key)) return false;
		// A time on a whole minute may be the minute-precision form of any second in it; a time
		// within a minute may have been read at minute precision before.
		const minute = floorMinute(time);
		if (time === minute) return !this.byMinute.get(minute)?.has(key);
		return !this.seen.get(minute)?.has(key);
	}

	/** Whether an event of this key was emitted at any time of the window (a record without a time). */
	holds(key: string): boolean {
		for (const keys of this.seen.values()) if (keys.has(key)) return true;
		return false;
	}

	/** The latest time of an event emitted in the window; undefined when none was. */
	get lastEmitted(): number | undefined {
		let last: number | undefined;
		for (const time of this.seen.keys()) if (last === undefined || time > last) last = time;
		return last;
	}

	/** First instant of the window (epoch ms); undefined when every event is new. */
	get startMs(): number | undefined {
		return this.start;
	}

	/** Records an event as emitted. */
	remember(time: number, key: string): void {
		if (this.start !== undefined && time < this.start) return;
		let keys = this.seen.get(time);
		if (!keys) this.seen.set(time, (keys = new Set()));
		keys.add(key);
		let inMinute = this.byMinute.get(floorMinute(time));
		if (!inMinute) this.byMinute.set(floorMinute(time), (inMinute = new Set()));
		inMinute.add(key);
	}

	/**
	 * Moves the start after a poll that read the whole window: to the allowance before the
	 * service's clock, but not past an event left for a later poll, and never back. Without a
	 * clock it stays, so nothing that could still appear is given up.
	 */
	advance(read: WindowRead): void {
		if (read.serviceTime === undefined) return;
		let next = floorMinute(read.serviceTime - read.latenessMs);
		if (read.firstLeft !== undefined) next = Math.min(next, floorMinute(read.firstLeft));
		if (read.readUpTo !== undefined) next = Math.min(next, read.readUpTo);
		this.start = this.start === undefined ? next : Math.max(this.start, next);
	}

	/** The state to store: the start and only the keys the next window can return again. */
	toState(): WindowState {
		const seen: Record<string, string[]> = {};
		for (const time of [...this.seen.keys()].sort((a, b) => a - b)) {
			if (this.start !== undefined && time < this.start) continue;
			seen[new Date(time).toISOString()] = [...(this.seen.get(time) ?? [])];
		}
		return {
			windowStart: this.start === undefined ? null : new Date(this.start).toISOString(),
			seen,
		};
	}
}
