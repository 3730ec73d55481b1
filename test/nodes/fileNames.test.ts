import { execFileSync } from 'node:child_process';
import { basename, join } from 'node:path';

/**
 * Every file name says its role once, so grep and "open the file named X" find one file: every
 * source file of the repository and every file of the shipped folders. Data and prose elsewhere
 * (a workflow's JSON, a folder's README.md) are named beside their neighbours and may repeat.
 */
const NAMED_FOLDERS = ['nodes', 'credentials'];
const SOURCE = /\.(ts|js|mjs|cjs)$/;

const ROOT = join(__dirname, '..', '..');

/**
 * Names that repeat by n8n's design: operation files (`get.operation.ts` in each resource),
 * resource files, an output schema per operation and node version, and the icon each node and
 * credential folder holds for its description (`file:icons/faxCloud.svg`).
 */
const REPEATABLE = [
	/\.operation\.ts$/,
	/\.resource\.ts$/,
	/(^|\/)__schema__\/.*\.json$/,
	/(^|\/)icons\/[^/]+\.svg$/,
];

/** The files the rule reads: git's, with those not yet added (so a new file fails before its commit). */
function repositoryFiles(): string[] {
	return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
		cwd: ROOT,
		encoding: 'utf8',
	})
		.split('\n')
		.filter(Boolean);
}

/** Whether a file's name must be its own: a source file anywhere, any file of a shipped folder. */
const isNamed = (file: string): boolean =>
	SOURCE.test(file) || NAMED_FOLDERS.some((folder) => file.startsWith(`${folder}/`));

/** Each file name (case folded) used by more than one named file, with those files. */
function repeatedNames(files: string[]): Record<string, string[]> {
	const byName = new Map<string, string[]>();
	for (const file of files) {
		if (!isNamed(file) || REPEATABLE.some((pattern) => pattern.test(file))) continue;
		const name = basename(file).toLowerCase();
		byName.set(name, [...(byName.get(name) ?? []), file]);
	}
	return Object.fromEntries([...byName].filter(([, found]) => found.length > 1));
}

test('no source file name repeats in the repository, nor any file name in nodes/ and credentials/', () => {
	const files = repositoryFiles().filter(isNamed);
	expect(files.filter((file) => file.startsWith('nodes/')).length).toBeGreaterThan(100);
	expect(files.filter((file) => file.startsWith('test/')).length).toBeGreaterThan(100);
	expect(repeatedNames(files)).toEqual({});
});

test('a repeated name is found, in any folder and letter case; n8n’s own repeats are not', () => {
	expect(
		repeatedNames([
			'nodes/FaxCloud/methods/index.ts',
			'nodes/shared/transport/Index.ts',
			'credentials/other.ts',
			'nodes/FaxCloud/actions/inboundFax/get.operation.ts',
			'nodes/FaxCloud/actions/outboundFax/get.operation.ts',
			'nodes/FaxCloud/__schema__/v1.0.0/inboundFax/get.json',
			'nodes/FaxCloud/__schema__/v2.0.0/inboundFax/get.json',
			'nodes/FaxCloud/icons/faxCloud.svg',
			'credentials/icons/faxCloud.svg',
		]),
	).toEqual({ 'index.ts': ['nodes/FaxCloud/methods/index.ts', 'nodes/shared/transport/Index.ts'] });
});

test('a source file name repeated outside nodes/ is found too; data and prose outside it are not', () => {
	expect(
		repeatedNames([
			'emulator/index.ts',
			'test/e2e/cases/index.ts',
			'bench/run.ts',
			'test/deploy/run.ts',
			'scripts/n8n/cli.ts',
			'test/harness/jest/counts-reporter.js',
			'bench/lib/counts-reporter.mjs',
			'test/e2e/workflows/inbound-get.json',
			'test/e2e/workflows/v2/inbound-get.json',
			'README.md',
			'emulator/README.md',
		]),
	).toEqual({
		'index.ts': ['emulator/index.ts', 'test/e2e/cases/index.ts'],
		'run.ts': ['bench/run.ts', 'test/deploy/run.ts'],
	});
});

test('the repository’s own names are read: a repeat added beside them fails', () => {
	const files = repositoryFiles();
	const copy = files.find((file) => file.startsWith('emulator/') && file.endsWith('.ts'));
	expect(copy).toBeDefined();
	const repeated = `bench/${basename(copy!)}`;
	expect(repeatedNames([...files, repeated])).toEqual({
		[basename(copy!).toLowerCase()]: [copy, repeated],
	});
});
