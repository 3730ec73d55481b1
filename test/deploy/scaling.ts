/**
 * The README's Scaling table and the committed file it is made from, `test/deploy/results.json`
 * (written by `npm run test:deploy -- --write-scaling` when the bulk send passed every check).
 * This script prints the table, or puts it in the README with `--readme`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { DEPLOY_N8N_VERSION } from '../harness/n8n/versions';
import { BULK_SCENARIO, REQUESTS_AT_ONCE, type BulkRun } from './scenarios/bulk-send';
import type { ScenarioCheck } from './lib/scenario-report';

/** What the file needs of a check: which scenario it belongs to and whether it passed. */
type ScenarioPass = Pick<ScenarioCheck, 'scenario' | 'passed'> & Partial<ScenarioCheck>;

const SCALING_RESULTS = path.join(__dirname, 'results.json');
const README = path.join(__dirname, '..', '..', 'README.md');

/**
 * The scaling figures of a deployment run, or undefined when its bulk send did not run or a check
 * of it failed (the committed file then keeps the last good run).
 */
export function scalingResults(
	figures: Record<string, Record<string, unknown>>,
	checks: ScenarioPass[],
) {
	const bulk = figures[BULK_SCENARIO];
	const setup = figures['queue mode: setup'] ?? {};
	const ran = checks.filter((c) => c.scenario === BULK_SCENARIO);
	if (!bulk?.oneWorker || !bulk.twoWorkers || ran.length === 0 || ran.some((c) => !c.passed))
		return undefined;
	return {
		when: new Date().toISOString(),
		n8n: DEPLOY_N8N_VERSION,
		postgres: String(setup.postgres),
		workerConcurrency: Number(setup.workerConcurrency),
		machine: {
			cpus: os.cpus().length,
			cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
			memoryGiB: Math.round(os.totalmem() / 2 ** 30),
			loadAverageAtEnd: os.loadavg().map((l) => Math.round(l * 100) / 100),
		},
		oneWorker: bulk.oneWorker as BulkRun[],
		twoWorkers: bulk.twoWorkers as BulkRun[],
	};
}

export type ScalingResults = NonNullable<ReturnType<typeof scalingResults>>;

/** Writes test/deploy/results.json when the run measured the scaling figures; says whether it did. */
export function writeScalingResults(
	figures: Record<string, Record<string, unknown>>,
	checks: ScenarioPass[],
): boolean {
	const results = scalingResults(figures, checks);
	if (!results) return false;
	fs.writeFileSync(SCALING_RESULTS, `${JSON.stringify(results, null, 2)}\n`);
	return true;
}

/** A README list item wrapped at 100 characters, as the README's prose is. */
function wrap(text: string): string {
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(' ')) {
		if (line && line.length + 1 + word.length > 100) {
			lines.push(line);
			line = `  ${word}`;
		} else {
			line = line ? `${line} ${word}` : word;
		}
	}
	return [...lines, line].join('\n');
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** CPU milliseconds the n8n workers spent per fax over the runs. */
export function workerCpuMsPerFax(runs: BulkRun[]): number {
	const workerSeconds = sum(
		runs.flatMap((run) =>
			Object.entries(run.cpuSeconds)
				.filter(([process]) => process.startsWith('worker-'))
				.map(([, seconds]) => seconds),
		),
	);
	return Math.round((workerSeconds / sum(runs.map((r) => r.faxes))) * 1000 * 10) / 10;
}

/** The README's Scaling paragraph and table, from the results file. */
export function scalingTable(r: ScalingResults): string {
	const runs = [r.oneWorker, r.twoWorkers];
	const first = r.oneWorker[0];
	const perRun = (pick: (run: BulkRun) => number) =>
		runs.map((rs) => rs.map(pick).join(', ')).join(' | ');
	const connections = runs
		.map((rs) => {
			const bound = rs[0].workers * r.workerConcurrency * REQUESTS_AT_ONCE;
			return `${Math.max(...rs.map((run) => run.maxConnections))} (${bound})`;
		})
		.join(' | ');
	const date = r.when.slice(0, 10);
	const load = r.machine.loadAverageAtEnd.join(', ');
	return [
		wrap(
			`- Measured on this ${r.machine.cpus}-core machine (${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB) with n8n ${r.n8n}, PostgreSQL ${r.postgres}, workers at concurrency ${r.workerConcurrency}, on ${date} (load average at the end ${load}): ${first.faxes.toLocaleString('en-US')} one-page PDF faxes as ${first.executions} webhook executions of ${first.faxes / first.executions} per run; 1 and 2 workers alternate (1, 2, 2, 1) after a warm-up. From \`test/deploy/results.json\`, written by \`npm run test:deploy -- --write-scaling\`; \`npx ts-node --transpile-only test/deploy/scaling.ts --readme\` puts it here.`,
		),
		'',
		'| | 1 worker | 2 workers |',
		'|---|---|---|',
		`| sends per second (each run) | ${perRun((run) => run.sendsPerSecond)} |`,
		`| most connections at the service (bound) | ${connections} |`,
		`| worker CPU per fax (ms) | ${runs.map(workerCpuMsPerFax).join(' | ')} |`,
		`| CPU seconds of other processes on the machine (each run) | ${perRun((run) => run.cpuSeconds['other processes on the machine'] ?? 0)} |`,
	].join('\n');
}

/** README with its Scaling paragraph and table (from "- Measured on" to the table's end) replaced. */
export function withScalingTable(readme: string, table: string): string {
	const lines = readme.split('\n');
	const section = lines.indexOf('## Scaling (queue mode)');
	const start = lines.findIndex((l, i) => i > section && l.startsWith('- Measured on'));
	if (section < 0 || start < 0) throw new Error('README: no "- Measured on" line under Scaling');
	let end = lines.findIndex((l, i) => i > start && l.startsWith('|'));
	while (end >= 0 && lines[end + 1]?.startsWith('|')) end++;
	if (end < 0) throw new Error('README: no table after "- Measured on" under Scaling');
	return [...lines.slice(0, start), table, ...lines.slice(end + 1)].join('\n');
}

export function readScalingResults(): ScalingResults {
	return JSON.parse(fs.readFileSync(SCALING_RESULTS, 'utf8')) as ScalingResults;
}

if (require.main === module) {
	const table = scalingTable(readScalingResults());
	if (process.argv.includes('--readme')) {
		fs.writeFileSync(README, withScalingTable(fs.readFileSync(README, 'utf8'), table));
		console.log(
			`README's Scaling table written from ${path.relative(process.cwd(), SCALING_RESULTS)}`,
		);
	} else {
		console.log(table);
	}
}
