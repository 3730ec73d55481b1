import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** CPU and memory of a process, read from /proc (Linux), for the benchmark figures. */

/** Linux's USER_HZ: the unit of /proc's CPU times. */
export const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** User plus system CPU seconds the process has used so far. */
export function cpuSeconds(pid: number): number {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
	// Fields after "(comm)": state is field 3, utime field 14, stime field 15.
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function statusKb(pid: number, name: string): number {
	const line = fs
		.readFileSync(`/proc/${pid}/status`, 'utf8')
		.split('\n')
		.find((l) => l.startsWith(`${name}:`));
	if (!line) throw new Error(`/proc/${pid}/status has no ${name}`);
	return Number(line.split(/\s+/)[1]);
}

export const rssBytes = (pid: number): number => statusKb(pid, 'VmRSS') * 1024;

/** The kernel's high-water mark of the process's resident memory (VmHWM). */
export const peakRssBytes = (pid: number): number => statusKb(pid, 'VmHWM') * 1024;

/**
 * Peak RSS: VmHWM reset through clear_refs, or where the kernel refuses, a 5 ms sampler (it takes
 * CPU). `pause()` to `resume()` is left out, though memory still resident then counts after.
 */
export class PeakRss {
	private sampled = 0;
	/** The peak of the stretches before the last pause (high-water mark path). */
	private before = 0;
	private paused = false;
	private readonly timer: NodeJS.Timeout | undefined;
	private readonly kernelReset: boolean;
	private readonly startBytes: number;

	constructor(private readonly pid: number) {
		this.kernelReset = resetHighWaterMark(pid);
		this.startBytes = rssBytes(pid);
		this.sampled = this.startBytes;
		if (!this.kernelReset) {
			this.timer = setInterval(() => {
				if (this.paused) return;
				try {
					this.sampled = Math.max(this.sampled, rssBytes(pid));
				} catch {
					// the process ended
				}
			}, 5);
		}
	}

	pause(): void {
		if (this.kernelReset) this.before = Math.max(this.before, peakRssBytes(this.pid));
		this.paused = true;
	}

	resume(): void {
		if (this.kernelReset) resetHighWaterMark(this.pid);
		this.paused = false;
	}

	stop(): { riseBytes: number; source: string } {
		clearInterval(this.timer);
		const peakBytes = this.kernelReset
			? Math.max(this.before, this.paused ? 0 : peakRssBytes(this.pid))
			: this.sampled;
		return {
			riseBytes: Math.max(0, peakBytes - this.startBytes),
			source: this.kernelReset ? 'VmHWM after clear_refs' : '5 ms samples',
		};
	}
}

/** Sets VmHWM back to the current resident size; false where the kernel does not allow it. */
export function resetHighWaterMark(pid: number): boolean {
	try {
		fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
		return true;
	} catch {
		return false;
	}
}
