import type { RunMachine } from './lib/machine';
import { tally, type LoadDuring, type TargetRow } from './lib/verdict';
import { tallyLine, type BenchFigures } from './target-rows';
import { queueScalingLines } from './queue-rows';

/**
 * The README's Benchmarks table, from bench/results.json (`npm run bench -- --table`): the line
 * saying what it measured (commit, n8n, Node, CPU, load), then one row per target or figure.
 */

export interface WrittenResults {
	machine?: RunMachine;
	when?: string;
	seconds?: number;
	quick?: boolean;
	targets: TargetRow[];
	figures?: BenchFigures;
}

/** bench/results.json: what it measured on, the verdicts, and every run's figures. */
export function benchResults(run: {
	machine: RunMachine;
	sizes: object;
	quick: boolean;
	only?: string[];
	seconds: number;
	loadDuring: Record<string, LoadDuring>;
	rows: TargetRow[];
	figures: BenchFigures;
}) {
	return {
		machine: run.machine,
		when: new Date().toISOString(),
		sizes: run.sizes,
		quick: run.quick,
		only: run.only,
		seconds: run.seconds,
		tally: tally(run.rows),
		// The machine is shared: its load during each part says how much the figures were disturbed.
		loadDuring: run.loadDuring,
		targets: run.rows,
		figures: run.figures,
	} satisfies WrittenResults & Record<string, unknown>;
}

export function measuredOn(results: WrittenResults): string {
	const m = results.machine;
	if (!m) return 'Measured on an unrecorded commit (results.json before the run metadata).';
	const load = m.loadAverage;
	const loads = `load average ${load.atStart[0]} at start${load.atEnd ? `, ${load.atEnd[0]} at end` : ''}`;
	const changes = m.uncommittedChanges ? ' with uncommitted changes' : '';
	const minutes = results.seconds ? `, ${runTime(results.seconds)}` : '';
	return `Measured at commit \`${m.commit.slice(0, 12)}\`${changes} (${results.quick ? 'quick' : 'full'} run${minutes}): n8n ${m.n8nVersion} on Node ${m.n8nNodeVersion}, ${m.cpuModel}, ${m.cores} cores, ${loads}. ${tallyLine(results.targets)}.`;
}

export function markdownTable(rows: TargetRow[]): string {
	const cell = (text: string) => text.replace(/\|/g, '\\|');
	const mark = { met: 'met', missed: '**missed**', figure: 'figure' } as const;
	return [
		'| Benchmark | Figure | Target | |',
		'| --- | --- | --- | --- |',
		...rows.map((r) => {
			const target = r.verdict === 'figure' ? '' : cell(r.target ?? '');
			return `| ${cell(`${r.area}: ${r.measure}`)} | ${cell(r.figure)} | ${target} | ${mark[r.verdict]} |`;
		}),
	].join('\n');
}

/**
 * A run's time as the budget is read (45 minutes for a full run): whole minutes, and the seconds
 * over them when there are any, never rounded down into the budget.
 */
export function runTime(seconds: number): string {
	const whole = Math.floor(seconds / 60);
	const rest = Math.round(seconds - whole * 60);
	return rest === 0 ? `${whole} minutes` : `${whole} minutes ${rest} seconds`;
}

/** What `--table` prints: the measured-on line, the table, and under it why each miss happened. */
export function readmeSection(results: WrittenResults): string {
	const missed = results.targets.filter((r) => r.verdict === 'missed' && r.why);
	const whys = missed.map((r) => `- **${r.area}: ${r.measure}.** ${r.why}`);
	return [
		measuredOn(results),
		'',
		markdownTable(results.targets),
		...(whys.length ? ['', ...whys] : []),
		// README "Scaling (queue mode)": its per-worker-core lines, from the same run's figures.
		...(results.figures?.queue ? ['', ...queueScalingLines(results.figures.queue)] : []),
	].join('\n');
}
