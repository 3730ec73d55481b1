/**
 * `npm run test:deploy`: the package deployed as n8n is run in production, and crashed.
 *
 * Queue mode: its own Redis and PostgreSQL (installed with apt when missing) on free ports, then
 * n8n (DEPLOY_N8N_VERSION) as `n8n start` with EXECUTIONS_MODE=queue and two `n8n worker`s, each
 * process with its own n8n folder and the package. Against the emulator (whose request log is the
 * ground truth): a bulk send of 1,000 faxes with 1 and 2 workers; an inbound fax downloaded on one
 * worker and saved on the other; workers killed during a send and a bulk send; the trigger under
 * SIGKILLs of a worker and of main; on a release with the durable poll scheduler, the same on it.
 * Single process (`n8n start`, SQLite): SIGKILLs during a trigger drain, a held poll and a bulk
 * send, and the user's Retries. See scenarios/ for each.
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
import { startPostgres, type PostgresService } from '../harness/services/postgres';
import { startRedis, type RedisService } from '../harness/services/redis';
import { startSink, type Sink } from '../harness/sink';
import {
	DeployInstance,
	OUTPUT_DIR,
	PUBLICATION_LEASE_SECONDS,
	QUEUE_TIMINGS,
	readDeployWorkflow,
} from './lib/instance';
import { Report } from './lib/scenario-report';
import { writeScalingResults } from './scaling';
import {
	BULK_WORKFLOW,
	BULK_WORKFLOW_ID,
	bulkSend,
	writeOnePagePdf,
	type BulkRun,
} from './scenarios/bulk-send';
import { inboundFileAcrossWorkers } from './scenarios/inbound-file';
import { sendInFlight } from './scenarios/send-in-flight';
import { singleProcessCrashes } from './scenarios/single-process';
import {
	onDurableEngine,
	scenarioName,
	TRIGGER_WORKFLOW,
	TRIGGER_WORKFLOW_ID,
} from './scenarios/trigger-common';
import { DURABLE_SCENARIO, durableWindowsInQueueMode } from './scenarios/trigger-durable';
import { OVERLAP_SCENARIOS, twoPollTimesInQueueMode } from './scenarios/trigger-overlap';
import {
	TRIGGER_SCENARIOS,
	triggerInQueueMode,
	triggerInQueueModeDurable,
} from './scenarios/trigger-queue';
import {
	BULK_ONCE_WORKFLOW,
	BULK_ONCE_WORKFLOW_ID,
	workerKilledDuringBulkSend,
} from './scenarios/worker-killed-bulk';

/** Worker concurrency: one execution at a time, so the service sees at most workers × Requests at Once. */
const WORKER_CONCURRENCY = 1;

const args = new CommandLine();
const N8N_VERSION = releaseOf(args.value('--n8n') ?? DEPLOY_N8N_VERSION).n8n;
/** The packed package, built once by main. */
let tarball = '';

