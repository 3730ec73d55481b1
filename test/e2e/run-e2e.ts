/**
 * The real-n8n end-to-end suite, on each tested n8n release (test/harness/n8n/versions.ts): the
 * case phase runs every case's workflow in one `n8n start` through its REST API, as the editor's
 * "Execute workflow" does, against the emulator; then the trigger phase activates the Fax Cloud
 * Trigger in another running n8n, once per poll engine of the release (durable on 2.x only).
 * Usage: test/e2e/run-e2e.ts [--n8n <version>] [--engine in-memory|durable] [--only <text>]
 *   [--no-trigger] [--trigger-only]
 */
import fs from 'node:fs';
import path from 'node:path';

import { ensureN8n, pidAlive } from '../harness/n8n/install';
import { POLL_ENGINE_ENV, type PollEngine } from '../harness/n8n/engines';
import { buildAndPack } from '../harness/n8n/package';
import type { N8nServer } from '../harness/n8n/n8n-server';
import { releaseOf, TESTED_N8N_VERSIONS } from '../harness/n8n/versions';
import { ALL_CASES } from './cases/all-cases';
import { FEATURE_CHECKS, featureCredentials, type FeatureCheck } from './features';
import type { E2eCase } from './lib/run-cases';
import { CommandLine } from '../harness/commandLine';
import { OUTPUT_DIR, startEnvironment, startServer } from '../harness/environment';
import { runCases, runEach, type CaseOutcome } from './lib/run-cases';
import { freePort } from '../harness/ports';
import { indented, messageOf, printSummary, secondsSince } from '../harness/report';
import { runTriggerPhase } from './trigger';
import { SEND_LINEAGE_CHECKS } from './send-lineage';
import { VERSION_2_CHECKS } from './version2-features';

/** Folders of ended runs kept for inspection; older ones are removed when a run starts. */
const KEEP_ENDED_RUNS = 3;

/** This run's folder under .test-output/e2e/; a run never clears that of another still alive. */
function runOutputDir(): string {
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });
	const ended = fs
		.readdirSync(OUTPUT_DIR)
		.filter((name) => {
			const pid = /^run-.+-pid(\d+)$/.exec(name)?.[1];
			return pid !== undefined && !pidAlive(Number(pid));
		})
		.sort();
	for (const name of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED_RUNS)))
		fs.rmSync(path.join(OUTPUT_DIR, name), { recursive: true, force: true });
	const stamp = new Date().toISOString().replace(/[:.]/g, '-');
	const dir = path.join(OUTPUT_DIR, `run-${stamp}-pid${process.pid}`);
	fs.mkdirSync(dir);
	return dir;
}

interface PhaseResult {
	version: string;
	phase: 'install' | 'cases' | 'trigger';
	engine?: PollEngine;
	ms: number;
	outcomes: CaseOutcome[];
	workflows: number;
	/** Set when the phase could not run to its end (n8n did not start, the install failed...). */
	error?: string;
}

type PhaseWork = Pick<PhaseResult, 'outcomes' | 'workflows'>;

