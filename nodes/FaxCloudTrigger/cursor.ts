/**
 * Where a trigger stands on the service's own clock. The cursor is the newest event time the
 * service reported, never the n8n host's clock. The next search starts one whole minute before
 * the cursor's minute, because the description allows datetimes at minute precision (in records
 * and in DatetimeAfter): the overlap re-reads the events already handled, and the keys kept for
 * that window remove them. Keys older than the window are dropped, so the state is bounded by
 * the events of about two minutes, never by history.
 */

export interface WindowState {
	/** Newest event time handled (ISO); null when the service held no record at activation. */
	cursor: string | null;
	/** Keys of the events handled inside the window, grouped by their event time (ISO). */
	seen: Record<string, string[]>;
}

const MINUTE_MS = 60_000;

/** How far the next search reaches back before the cursor's minute. */
export const OVERLAP_MS = MINUTE_MS;

/** First instant of the window that follows a cursor: a whole minute, so precision cannot cut it. */
export function windowStartOf(cursorMs: number): number {
	return Math.floor(cursorMs / MINUTE_MS) * MINUTE_MS - OVERLAP_MS;
}

/** The description's datetime form at minute precision, `YYYY-MM-DDThh:mmZ`. */
export function minuteDatetime(ms: number): string {
	return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

export function isWindowState(value: unknown): value is WindowState {
	if (!value || typeof value !== 'object') return false;
	const state = value as WindowState;
	if (
		state.cursor !== null &&
		(typeof state.cursor !== 'string' || isNaN(Date.parse(state.cursor)))
	)
		return false;
	if (!state.seen || typeof state.seen !== 'object') return false;
	return Object.entries(state.seen).every(
		([time, keys]) =>
			!isNaN(Date.parse(time)) && Array.isArray(keys) && keys.every((k) => typeof k === 'string'),
	);
}

export class EventWindow {
	/** Events before this instant were handled by earlier polls; undefined: every event is new. */
	private readonly start: number | undefined;
	private cursor: number | undefined;
	private readonly seen = new Map<number, Set<string>>();

	constructor(state?: WindowState) {
		if (!state) return;
		if (state.cursor !== null) {
			this.cursor = Date.parse(state.cursor);
			this.start = windowStartOf(this.cursor);
		}
		for (const [time, keys] of Object.entries(state.seen)) {
			this.seen.set(Date.parse(time), new Set(keys));
		}
	}

	/** DatetimeAfter of the next search; undefined when the service held nothing at activation. */
	get datetimeAfter(): string | undefined {
		return this.start === undefined ? undefined : minuteDatetime(this.start);
	}

	/**
	 * Whether an event still has to be emitted. An event before the window was handled by an
	 * earlier poll; a service that compares DatetimeAfter more loosely may still return it.
	 */
	isNew(time: number, key: string): boolean {
		if (this.start !== undefined && time < this.start) return false;
		return !this.seen.get(time)?.has(key);
	}

	/** Records an event as handled; the cursor follows the newest event time. */
	remember(time: number, key: string): void {
		if (this.start !== undefined && time < this.start) return;
		let keys = this.seen.get(time);
		if (!keys) this.seen.set(time, (keys = new Set()));
		keys.add(key);
		if (this.cursor === undefined || time > this.cursor) this.cursor = time;
	}

	/** The state to store: the cursor and only the keys the next window can return again. */
	toState(): WindowState {
		if (this.cursor === undefined) return { cursor: null, seen: {} };
		const nextStart = windowStartOf(this.cursor);
		const seen: Record<string, string[]> = {};
		for (const time of [...this.seen.keys()].sort((a, b) => a - b)) {
			if (time < nextStart) continue;
			seen[new Date(time).toISOString()] = [...(this.seen.get(time) ?? [])];
		}
		return { cursor: new Date(this.cursor).toISOString(), seen };
	}
}
