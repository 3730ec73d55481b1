/**
 * `npm run test:deploy`: the package deployed as n8n is run in production, and crashed, against
 * the emulator (whose request log is the ground truth). Queue mode: its own Redis and PostgreSQL
 * (apt-installed when missing), `n8n start` with EXECUTIONS_MODE=queue and two `n8n worker`s, each
 * with its own n8n folder. Single process: `n8n start` on SQLite. See scenarios/ for each scenario.
 *
 * Usage: test/deploy/run-deploy.ts [--only queue|single|queue-trigger] [--scenario TEXT] [--n8n VERSION]
 *        [--write-scaling]
 * (queue-trigger: the trigger scenarios alone, after main and two workers have started;
 * --scenario: only the scenarios whose name contains TEXT, e.g. "durable poll scheduler";
 * --n8n: another release of test/harness/n8n/versions.ts)
 * Output: .test-output/deploy/ (logs of every process, results.json).
 */
import fs from 'node:fs';
import path from 'node:path';

import { CommandLine } from '../harness/commandLine';
import { POLL_ENGINE_NAMES, type PollEngine } from '../harness/n8n/engines';
import { ensureN8n } from '../harness/n8n/install';
import { buildAndPack } from '../harness/n8n/package';
import { DEPLOY_N8N_VERSION, releaseOf } from '../harness/n8n/versions';
import { printSummary, secondsSince } from '../harness/report';
import { QUEUE_BINARY_DATA_MODE } from '../harness/services/n8n-queue';
import { startPostgres } from '../harness/services/postgres';
import { startRedis } from '../harness/services/redis';
import { startSink, type Sink } from '../harness/sink';
import { textPdf } from '../harness/textPdf';
import * as deploy from './lib/instance';
import { Report } from './lib/scenario-report';
import { writeScalingResults } from './scaling';
import * as bulk from './scenarios/bulk-send';
import { inboundFileAcrossWorkers } from './scenarios/inbound-file';
import { sendInFlight } from './scenarios/send-in-flight';
import * as createKilled from './scenarios/create-killed';
import * as retryLineage from './scenarios/retry-lineage';
import { singleProcessCrashes } from './scenarios/single-process';
import * as trigger from './scenarios/trigger-common';
import { DURABLE_SCENARIO, durableWindowsInQueueMode } from './scenarios/queue-state-windows';
import { OVERLAP_SCENARIOS, twoPollTimesInQueueMode } from './scenarios/queue-two-poll-times';
import * as queueTrigger from './scenarios/trigger-queue';
import * as bulkOnce from './scenarios/worker-killed-bulk';

/** Worker concurrency: one execution at a time, so the service sees at most workers × Requests at Once. */
const WORKER_CONCURRENCY = 1;

const args = new CommandLine();
const N8N_VERSION = releaseOf(args.value('--n8n') ?? DEPLOY_N8N_VERSION).n8n;
/** The packed package, built once by main. */
let tarball = '';

/** Things to stop however the run ends (Ctrl-C included), newest first. */
const cleanups = new Set<() => Promise<void>>();
/** Registers a cleanup; what it returns runs it now (once). */
function onCleanUp(cleanup: () => Promise<void>): () => Promise<void> {
	cleanups.add(cleanup);
	return async () => {
		if (cleanups.delete(cleanup)) await cleanup().catch(() => undefined);
	};
}
async function cleanUpAll(): Promise<void> {
	for (const cleanup of [...cleanups].reverse()) {
		cleanups.delete(cleanup);
		await cleanup().catch(() => undefined);
	}
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.once(signal, () => {
		console.log(`\n${signal}: stopping n8n, Redis and Postgres...`);
		void cleanUpAll().then(() => process.exit(130));
	});
}

/** An installation, its sink and the one-page PDF for `body`; folders kept when a check failed. */
async function withInstallation(
	report: Report,
	name: string,
	options: { label: string; workflows: string[]; publish: string[]; services?: deploy.Services },
	body: (instance: deploy.DeployInstance, sink: Sink) => Promise<void>,
): Promise<void> {
	const sink = await startSink();
	const stopSink = onCleanUp(sink.close);
	let instance: deploy.DeployInstance | undefined;
	let keep = false;
	let closeInstance: (() => Promise<void>) | undefined;
	try {
		const created = await deploy.DeployInstance.create({
			...options,
			runtime: await ensureN8n(N8N_VERSION),
			tarball,
			workflows: options.workflows.map(deploy.readDeployWorkflow),
			clock: 'manual',
			env: { DEPLOY_SINK_URL: sink.url },
		});
		instance = created;
		closeInstance = onCleanUp(() => created.close(keep));
		// The one-page PDF every item of a bulk send reads (Read/Write Files may only use this folder).
		const pdf = await textPdf(['Fax Cloud deployment test: one page']);
		fs.writeFileSync(path.join(instance.filesFolder, 'one-page.pdf'), pdf);
		await body(instance, sink);
	} catch (error) {
		report.broken(name, error);
	} finally {
		keep = report.checks.some((c) => !c.passed);
		await closeInstance?.();
		await stopSink();
		if (keep && instance) report.log(`n8n folders kept for inspection: ${instance.baseFolder}`);
	}
}

