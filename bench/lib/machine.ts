import { execFileSync } from 'node:child_process';
import os from 'node:os';

import { REPO_ROOT } from '../../test/harness/n8n/package';
import type { LoadDuring } from './verdict';
import { round } from './stats';

/** What a run measured on: the commit (and whether the worktree had changes), n8n, Node, CPU, load. */

export interface RunMachine {
	commit: string;
	/** Files changed against the commit when the run started (the figures are of those). */
	uncommittedChanges: boolean;
	n8nVersion: string;
	/** The Node that runs n8n (its own runtime), and the one that ran the bench. */
	n8nNodeVersion: string;
	benchNodeVersion: string;
	cpuModel: string;
	cores: number;
	loadAverage: { atStart: number[]; atEnd?: number[] };
}

function git(args: string[]): string {
	return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
}

/** The run's machine; `loadAtStart` is taken when the run starts, the end's load is added then. */
export function runMachine(
	release: { n8n: string; node: string },
	loadAtStart: number[],
): RunMachine {
	return {
		commit: git(['rev-parse', 'HEAD']),
		uncommittedChanges: git(['status', '--porcelain', '--untracked-files=no']) !== '',
		n8nVersion: release.n8n,
		n8nNodeVersion: release.node,
		benchNodeVersion: process.versions.node,
		cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
		cores: os.cpus().length,
		loadAverage: { atStart: loadAtStart, atEnd: loadNow() },
	};
}

export const loadNow = (): number[] => os.loadavg().map((l) => round(l, 2));

/** Samples the 1-minute load average every 5 s until stopped. */
export class LoadWatch {
	private readonly values: number[] = [os.loadavg()[0]];
	private readonly timer = setInterval(() => this.values.push(os.loadavg()[0]), 5_000).unref();

	stop(): LoadDuring {
		clearInterval(this.timer);
		this.values.push(os.loadavg()[0]);
		return {
			min: round(Math.min(...this.values), 2),
			max: round(Math.max(...this.values), 2),
			samples: this.values.length,
		};
	}
}
