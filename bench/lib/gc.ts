import fs from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PerformanceObserver, performance } from 'node:perf_hooks';

import { waitUntil } from '../../test/harness/waitUntil';

/** A full collection in the bench's process (the emulator's); `gc` exists in a new context. */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export const collectGarbage = (): void => gc();

/** The bench process's collections, in epoch ms: one in a paging stalls the emulator's answers. */
export class GcPauses {
	private readonly pauses: Array<{ startMs: number; ms: number }> = [];
	private readonly observer = new PerformanceObserver((list) => {
		for (const entry of list.getEntries()) {
			this.pauses.push({ startMs: performance.timeOrigin + entry.startTime, ms: entry.duration });
		}
	});

	constructor() {
		this.observer.observe({ entryTypes: ['gc'] });
	}

	during(records: Array<{ receivedMs: number; finishedMs?: number }>): number {
		return overlapMs(this.pauses, records);
	}

	stop(): void {
		this.observer.disconnect();
	}
}

/** The ms of these pauses that overlap the span of these requests. */
function overlapMs(
	pauses: Array<{ startMs: number; ms: number }>,
	records: Array<{ receivedMs: number; finishedMs?: number }>,
): number {
	if (records.length === 0) return 0;
	const from = Math.min(...records.map((r) => r.receivedMs));
	const to = Math.max(...records.map((r) => r.finishedMs ?? r.receivedMs));
	return pauses
		.filter((pause) => pause.startMs < to && pause.startMs + pause.ms > from)
		.reduce(
			(sum, pause) => sum + Math.min(to, pause.startMs + pause.ms) - Math.max(from, pause.startMs),
			0,
		);
}

/** n8n's collections as its preload writes them (twice a second): ask a second after the span. */
export class N8nGcPauses {
	constructor(
		private readonly file: string | undefined,
		private readonly pid: number,
	) {}

	/**
	 * Has n8n collect all its garbage (SIGUSR2 to its preload) and waits until it has; the bytes
	 * live in n8n after it (its heap in use and the memory outside the heap, Buffers included).
	 */
	async collect(): Promise<number> {
		if (!this.file) return NaN;
		const marker = `${this.file}.${this.pid}.collected`;
		const read = () =>
			(fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : '0 NaN').split(' ').map(Number);
		const [before] = read();
		let live = NaN;
		process.kill(this.pid, 'SIGUSR2');
		await waitUntil(
			"n8n's full garbage collection",
			() => {
				const [count, bytes] = read();
				live = bytes;
				return count > before;
			},
			30_000,
			{ intervalMs: 10 },
		);
		return live;
	}

	during(records: Array<{ receivedMs: number; finishedMs?: number }>): number | undefined {
		if (!this.file || !fs.existsSync(this.file)) return undefined;
		const pauses = fs
			.readFileSync(this.file, 'utf8')
			.split('\n')
			.map((line) => line.split(' '))
			.filter(([pid]) => Number(pid) === this.pid)
			.map(([, start, ms]) => ({ startMs: Number(start), ms: Number(ms) }));
		return overlapMs(pauses, records);
	}
}

/** Before a measured paging, the emulator and n8n collect, so no side meets an earlier major GC. */
export async function collectAllGarbage(n8n: N8nGcPauses): Promise<void> {
	collectGarbage();
	await n8n.collect();
}