/**
 * The queue-mode part. `beforeTrigger` is called when the trigger scenario starts: it mostly
 * waits for n8n's once-a-minute polls, so the single-process part runs meanwhile. `triggerOnly`:
 * the trigger scenarios alone, with main and both workers as the scenarios before leave them.
 */
async function queuePart(report: Report, beforeTrigger: () => void, triggerOnly: boolean) {
	const setup = 'queue mode: setup';
	const run = (name: string, body: () => Promise<Record<string, unknown>>) =>
		scenario(report, name, body);
	const stops: Array<() => Promise<void>> = [];
	try {
		const servicesStarted = Date.now();
		const redis = await startRedis({ logDir: deploy.OUTPUT_DIR });
		stops.push(onCleanUp(redis.stop));
		const postgres = await startPostgres({ logDir: deploy.OUTPUT_DIR });
		stops.push(onCleanUp(postgres.stop));
		report.log(
			`Redis on 127.0.0.1:${redis.port}, PostgreSQL ${postgres.version} on 127.0.0.1:${postgres.port} (${secondsSince(servicesStarted)} s)`,
		);
		const options = {
			label: 'queue',
			workflows: [
				bulk.BULK_WORKFLOW,
				'send-one.json',
				'inbound-file.json',
				trigger.TRIGGER_WORKFLOW,
				'lookup-batch.json',
				bulkOnce.BULK_ONCE_WORKFLOW,
				...retryLineage.RETRY_WORKFLOWS.files,
			],
			publish: [
				bulk.BULK_WORKFLOW_ID,
				'DeploySendOne001',
				'DeployInboundF01',
				bulkOnce.BULK_ONCE_WORKFLOW_ID,
				...retryLineage.RETRY_WORKFLOWS.ids,
			],
			services: { postgres, redis },
		};
		await withInstallation(report, setup, options, async (instance, sink) => {
			await instance.startMain();
			await instance.startWorker('worker-1', WORKER_CONCURRENCY);
			report.log(`n8n main and worker-1 (concurrency ${WORKER_CONCURRENCY}) running`);
			report.figure(setup, {
				n8n: instance.runtime.release.n8n,
				postgres: postgres.version,
				redis: 'Debian redis-server',
				binaryDataMode: QUEUE_BINARY_DATA_MODE,
				workerConcurrency: WORKER_CONCURRENCY,
				queueTimings: deploy.QUEUE_TIMINGS,
				publicationLeaseSeconds: deploy.PUBLICATION_LEASE_SECONDS,
			});
			if (!triggerOnly)
				await run(bulk.BULK_SCENARIO, () =>
					bulk.bulkSendScaling(instance, report, WORKER_CONCURRENCY),
				);
			// Two workers from here on (the bulk send, when it ran to its end, leaves worker-2 running).
			if (!instance.workers.get('worker-2')?.running)
				await instance.startWorker('worker-2', WORKER_CONCURRENCY);
			if (!triggerOnly) {
				await run('queue mode: inbound fax across workers', () =>
					inboundFileAcrossWorkers(instance, report, sink),
				);
				await run('queue mode: worker killed during a send', () => sendInFlight(instance, report));
				await run('queue mode: worker killed during a bulk send', () =>
					bulkOnce.workerKilledDuringBulkSend(instance, report),
				);
				await run(retryLineage.RETRY_SCENARIOS.resendAndFile, () =>
					retryLineage.retriesOnWorkers(instance, report),
				);
				await run(retryLineage.RETRY_SCENARIOS.twoForms, () =>
					retryLineage.twoFormsOnWorkers(instance, report),
				);
			}
			beforeTrigger();
			await run(queueTrigger.TRIGGER_SCENARIOS['in-memory'], () =>
				queueTrigger.triggerInQueueMode(instance, report, sink),
			);
			if (!releaseOf(N8N_VERSION).engines.includes('durable')) return;
			// On a release with n8n's durable poll scheduler: main moves to it (with durable cursors),
			// the two windows of a poll's writes are probed, then the in-memory scenarios' kills and
			// two Poll Times run again there, each counting its own executions.
			await run(DURABLE_SCENARIO, () => durableWindowsInQueueMode(instance, report));
			await run(queueTrigger.TRIGGER_SCENARIOS.durable, () =>
				queueTrigger.triggerInQueueModeDurable(instance, report, sink),
			);
			await run(OVERLAP_SCENARIOS.durable, async () => ({
				engineSwitch: await trigger.onDurableEngine(instance, report),
				...(await twoPollTimesInQueueMode(instance, report, sink)),
			}));
		});
	} catch (error) {
		report.broken(setup, error);
	} finally {
		beforeTrigger();
		for (const stop of stops.reverse()) await stop();
	}
}

