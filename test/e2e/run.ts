/**
 * The real-n8n end-to-end suite: every workflow of the cases is imported into a fresh n8n 2.40.7
 * and run with `n8n execute --id`, against the emulator; then the trigger phase activates the
 * Fax Cloud Trigger in a running `n8n start`. Usage: test/e2e/run.ts [--only <text>] [--no-trigger] [--trigger-only]
 */
import fs from 'node:fs';

import { buildAndPack } from '../../scripts/n8n/package';
import { ALL_CASES } from './cases';
import { loadWorkflows, OUTPUT_DIR, startEnvironment } from './lib/environment';
import { runCases, type CaseOutcome } from './lib/run-cases';
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
		const workflows = loadWorkflows(cases.map((c) => c.workflow));
		console.log(`\nEnd-to-end: ${cases.length} workflows with n8n execute`);
		const environment = await startEnvironment({ workflows, tarball, label: 'e2e' });
		let failed = true;
		try {
			outcomes.push(...(await runCases(environment, cases, OUTPUT_DIR)));
			failed = outcomes.some((o) => !o.passed);
		} finally {
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