/** Things to stop however the run ends (Ctrl-C included), newest first. */
const cleanups = new Set<() => Promise<void>>();
function onCleanUp(cleanup: () => Promise<void>): () => Promise<void> {
	cleanups.add(cleanup);
	return async () => {
		if (!cleanups.delete(cleanup)) return;
		await cleanup().catch(() => undefined);
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

/**
 * An installation of the package with the given workflows, its sink and the one-page PDF, handed
 * to `body`. What `body` throws fails `name`; the
 * n8n folders are kept when a check of the report failed.
 */
async function withInstallation(
	report: Report,
	name: string,
	options: {
		label: string;
		workflows: string[];
		publish: string[];
		services?: { postgres: PostgresService; redis: RedisService };
	},
	body: (instance: DeployInstance, sink: Sink) => Promise<void>,
): Promise<void> {
	const runtime = await ensureN8n(N8N_VERSION);
	const sink = await startSink();
	const stopSink = onCleanUp(sink.close);
	let instance: DeployInstance | undefined;
	let keep = false;
	let closeInstance: (() => Promise<void>) | undefined;
	try {
		const created = await DeployInstance.create({
			...options,
			runtime,
			tarball,
			workflows: options.workflows.map(readDeployWorkflow),
			clock: 'manual',
			env: { DEPLOY_SINK_URL: sink.url },
		});
		instance = created;
		closeInstance = onCleanUp(() => created.close(keep));
		await writeOnePagePdf(instance.filesFolder);
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
 * waits for n8n's once-a-minute polls, so the single-process part runs meanwhile.
 */
async function queuePart(
	report: Report,
	beforeTrigger: () => void,
	/** Only the trigger scenarios, with main and both workers as the scenarios before leave them. */
	triggerOnly = false,
): Promise<void> {
	const setup = 'queue mode: setup';
	const stops: Array<() => Promise<void>> = [];
	try {
		const servicesStarted = Date.now();
		const redis = await startRedis({ logDir: OUTPUT_DIR });
		stops.push(onCleanUp(redis.stop));
		const postgres = await startPostgres({ logDir: OUTPUT_DIR });
		stops.push(onCleanUp(postgres.stop));
		report.log(
			`Redis on 127.0.0.1:${redis.port}, PostgreSQL ${postgres.version} on 127.0.0.1:${postgres.port} (${secondsSince(servicesStarted)} s)`,
		);
		const options = {
			label: 'queue',
			workflows: [
				BULK_WORKFLOW,
				'send-one.json',
				'inbound-file.json',
				TRIGGER_WORKFLOW,
				'lookup-batch.json',
				BULK_ONCE_WORKFLOW,
			],
			publish: [BULK_WORKFLOW_ID, 'DeploySendOne001', 'DeployInboundF01', BULK_ONCE_WORKFLOW_ID],
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
				queueTimings: QUEUE_TIMINGS,
				publicationLeaseSeconds: PUBLICATION_LEASE_SECONDS,
			});
			if (triggerOnly) await instance.startWorker('worker-2', WORKER_CONCURRENCY);
			else await queueScenarios(report, instance, sink);
			beforeTrigger();
			await scenario(report, TRIGGER_SCENARIOS['in-memory'], () =>
				triggerInQueueMode(instance, report, sink),
			);
			await durableScenarios(report, instance, sink);
		});
	} catch (error) {
		report.broken(setup, error);
	} finally {
		beforeTrigger();
		for (const stop of stops.reverse()) await stop();
	}
}

/** The queue scenarios before the trigger's: the bulk send, the inbound file, the killed workers. */
async function queueScenarios(report: Report, instance: DeployInstance, sink: Sink) {
	const bulk = 'queue mode: bulk send split over executions';
	await scenario(report, bulk, async () => {
		const send = (run: string, runDigit: number, sizes = { total: 1000, perExecution: 50 }) =>
			bulkSend(instance, report, {
				scenario: bulk,
				concurrency: WORKER_CONCURRENCY,
				run,
				runDigit,
				...sizes,
			});
		// After a warm-up (each worker has loaded the nodes and opened its connections), 1 and 2
		// workers alternate (1, 2, 2, 1): other projects share this machine.
		const warmUp = { total: 100, perExecution: 25 };
		await send('warm-up, 1 worker', 1, warmUp);
		const one = [await send('1 worker (a)', 2)];
		await instance.startWorker('worker-2', WORKER_CONCURRENCY);
		await send('warm-up, 2 workers', 3, warmUp);
		const two = [await send('2 workers (a)', 4), await send('2 workers (b)', 5)];
		await instance.worker('worker-2').stop();
		one.push(await send('1 worker (b)', 6));
		await instance.startWorker('worker-2', WORKER_CONCURRENCY);
		return { oneWorker: one, twoWorkers: two, ...sideBySide(one, two) };
	});
	await scenario(report, 'queue mode: inbound fax across workers', () =>
		inboundFileAcrossWorkers(instance, report, sink),
	);
	await scenario(report, 'queue mode: worker killed during a send', () =>
		sendInFlight(instance, report),
	);
	await scenario(report, 'queue mode: worker killed during a bulk send', () =>
		workerKilledDuringBulkSend(instance, report),
	);
}

/**
 * After the in-memory trigger scenarios, on a release that has n8n's durable poll scheduler: main
 * moves to it (with durable cursors), the two windows of a poll's writes are probed, then the
 * in-memory scenarios' kills and two Poll Times run again there, each counting its own executions.
 */
async function durableScenarios(report: Report, instance: DeployInstance, sink: Sink) {
	if (!releaseOf(N8N_VERSION).engines.includes('durable')) return;
	await scenario(report, DURABLE_SCENARIO, () => durableWindowsInQueueMode(instance, report));
	await scenario(report, TRIGGER_SCENARIOS.durable, () =>
		triggerInQueueModeDurable(instance, report, sink),
	);
	await scenario(report, OVERLAP_SCENARIOS.durable, async () => ({
		engineSwitch: await onDurableEngine(instance, report),
		...(await twoPollTimesInQueueMode(instance, report, sink)),
	}));
}

/** The bulk send figures of 1 and 2 workers side by side (means of the runs). */
function sideBySide(one: BulkRun[], two: BulkRun[]): Record<string, unknown> {
	const mean = (runs: BulkRun[]) =>
		Math.round((runs.reduce((s, r) => s + r.sendsPerSecond, 0) / runs.length) * 10) / 10;
	return {
		sendsPerSecond: { oneWorker: mean(one), twoWorkers: mean(two) },
		maxConnections: {
			oneWorker: Math.max(...one.map((r) => r.maxConnections)),
			twoWorkers: Math.max(...two.map((r) => r.maxConnections)),
		},
	};
}

/** The single-process part: once per poll engine of the release, each on its own installation. */
async function singlePart(report: Report): Promise<void> {
	for (const engine of releaseOf(N8N_VERSION).engines) await singleProcess(report, engine);
}

async function singleProcess(report: Report, engine: PollEngine): Promise<void> {
	const name = scenarioName('single process', engine, 'crashes');
	if (!args.picksOne(name, '--scenario')) return;
	const started = Date.now();
	const options = {
		label: engine === 'in-memory' ? 'single' : 'single-durable',
		workflows: [TRIGGER_WORKFLOW, BULK_WORKFLOW, 'lookup-batch.json'],
		publish: [TRIGGER_WORKFLOW_ID, BULK_WORKFLOW_ID],
	};
	await withInstallation(report, name, options, async (instance, sink) => {
		instance.engine = engine;
		await instance.startMain();
		report.log(`n8n (single process, SQLite) running, ${POLL_ENGINE_NAMES[engine]}`);
		report.figure(name, await singleProcessCrashes(instance, report, sink));
	});
	report.figure(name, { seconds: secondsSince(started) });
}

/** Runs one scenario and records its figures; if it cannot reach its checks, that is a failure. */
async function scenario(
	report: Report,
	name: string,
	body: () => Promise<Record<string, unknown>>,
): Promise<void> {
	if (!args.picksOne(name, '--scenario')) return;
	const started = Date.now();
	report.log(`${name}`);
	try {
		report.figure(name, await body());
	} catch (error) {
		report.broken(name, error);
	}
	report.figure(name, { seconds: secondsSince(started) });
}

async function main(): Promise<void> {
	const started = Date.now();
	const only = args.only(['queue', 'single', 'queue-trigger']);
	const triggerOnly = only('queue-trigger') && !only('queue');
	fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });
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
		if (!single && only('single')) {
			singleReport.log('Single process (n8n start, SQLite)');
			single = timed('single process', () => singlePart(singleReport));
		}
	};
	if (only('queue') || triggerOnly) {
		queueReport.log('Queue mode (Redis, Postgres, n8n main and workers)');
		await timed('queue mode', () => queuePart(queueReport, startSingle, triggerOnly));
	}
	startSingle();
	await single;
	const seconds = secondsSince(started);
	const checks = [...queueReport.checks, ...singleReport.checks];
	fs.writeFileSync(
		path.join(OUTPUT_DIR, 'results.json'),
		JSON.stringify(
			{ seconds, parts, checks, figures: { ...queueReport.figures, ...singleReport.figures } },
			null,
			2,
		),
	);
	// Only on request: `npm test` runs this part every time, and a committed file rewritten by every
	// run would leave the README's table (checked against the file by jest) behind the next run.
	if (args.has('--write-scaling') && N8N_VERSION !== DEPLOY_N8N_VERSION) {
		console.log(
			`Scaling figures not written: they are DEPLOY_N8N_VERSION's, this run was n8n ${N8N_VERSION}`,
		);
	} else if (args.has('--write-scaling')) {
		if (writeScalingResults(queueReport.figures, queueReport.checks)) {
			console.log(
				'Scaling figures written to test/deploy/results.json (README: test/deploy/scaling.ts --readme)',
			);
		} else console.log('Scaling figures not written: the bulk send did not run or a check failed');
	}
	const times = Object.entries(parts)
		.map(([part, partSeconds]) => `${part} ${partSeconds} s`)
		.join(', ');
	const overlap =
		parts['queue mode'] && parts['single process']
			? "; the single-process part ran during the queue trigger's waits"
			: '';
	const results = path.relative(process.cwd(), path.join(OUTPUT_DIR, 'results.json'));
	const outcomes = checks.map((c) => ({ ...c, title: `${c.scenario}: ${c.title}` }));
	process.exit(
		printSummary('Deployment part', outcomes, seconds, [
			`${times}${overlap}`,
			`figures in ${results}`,
		]),
	);
}

main().catch(async (error) => {
	console.error(error instanceof Error ? (error.stack ?? error.message) : error);
	await cleanUpAll();
	process.exit(1);
});