/** The single-process part for one poll engine of the release, on its own installation. */
async function singleProcess(report: Report, engine: PollEngine): Promise<void> {
	const name = trigger.scenarioName('single process', engine, 'crashes');
	if (!args.picksOne(name, '--scenario')) return;
	const started = Date.now();
	const options = {
		label: engine === 'in-memory' ? 'single' : 'single-durable',
		workflows: [trigger.TRIGGER_WORKFLOW, bulk.BULK_WORKFLOW, 'lookup-batch.json'],
		publish: [trigger.TRIGGER_WORKFLOW_ID, bulk.BULK_WORKFLOW_ID],
	};
	await withInstallation(report, name, options, async (instance, sink) => {
		instance.engine = engine;
		await instance.startMain();
		report.log(`n8n (single process, SQLite) running, ${POLL_ENGINE_NAMES[engine]}`);
		report.figure(name, await singleProcessCrashes(instance, report, sink));
	});
	report.figure(name, { seconds: secondsSince(started) });
}

/** n8n killed during a mail merge Create, on an installation of its own. */
async function singleProcessCreateKilled(report: Report): Promise<void> {
	const options = {
		label: 'single-create',
		workflows: [createKilled.CREATE_KILLED_WORKFLOW],
		publish: [createKilled.CREATE_KILLED_WORKFLOW_ID],
	};
	await scenario(report, createKilled.CREATE_KILLED_SCENARIO, async () => {
		let figures: Record<string, unknown> = {};
		await withInstallation(
			report,
			createKilled.CREATE_KILLED_SCENARIO,
			options,
			async (instance) => {
				await instance.startMain();
				figures = await createKilled.createKilled(instance, report);
			},
		);
		return figures;
	});
}

/** Runs one scenario and records its figures; if it cannot reach its checks, that is a failure. */
async function scenario(
	report: Report,
	name: string,
	body: () => Promise<Record<string, unknown>>,
): Promise<void> {
	if (!args.picksOne(name, '--scenario')) return;
	const started = Date.now();
	report.log(name);
	try {
		report.figure(name, await body());
	} catch (error) {
		report.broken(name, error);
	}
	report.figure(name, { seconds: secondsSince(started) });
}

/**
 * Writes the scaling figures on request only: a committed file rewritten by every `npm test` would
 * leave the README's table (checked against it by jest) behind. Says what it did.
 */
function writeScaling(report: Report): string {
	if (N8N_VERSION !== DEPLOY_N8N_VERSION)
		return `Scaling figures not written: they are DEPLOY_N8N_VERSION's, this run was n8n ${N8N_VERSION}`;
	return writeScalingResults(report.figures, report.checks)
		? 'Scaling figures written to test/deploy/results.json (README: test/deploy/scaling.ts --readme)'
		: 'Scaling figures not written: the bulk send did not run or a check failed';
}

async function main(): Promise<void> {
	const started = Date.now();
	const only = args.only(['queue', 'single', 'queue-trigger']);
	const triggerOnly = only('queue-trigger') && !only('queue');
	fs.rmSync(deploy.OUTPUT_DIR, { recursive: true, force: true });
	fs.mkdirSync(deploy.OUTPUT_DIR, { recursive: true });
	await ensureN8n(N8N_VERSION);
	tarball = buildAndPack();
	const queueReport = new Report('[queue]  ');
	const singleReport = new Report('[single] ');
	const parts: Record<string, number> = {};
	const timed = async (name: string, body: () => Promise<void>) => {
		const partStarted = Date.now();
		await body();
		parts[name] = secondsSince(partStarted);
	};
	let single: Promise<void> | undefined;
	const startSingle = () => {
		if (single || !only('single')) return;
		singleReport.log('Single process (n8n start, SQLite)');
		single = timed('single process', async () => {
			for (const engine of releaseOf(N8N_VERSION).engines)
				await singleProcess(singleReport, engine);
			await singleProcessCreateKilled(singleReport);
		});
	};
	if (only('queue') || triggerOnly) {
		queueReport.log('Queue mode (Redis, Postgres, n8n main and workers)');
		await timed('queue mode', () => queuePart(queueReport, startSingle, triggerOnly));
	}
	startSingle();
	await single;
	const seconds = secondsSince(started);
	const checks = [...queueReport.checks, ...singleReport.checks];
	const figures = { ...queueReport.figures, ...singleReport.figures };
	const results = path.join(deploy.OUTPUT_DIR, 'results.json');
	fs.writeFileSync(results, JSON.stringify({ seconds, parts, checks, figures }, null, 2));
	if (args.has('--write-scaling')) console.log(writeScaling(queueReport));
	const times = Object.entries(parts).map(([part, partSeconds]) => `${part} ${partSeconds} s`);
	const overlap =
		parts['queue mode'] && parts['single process']
			? "; the single-process part ran during the queue trigger's waits"
			: '';
	const outcomes = checks.map((c) => ({ ...c, title: `${c.scenario}: ${c.title}` }));
	process.exit(
		printSummary('Deployment part', outcomes, seconds, [
			`${times.join(', ')}${overlap}`,
			`figures in ${path.relative(process.cwd(), results)}`,
		]),
	);
}

main().catch(async (error) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	await cleanUpAll();
	process.exit(1);
});
