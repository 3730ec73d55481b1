export type ClockMode = 'manual' | 'real';

export interface TimerHandle {
	cancel(): void;
}

interface Entry {
	at: number;
	run: () => void;
	cancelled: boolean;
}

/**
 * Emulator time: timed tasks. Manual mode moves only through advance(), so tests see every state;
 * real mode runs what falls due on a short timer, a task reading its own due time from now().
 */
export class Clock {
	private manualNow: number;
	private offset = 0;
	private pinned: number | undefined;
	/** Tasks by due time; tasks due at the same time in the order they were queued. */
	private queue: Entry[] = [];
	private timer: NodeJS.Timeout | undefined;
	private running = false;

	constructor(
		readonly mode: ClockMode,
		private readonly start: number,
	) {
		this.manualNow = start;
		if (mode === 'real') {
			this.timer = setInterval(() => this.runDue(Date.now() + this.offset), 200);
			this.timer.unref();
		}
	}

	now(): number {
		if (this.pinned !== undefined) return this.pinned;
		return this.mode === 'manual' ? this.manualNow : Date.now() + this.offset;
	}

	at(time: number, run: () => void): TimerHandle {
		const entry: Entry = { at: time, run, cancelled: false };
		const index = firstNotBefore(this.queue, (e) => e.at <= time);
		this.queue.splice(index, 0, entry);
		return { cancel: () => void (entry.cancelled = true) };
	}

	after(ms: number, run: () => void): TimerHandle {
		return this.at(this.now() + ms, run);
	}

	advance(ms: number): void {
		if (!Number.isFinite(ms) || ms < 0) throw new Error('advance(ms) needs a non-negative number');
		const target = this.now() + ms;
		this.runDue(target);
		if (this.mode === 'manual') this.manualNow = Math.max(this.manualNow, target);
		else this.offset += ms;
	}

	setTime(time: number): void {
		const now = this.now();
		if (!Number.isFinite(time)) throw new Error('setTime needs a valid time');
		if (time < now) throw new Error('the clock only moves forward');
		this.advance(time - now);
	}

	pending(): number {
		return this.queue.filter((e) => !e.cancelled).length;
	}

	reset(): void {
		this.queue = [];
		this.manualNow = this.start;
		this.offset = 0;
		this.pinned = undefined;
	}

	stop(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = undefined;
	}

	private runDue(target: number): void {
		// A nested run (a task advancing the clock) would reorder steps, so it is refused.
		if (this.running) return;
		this.running = true;
		try {
			while (this.queue.length > 0 && this.queue[0].at <= target) {
				const entry = this.queue.shift() as Entry;
				if (entry.cancelled) continue;
				if (this.mode === 'manual') this.manualNow = Math.max(this.manualNow, entry.at);
				this.pinned = entry.at;
				try {
					entry.run();
				} finally {
					this.pinned = undefined;
				}
			}
		} finally {
			this.running = false;
		}
	}
}

/** The first index of a sorted array whose entry is not before the sought key (a binary search). */
export function firstNotBefore<T>(sorted: T[], before: (entry: T) => boolean): number {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (before(sorted[mid])) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}
