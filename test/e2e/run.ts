/**
 * The real-n8n end-to-end suite: one `n8n start` (n8n 2.40.7, a fresh user folder) runs the
 * workflow of every case through its REST API, as the editor's "Execute workflow" does, against
 * the emulator; then the trigger phase activates the Fax Cloud Trigger in another running n8n.
 * Usage: test/e2e/run.ts [--only <text>] [--no-trigger] [--trigger-only]
 */
import fs from 'node:fs';

import { buildAndPack } from '../../scripts/n8n/package';
import type { N8nServer } from '../../scripts/n8n/server';
import { ALL_CASES } from './cases';
import { OUTPUT_DIR, startEnvironment, startServer } from './lib/environment';
import { runCases, type CaseOutcome } from './lib/run-cases';
import { freePort } from './lib/sink';
import { runTriggerPhase } from './trigger';

function argValue(name: string): string | undefined {
	const i = process.argv.indexOf(name);
	return i < 0 ? undefined : process.argv[i + 1];
}

async function main(): Promise<void> {
	const started = Date.now();
	const only = argValue('--only');
	const triggerOnly = process.argv.includes('--trigger-only');
	const cases = triggerOnly
		? []
		: ALL_CASES.filter((c) => !only || c.title.toLowerCase().includes(only.toLowerCase()));
	fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });

	const tarball = buildAndPack();
	const outcomes: CaseOutcome[] = [];
	let workflowCount = 0;
	if (cases.length > 0) {
		console.log(`\nEnd-to-end: ${cases.length} workflows run in one n8n`);
		const environment = await startEnvironment({
			workflows: [],
			tarball,
			port: await freePort(),
			label: 'e2e',
			// n8n's own default: dates without a zone in the cases mean New York time.
			timezone: 'America/New_York',
		});
		let failed = true;
		let server: N8nServer | undefined;
		try {
			const startedAt = Date.now();
			server = await startServer(environment, 'e2e');
			console.log(`  n8n started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
			outcomes.push(...(await runCases(environment, server, cases, OUTPUT_DIR)));
			failed = outcomes.some((o) => !o.passed);
		} finally {
			await server?.stop();
			await environment.close(failed);
			if (failed) console.log(`  n8n user folder kept for inspection: ${environment.userFolder}`);
		}
		workflowCount += cases.length;
	}
	if (!process.argv.includes('--no-trigger') && !only) {
		const trigger = await runTriggerPhase({ tarball });
		outcomes.push(...trigger.outcomes);
		workflowCount += trigger.workflows;
	}

	const failures = outcomes.filter((o) => !o.passed);
	const seconds = Math.round((Date.now() - started) / 1000);
	console.log(
		`\n${workflowCount} end-to-end workflows executed in a real n8n, ${outcomes.length} checks, ${failures.length} failed (${seconds} s).`,
	);
	for (const failure of failures) console.log(`  FAILED: ${failure.title} (${failure.workflow})`);
	process.exit(failures.length > 0 ? 1 : 0);
}

main().catch((e) => {
	console.error(e instanceof Error ? (e.stack ?? e.message) : e);
	process.exit(1);
});
