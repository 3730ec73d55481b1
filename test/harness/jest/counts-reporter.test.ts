import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { recordCounts } from './fault-helpers';

interface Reporter {
	dir: string;
	onRunStart(): void;
	onRunComplete(): void;
}
const CountsReporter =
	jest.requireActual<new (globalConfig: { rootDir: string }) => Reporter>('./counts-reporter');

/** What a run of the reporter prints: the counts of its own run only. */
const printed = (rows: string[], header: string) =>
	['', 'Fault and bad-input suite counts', header, ...rows, ''].join('\n') + '\n';

const ownRun = process.env.FAULT_SUITE_COUNTS_DIR;
let rootDir: string;

beforeEach(() => {
	rootDir = mkdtempSync(join(tmpdir(), 'counts-reporter-'));
});

afterEach(() => {
	// This file's own jest run goes on counting in the folder its reporter named.
	process.env.FAULT_SUITE_COUNTS_DIR = ownRun;
	jest.restoreAllMocks();
	rmSync(rootDir, { recursive: true, force: true });
});

test('two jest runs at once count apart: each prints the totals of its own run', () => {
	const first = new CountsReporter({ rootDir });
	first.onRunStart();
	recordCounts('sends', { sends: 3, faultsInjected: 2 });
	const second = new CountsReporter({ rootDir });
	second.onRunStart();
	recordCounts('sends', { sends: 5 });
	recordCounts('trigger', { events: 7 });
	expect(second.dir).not.toBe(first.dir);

	const out: string[] = [];
	jest.spyOn(process.stdout, 'write').mockImplementation((text) => out.push(String(text)) > 0);
	first.onRunComplete();
	second.onRunComplete();

	expect(out).toEqual([
		printed(
			['  sends       3               2', '  total       3               2'],
			'          sends  faultsInjected',
		),
		printed(
			['  sends         5        ', '  trigger               7', '  total         5       7'],
			'            sends  events',
		),
	]);
	expect(readFileSync(join(first.dir, 'totals.txt'), 'utf8')).toBe(out[0]);
	expect(readFileSync(join(second.dir, 'totals.txt'), 'utf8')).toBe(out[1]);
});

test("a run clears what ended runs left, never a live run's counts", () => {
	const ended = spawnSync(process.execPath, ['-e', '']).pid;
	const root = join(rootDir, '.test-output', 'fault-suite');
	const folders = [`run-${ended}-1`, `process-${ended}`, `run-${process.pid}-99`, 'old.json'];
	for (const name of folders) mkdirSync(join(root, name), { recursive: true });

	new CountsReporter({ rootDir }).onRunStart();

	expect(readdirSync(root)).toEqual([`run-${process.pid}-99`]);
});
