import type { RunMachine } from './lib/machine';
import { tally, type LoadDuring, type TargetRow } from './lib/verdict';
import { tallyLine, type BenchFigures } from './target-rows';
import { queueScalingLines } from './queue-rows';

/** README Benchmarks from bench/results.json (`--table`): what it measured on, a row per target. */

export interface WrittenResults {
	machine?: RunMachine;
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

function measuredOn(results: WrittenResults): string {
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

/** A run's time in minutes and seconds, never rounded down into the 45-minute budget. */
export function runTime(seconds: number): string {
	const whole = Math.floor(seconds / 60);
	const rest = Math.round(seconds - whole * 60);
	if (whole === 0) return `${rest} seconds`;
	return rest === 0 ? `${whole} minutes` : `${whole} minutes ${rest} seconds`;
}

/** README Benchmarks' results: the measured-on line, the table, and under it why each miss happened. */
function benchmarksSection(results: WrittenResults): string {
	const missed = results.targets.filter((r) => r.verdict === 'missed' && r.why);
	const whys = missed.map((r) => `- **${r.area}: ${r.measure}.** ${r.why}`);
	return [
		measuredOn(results),
		'',
		markdownTable(results.targets),
		...(whys.length ? ['', ...whys] : []),
	].join('\n');
}

/** README "Scaling (queue mode)": its per-worker-core lines, from the same run's figures. */
const scalingLines = (results: WrittenResults): string[] =>
	results.figures?.queue ? queueScalingLines(results.figures.queue) : [];

/** What `--table` prints: Benchmarks' results, then Scaling's lines. */
export function readmeSection(results: WrittenResults): string {
	const scaling = scalingLines(results);
	return [benchmarksSection(results), ...(scaling.length ? ['', ...scaling] : [])].join('\n');
}

/** A full run's time budget (the issue's 45 minutes). */
const FULL_RUN_BUDGET_SECONDS = 45 * 60;

/** Replaces `start` (kept when `keepStart`) up to `end` (kept); both must be there, in order. */
function splice(text: string, start: string, end: string, keepStart: boolean, replacement: string) {
	const from = text.indexOf(start);
	const to = from < 0 ? -1 : text.indexOf(end, from + start.length);
	if (to < 0) throw new Error(`README: "${start}" ... "${end}" not found`);
	return text.slice(0, keepStart ? from + start.length : from) + replacement + text.slice(to);
}

/** The README with a full run's time, results and Scaling lines in their places (`--write`). */
export function readmeWithResults(readme: string, results: WrittenResults): string {
	if (results.quick || !results.seconds) throw new Error('README: only a full run goes there');
	const over = results.seconds - FULL_RUN_BUDGET_SECONDS;
	const budget =
		over > 0 ? `over its 45-minute budget by ${runTime(over)}` : 'within its 45-minute budget';
	let text = splice(
		readme,
		'curves and queue mode, took ',
		' installs nothing new.',
		true,
		`${runTime(results.seconds)} on this machine, ${budget})`,
	);
	const section = `${benchmarksSection(results)}\n`;
	text = splice(text, 'Measured at commit `', '\n## Design', false, section);
	const scaling = scalingLines(results);
	if (!scaling.length) return text;
	const scalingStart = 'publishes no rate limit). From the last full run:\n\n';
	return splice(text, scalingStart, '\n### Crashes and restarts', true, `${scaling.join('\n')}\n`);
}