async function casePhase(
	version: string,
	tarball: string,
	cases: E2eCase[],
	features: FeatureCheck[],
	logDir: string,
): Promise<PhaseWork> {
	const workflows = cases.length + features.length;
	console.log(`\nEnd-to-end on n8n ${version}: ${workflows} workflows run in one n8n`);
	let outcomes: CaseOutcome[] = [];
	const environment = await startEnvironment({
		workflows: [],
		tarball,
		port: await freePort(),
		label: 'e2e',
		version,
		// n8n's own default: dates without a zone in the cases mean New York time.
		timezone: 'America/New_York',
		extraCredentials: featureCredentials,
	});
	let failed = true;
	let server: N8nServer | undefined;
	try {
		const startedAt = Date.now();
		const running = await startServer(environment, 'cases', logDir);
		server = running;
		console.log(`  n8n started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
		outcomes = [
			...(await runCases(environment, running, cases, logDir)),
			...(await runEach(features, (check) => check.run(environment, running))),
		];
		failed = outcomes.some((o) => !o.passed);
	} finally {
		await server?.stop();
		await environment.close(failed);
		if (failed) console.log(`  n8n user folder kept for inspection: ${environment.userFolder}`);
	}
	return { outcomes, workflows };
}

/** Runs a phase, timed; an exception becomes a failed phase so the other phases still run. */
async function timed(
	version: string,
	phase: PhaseResult['phase'],
	work: () => Promise<PhaseWork>,
	engine?: PollEngine,
): Promise<PhaseResult> {
	const started = Date.now();
	const result = { version, phase, engine, outcomes: [], workflows: 0 };
	try {
		return { ...result, ...(await work()), ms: Date.now() - started };
	} catch (error) {
		const message = messageOf(error);
		console.log(`  FAIL ${phase} on n8n ${version}:\n${indented(message)}`);
		return { ...result, ms: Date.now() - started, error: message };
	}
}

function phaseSummary(result: PhaseResult): string {
	const release = releaseOf(result.version);
	const name = `n8n ${result.version} (Node ${release.node.split('.')[0]})`.padEnd(24);
	const phase = result.engine ? `${result.phase} ${result.engine}` : result.phase;
	const seconds = `${(result.ms / 1000).toFixed(1)} s`.padStart(8);
	const failed = result.outcomes.filter((o) => !o.passed).length;
	const outcome = result.error
		? 'FAILED (did not finish, see above)'
		: result.phase === 'install'
			? 'ready'
			: `${failed > 0 ? 'FAILED' : 'passed'} (${result.outcomes.length - failed} of ${result.outcomes.length} checks)`;
	return `  ${name} ${phase.padEnd(18)} ${seconds}  ${outcome}`;
}

async function main(): Promise<void> {
	const started = Date.now();
	const args = new CommandLine();
	const only = args.value('--only');
	const triggerOnly = args.has('--trigger-only');
	const withTrigger = !args.has('--no-trigger') && !only;
	const chosen = args.value('--n8n');
	const engineChosen = args.only(Object.keys(POLL_ENGINE_ENV), '--engine');
	const versions = chosen ? [releaseOf(chosen).n8n] : TESTED_N8N_VERSIONS;
	const checks = [...FEATURE_CHECKS, ...VERSION_2_CHECKS, ...SEND_LINEAGE_CHECKS];
	const picked = args.only([...ALL_CASES, ...checks].map((c) => c.title));
	const chosenBy = (c: { title: string }) => !triggerOnly && picked(c.title);
	const cases = ALL_CASES.filter(chosenBy);
	const features = checks.filter(chosenBy);
	const outputDir = runOutputDir();

	const tarball = buildAndPack();
	const results: PhaseResult[] = [];
	for (const version of versions) {
		const logDir = path.join(outputDir, `n8n-${version}`);
		fs.mkdirSync(logDir, { recursive: true });
		// Timed apart: a first run installs the release into the cache (several minutes).
		const install = await timed(version, 'install', async () => {
			await ensureN8n(version);
			return { outcomes: [], workflows: 0 };
		});
		results.push(install);
		if (install.error) continue;
		if (cases.length + features.length > 0) {
			const phase = () => casePhase(version, tarball, cases, features, logDir);
			results.push(await timed(version, 'cases', phase));
		}
		const engines = releaseOf(version).engines.filter(engineChosen);
		for (const engine of withTrigger ? engines : []) {
			const phase = () => runTriggerPhase({ tarball, version, logDir, engine });
			results.push(await timed(version, 'trigger', phase, engine));
		}
	}

	// A phase that did not finish counts as one failed check, named by its phase.
	const outcomes = results.flatMap((r) => {
		const on = `on n8n ${r.version}${r.engine === 'durable' ? ' (durable scheduler)' : ''}`;
		const checks = r.outcomes.map((o) => ({ ...o, title: `${on}: ${o.title} (${o.workflow})` }));
		const phase = `on n8n ${r.version}: ${r.phase} phase${r.engine ? ` (${r.engine})` : ''}`;
		return r.error ? [...checks, { title: phase, passed: false }] : checks;
	});
	const workflows = results.reduce((sum, r) => sum + r.workflows, 0);
	console.log('\nEnd-to-end, per n8n release and phase:');
	for (const result of results) console.log(phaseSummary(result));
	process.exit(
		printSummary('End-to-end', outcomes, secondsSince(started), [
			`${workflows} workflows executed in a real n8n`,
			`n8n logs and stored executions: ${path.relative(process.cwd(), outputDir)}/`,
		]),
	);
}

main().catch((e) => {
	console.error(messageOf(e));
	process.exit(1);
});
