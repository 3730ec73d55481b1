import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

interface Reporter {
	onRunStart(): void;
	onRunComplete(contexts: unknown, results: unknown): void;
	getLastError(): Error | undefined;
}
const RepeatedTitlesReporter = jest.requireActual<new () => Reporter>('./repeated-titles-reporter');

/** A finished jest run as reporters get it: each file with the full titles of its tests. */
const run = (files: Record<string, string[]>) => ({
	testResults: Object.entries(files).map(([testFilePath, titles]) => ({
		testFilePath,
		testResults: titles.map((fullName) => ({ fullName })),
	})),
});

/** What the reporter says of a run: the error that fails it, or undefined. */
function verdict(files: Record<string, string[]>): Error | undefined {
	const reporter = new RepeatedTitlesReporter();
	reporter.onRunStart();
	jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
	reporter.onRunComplete(undefined, run(files));
	return reporter.getLastError();
}

afterEach(() => jest.restoreAllMocks());

test('a run whose tests each have their own full title passes', () => {
	expect(
		verdict({ '/t/a.test.ts': ['Send a fax', 'Send two faxes'], '/t/b.test.ts': ['Get a fax'] }),
	).toBeUndefined();
});

test('two tests of one file with one full title fail the run, naming the title and the file', () => {
	const error = verdict({ '/t/a.test.ts': ['Send 400 for {}', 'Send 400 for {}', 'Get a fax'] });
	expect(error?.message).toContain('"Send 400 for {}" (2 tests: /t/a.test.ts)');
	expect(error?.message).not.toContain('Get a fax');
});

test('one full title in two files fails the run too, naming both files', () => {
	const error = verdict({
		'/t/a.test.ts': ['a lookup with a token'],
		'/t/b.test.ts': ['a lookup with a token'],
	});
	expect(error?.message).toContain('"a lookup with a token" (2 tests: /t/a.test.ts, /t/b.test.ts)');
});

test('a new run of the same reporter starts clean (jest --watch reuses it)', () => {
	const reporter = new RepeatedTitlesReporter();
	jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
	reporter.onRunStart();
	reporter.onRunComplete(undefined, run({ '/t/a.test.ts': ['x', 'x'] }));
	expect(reporter.getLastError()).toBeInstanceOf(Error);
	reporter.onRunStart();
	reporter.onRunComplete(undefined, run({ '/t/a.test.ts': ['x', 'y'] }));
	expect(reporter.getLastError()).toBeUndefined();
});

test('the repository’s jest runs with it: a run of two tests with one title exits 1 and names it', () => {
	const repo = resolve(__dirname, '../../..');
	const { reporters } = jest.requireActual<{ reporters: string[] }>(join(repo, 'jest.config.js'));
	const dir = mkdtempSync(join(tmpdir(), 'repeated-titles-'));
	try {
		writeFileSync(join(dir, 'twice.test.js'), "test('same', () => {});\ntest('same', () => {});\n");
		const config = {
			rootDir: dir,
			testMatch: ['**/*.test.js'],
			reporters: reporters.map((reporter) => reporter.replace('<rootDir>', repo)),
		};
		const jestCli = join(repo, 'node_modules', 'jest', 'bin', 'jest.js');
		const ran = spawnSync(process.execPath, [jestCli, '--config', JSON.stringify(config)], {
			encoding: 'utf8',
		});
		expect({ status: ran.status, out: ran.stdout.match(/"same" \(2 tests[^)]*\)/)?.[0] }).toEqual({
			status: 1,
			out: `"same" (2 tests: ${join(dir, 'twice.test.js')})`,
		});
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});
