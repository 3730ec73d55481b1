/**
 * `npm test`: every part of the suite in order, each timed, with the times and results at the
 * end. A failed part does not stop the others (only the build is required); it fails the command.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

interface Part {
	name: string;
	command: string[];
	/** Later parts cannot run without this one. */
	required?: boolean;
}

const PARTS: Part[] = [
	{ name: 'build', command: ['npm', 'run', 'build'], required: true },
	{ name: 'lint (n8n-node lint)', command: ['npm', 'run', 'lint'] },
	{ name: 'n8n verification scan', command: ['npm', 'run', 'scan'] },
	{ name: 'lint of the GitHub workflows', command: ['npm', 'run', 'lint:workflows'] },
	{ name: 'typecheck', command: ['npm', 'run', 'typecheck'] },
	{ name: 'format (prettier)', command: ['npm', 'run', 'format'] },
	{ name: 'no newer n8n 2.x installs', command: ['npm', 'run', 'n8n:newer'] },
	{ name: 'jest', command: ['npx', 'jest'] },
	{ name: 'end-to-end in real n8n', command: ['npm', 'run', 'test:e2e'] },
	{ name: 'editor check in Chromium', command: ['npm', 'run', 'test:browser'] },
	{ name: 'queue mode and crashes', command: ['npm', 'run', 'test:deploy'] },
];

function run(part: Part): Promise<string> {
	return new Promise((resolve) => {
		const [command, ...args] = part.command;
		const child = spawn(command, args, { cwd: path.resolve(__dirname, '..'), stdio: 'inherit' });
		child.on('error', (error) => resolve(`could not start: ${error.message}`));
		child.on('exit', (code, signal) =>
			resolve(code === 0 ? 'passed' : `FAILED (${signal ? `signal ${signal}` : `exit ${code}`})`),
		);
	});
}

const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`.padStart(9);

async function main(): Promise<void> {
	const results: Array<{ part: Part; ms: number; outcome: string }> = [];
	const started = Date.now();
	for (const part of PARTS) {
		console.log(`\n=== ${part.name}: ${part.command.join(' ')}`);
		const partStarted = Date.now();
		const outcome = await run(part);
		results.push({ part, ms: Date.now() - partStarted, outcome });
		if (part.required && outcome !== 'passed') break;
	}
	console.log('\nnpm test, part by part:');
	for (const { part, ms, outcome } of results)
		console.log(`  ${formatSeconds(ms)}  ${part.name.padEnd(30)} ${outcome}`);
	const skipped = PARTS.slice(results.length);
	for (const part of skipped) console.log(`  ${''.padStart(9)}  ${part.name.padEnd(30)} not run`);
	console.log(`  ${formatSeconds(Date.now() - started)}  in all`);
	const passed = results.filter((r) => r.outcome === 'passed').length;
	const failed = results.length - passed;
	const notRun = skipped.length > 0 ? `, ${skipped.length} not run` : '';
	console.log(`parts: ${passed} passed, ${failed} failed${notRun}`);
	process.exit(failed > 0 || skipped.length > 0 ? 1 : 0);
}

void main();
