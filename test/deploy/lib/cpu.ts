import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** CPU time of process trees and the state of processes, read from /proc (Linux). */

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** A process's parent, state and CPU seconds so far; undefined once it is gone. */
function readStat(pid: number) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after "(comm)": state is field 3, ppid field 4, utime 14, stime 15.
		const [state, ppid, , , , , , , , , , utime, stime] = stat
			.slice(stat.lastIndexOf(')') + 2)
			.split(' ');
		return {
			pid,
			state,
			ppid: Number(ppid),
			seconds: (Number(utime) + Number(stime)) / CLOCK_TICKS,
		};
	} catch {
		return undefined;
	}
}

export function allStats() {
	const pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
	return pids.map((name) => readStat(Number(name))).filter((s) => s !== undefined);
}

/** Whether a process has ended (gone, or a zombie its parent has not reaped). */
export function isZombie(pid: number): boolean {
	return (readStat(pid)?.state ?? 'Z') === 'Z';
}

/** CPU seconds used so far by each named process and its live descendants. */
export function treeCpuSeconds(roots: Record<string, number | undefined>): Record<string, number> {
	const stats = allStats();
	const seconds = (pid: number): number =>
		stats
			.filter((s) => s.ppid === pid)
			.reduce(
				(sum, child) => sum + seconds(child.pid),
				stats.find((s) => s.pid === pid)?.seconds ?? 0,
			);
	const result: Record<string, number> = {};
	for (const [name, pid] of Object.entries(roots))
		if (pid !== undefined) result[name] = seconds(pid);
	return result;
}

/** The difference of two readings, rounded to 0.1 s. */
export function cpuDelta(before: Record<string, number>, after: Record<string, number>) {
	const rounded = (value: number) => Math.round(value * 10) / 10;
	return Object.fromEntries(
		Object.entries(after).map(([name, value]) => [name, rounded(value - (before[name] ?? 0))]),
	);
}

/** CPU seconds the whole machine has spent busy so far (all cores, /proc/stat). */
export function machineBusySeconds(): number {
	const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
	// user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
	const busy = ticks.reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + Number(v)), 0);
	return busy / CLOCK_TICKS;
}
