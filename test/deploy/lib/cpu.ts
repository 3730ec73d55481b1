import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** CPU time of process trees and the state of processes, read from /proc (Linux). */

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

interface ProcStat {
	pid: number;
	ppid: number;
	state: string;
	seconds: number;
}

function readStat(pid: number): ProcStat | undefined {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// Fields after "(comm)": state is field 3, ppid field 4, utime 14, stime 15.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		return {
			pid,
			state: fields[0],
			ppid: Number(fields[1]),
			seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
		};
	} catch {
		return undefined;
	}
}

export function allStats(): ProcStat[] {
	return fs
		.readdirSync('/proc')
		.filter((name) => /^\d+$/.test(name))
		.map((name) => readStat(Number(name)))
		.filter((s): s is ProcStat => s !== undefined);
}

/** Whether a process has ended (gone, or a zombie its parent has not reaped). */
export function isZombie(pid: number): boolean {
	return (readStat(pid)?.state ?? 'Z') === 'Z';
}

/** CPU seconds used so far by each named process and its live descendants. */
export function treeCpuSeconds(roots: Record<string, number | undefined>): Record<string, number> {
	const stats = allStats();
	const children = new Map<number, ProcStat[]>();
	for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
	const byPid = new Map(stats.map((s) => [s.pid, s]));
	const result: Record<string, number> = {};
	for (const [name, pid] of Object.entries(roots)) {
		if (pid === undefined) continue;
		let total = 0;
		const queue = [pid];
		while (queue.length > 0) {
			const current = queue.pop()!;
			total += byPid.get(current)?.seconds ?? 0;
			for (const child of children.get(current) ?? []) queue.push(child.pid);
		}
		result[name] = total;
	}
	return result;
}

/** The difference of two readings, rounded to 0.1 s. */
export function cpuDelta(
	before: Record<string, number>,
	after: Record<string, number>,
): Record<string, number> {
	const delta: Record<string, number> = {};
	for (const [name, value] of Object.entries(after)) {
		delta[name] = Math.round((value - (before[name] ?? 0)) * 10) / 10;
	}
	return delta;
}

/** CPU seconds the whole machine has spent busy so far (all cores, /proc/stat). */
export function machineBusySeconds(): number {
	const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
	const [, ...values] = line.trim().split(/\s+/);
	const ticks = values.map(Number);
	// user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
	const busy = ticks.reduce((sum, v, i) => (i === 3 || i === 4 ? sum : sum + v), 0);
	return busy / CLOCK_TICKS;
}
