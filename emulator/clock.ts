export type ClockMode = 'manual' | 'real';

export interface TimerHandle {
	cancel(): void;
}

interface Entry {
	at: number;
	seq: number;
	run: () => void;
	cancelled: boolean;
}

/**
 * Emulator time. Lifecycle steps are queued as timed tasks; in manual mode time only moves through
 * advance(), so tests see every intermediate state deterministically. In real mode a short timer
 * runs what falls due, and the task still reads its own due time from now() so records carry
 * exact step times rather than timer jitter.
 */
export class Clock {
	private manualNow: number;
	private offset = 0;
	private pinned: number | undefined;
	private heap: Entry[] = [];
	private seq = 0;
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
		const entry: Entry = { at: time, seq: this.seq++, run, cancelled: false };
		this.push(entry);
		return {
			cancel: () => {
				entry.cancelled = true;
			},
		};
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
		return this.heap.filter((e) => !e.cancelled).length;
	}

	reset(): void {
		this.heap = [];
		this.manualNow = this.start;
		this.offset = 0;
		this.pinned = undefined;
	}

	stop(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = undefined;
	}

	private runDue(target: number): void {
		// A task may advance the clock (control calls from a task are not expected, but a re-entrant
		// run would reorder steps), so nested runs are refused.
		if (this.running) return;
		this.running = true;
		try {
			while (this.heap.length > 0 && this.heap[0].at <= target) {
				const entry = this.pop();
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

	private less(a: Entry, b: Entry): boolean {
		return a.at < b.at || (a.at === b.at && a.seq < b.seq);
	}

	private push(entry: Entry): void {
		const h = this.heap;
		h.push(entry);
		let i = h.length - 1;
		while (i > 0) {
			const parent = (i - 1) >> 1;
			if (!this.less(h[i], h[parent])) break;
			[h[i], h[parent]] = [h[parent], h[i]];
			i = parent;
		}
	}

	private pop(): Entry {
		const h = this.heap;
		const top = h[0];
		const last = h.pop() as Entry;
		if (h.length > 0) {
			h[0] = last;
			let i = 0;
			for (;;) {
				const l = 2 * i + 1;
				const r = l + 1;
				let m = i;
				if (l < h.length && this.less(h[l], h[m])) m = l;
				if (r < h.length && this.less(h[r], h[m])) m = r;
				if (m === i) break;
				[h[i], h[m]] = [h[m], h[i]];
				i = m;
			}
		}
		return top;
	}
}
