import fs from 'node:fs';
import path from 'node:path';

import { BULK_SCENARIO, type BulkRun } from './scenarios/bulk-send';
import {
	readScalingResults,
	scalingResults,
	scalingTable,
	withScalingTable,
	workerCpuMsPerFax,
} from './scaling';

const README = path.join(__dirname, '..', '..', 'README.md');

function run(workers: number, sendsPerSecond: number, cpu: Record<string, number> = {}): BulkRun {
	return {
		faxes: 1000,
		executions: 20,
		workers,
		concurrency: 1,
		spanMs: 1000,
		sendsPerSecond,
		wallMs: 1100,
		maxConnections: 5 * workers,
		executionsPerWorker: {},
		cpuSeconds: cpu,
	};
}

/** The figures of a deployment run whose bulk send ran these runs. */
const figuresOf = (oneWorker: BulkRun[], twoWorkers: BulkRun[]) => ({
	[BULK_SCENARIO]: { oneWorker, twoWorkers },
	'queue mode: setup': { postgres: '15', workerConcurrency: 1 },
});

test('worker CPU per fax counts the worker processes only, over every run', () => {
	const runs = [
		run(2, 100, { main: 3, 'worker-1': 4, 'worker-2': 5 }),
		run(2, 120, { main: 3, 'worker-1': 3, 'worker-2': 2, postgres: 9 }),
	];
	// (4 + 5 + 3 + 2) s over 2,000 faxes.
	expect(workerCpuMsPerFax(runs)).toBe(7);
});

test('a run whose bulk send failed a check or did not run leaves the committed file alone', () => {
	const figures = figuresOf([run(1, 100)], [run(2, 150)]);
	const passed = { scenario: BULK_SCENARIO, title: 'every fax sent once', passed: true };
	expect(scalingResults(figures, [passed])?.twoWorkers[0].sendsPerSecond).toBe(150);
	expect(scalingResults(figures, [passed, { ...passed, passed: false }])).toBeUndefined();
	expect(scalingResults({}, [passed])).toBeUndefined();
	expect(scalingResults(figures, [])).toBeUndefined();
});

test('the table: each run per column, connections with their bound, README prose wrapped', () => {
	const figures = figuresOf([run(1, 100), run(1, 110)], [run(2, 150), run(2, 160)]);
	const results = scalingResults(figures, [{ scenario: BULK_SCENARIO, passed: true }])!;
	const table = scalingTable(results);
	expect(table).toContain('| sends per second (each run) | 100, 110 | 150, 160 |');
	expect(table).toContain('| most connections at the service (bound) | 5 (5) | 10 (10) |');
	expect(
		table
			.split('\n')
			.filter((l) => !l.startsWith('|'))
			.every((l) => l.length <= 100),
	).toBe(true);
});

test("--readme replaces the Scaling paragraph and table only, from '- Measured on' to the table's end", () => {
	const readme = [
		'## Scaling (queue mode)',
		'',
		'- Load on the service: stays.',
		'- Measured on an old machine: 1,000 faxes.',
		'',
		'| | 1 worker | 2 workers |',
		'|---|---|---|',
		'| sends per second | 1 | 2 |',
		'',
		'Every fax was sent exactly once.',
		'- Measured on: a later section keeps its own text.',
	].join('\n');
	expect(withScalingTable(readme, 'NEW').split('\n')).toEqual([
		'## Scaling (queue mode)',
		'',
		'- Load on the service: stays.',
		'NEW',
		'',
		'Every fax was sent exactly once.',
		'- Measured on: a later section keeps its own text.',
	]);
	expect(() => withScalingTable('## Scaling (queue mode)\n', 'NEW')).toThrow(/Measured on/);
});

test("the README's Scaling table is the one made from test/deploy/results.json", () => {
	const readme = fs.readFileSync(README, 'utf8');
	expect(withScalingTable(readme, scalingTable(readScalingResults()))).toBe(readme);
});
