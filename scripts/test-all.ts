/**
 * `npm test`: every part of the suite in order, each timed, with the times and results at the
 * end. A failed part does not stop the others (only the build is required); it fails the command.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** [name, command]; later parts cannot run without the first, the build. */
const PARTS: Array<[string, string[]]> = [
	['build', ['npm', 'run', 'build']],
	['lint (n8n-node lint)', ['npm', 'run', 'lint']],
	['n8n verification scan', ['npm', 'run', 'scan']],
	['lint of the GitHub workflows', ['npm', 'run', 'lint:workflows']],
	['typecheck', ['npm', 'run', 'typecheck']],
	['no newer n8n 2.x installs', ['npm', 'run', 'n8n:newer']],
	['jest', ['npx', 'jest']],
	['end-to-end in real n8n', ['npm', 'run', 'test:e2e']],
	['editor check in Chromium', ['npm', 'run', 'test:browser']],
	['queue mode and crashes', ['npm', 'run', 'test:deploy']],
];

function run([command, ...args]: string[]): Promise<string> {
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: path.resolve(__dirname, '..'), stdio: 'inherit' });
		child.on('error', (error) => resolve(`could not start: ${error.message}`));
		child.on('exit', (code, signal) =>
			resolve(code === 0 ? 'passed' : `FAILED (${signal ? `signal ${signal}` : `exit ${code}`})`),
		);
	});
}

const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`.padStart(9);

async function main(): Promise<void> {
	const results: Array<{ name: string; ms: number; outcome: string }> = [];
	const started = Date.now();
	for (const [name, command] of PARTS) {
		console.log(`\n=== ${name}: ${command.join(' ')}`);
		const partStarted = Date.now();
		const outcome = await run(command);
		results.push({ name, ms: Date.now() - partStarted, outcome });
		if (name === 'build' && outcome !== 'passed') break;
	}
	console.log('\nnpm test, part by part:');
	for (const { name, ms, outcome } of results) {
		console.log(`  ${formatSeconds(ms)}  ${name.padEnd(30)} ${outcome}`);
	}
	const skipped = PARTS.slice(results.length);
	for (const [name] of skipped) console.log(`  ${''.padStart(9)}  ${name.padEnd(30)} not run`);
	console.log(`  ${formatSeconds(Date.now() - started)}  in all`);
	const passed = results.filter((r) => r.outcome === 'passed').length;
	const failed = results.length - passed;
	const notRun = skipped.length > 0 ? `, ${skipped.length} not run` : '';
	console.log(`parts: ${passed} passed, ${failed} failed${notRun}`);
	process.exit(failed > 0 || skipped.length > 0 ? 1 : 0);
}

void main();
