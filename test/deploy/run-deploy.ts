/**
 * `npm run test:deploy`: the package deployed as n8n is run in production, and crashed.
 *
 * Queue mode: the harness installs (apt, when missing) and starts its own Redis and PostgreSQL on
 * free ports of 127.0.0.1, then n8n (DEPLOY_N8N_VERSION, test/harness/n8n/versions.ts) as `n8n start` with EXECUTIONS_MODE=queue and two
 * `n8n worker`s, binary data in the database, each process with its own n8n folder and the package
 * installed in it. Against the emulator (whose request log is the ground truth):
 *   - bulk send of 1,000 faxes split over 20 executions, with 1 worker and with 2 (sends/s side by
 *     side, every fax exactly once, connections at most workers × concurrency × Requests at Once);
 *   - an inbound fax downloaded on one worker, read by the next node, saved on the other worker;
 *   - a worker killed while its send waits for the service's answer;
 *   - a worker killed during a bulk send of orders, the same orders sent again (Send Once per Key);
 *   - the trigger on main under SIGKILLs of a worker and of main, and the window n8n leaves open;
 *   - on a release with n8n's durable poll scheduler, main moved to it (durable cursors): the two
 *     windows of a poll's writes probed again, then the trigger's SIGKILLs and two Poll Times again,
 *     each counting only its own executions.
 * Single process (`n8n start`, SQLite): SIGKILLs during a trigger drain, during a held poll and
 * during a bulk send, and the user's Retries of the crashed executions.
 *
 * Usage: test/deploy/run-deploy.ts [--only queue|single|queue-trigger] [--scenario TEXT] [--n8n VERSION]
 *        [--write-scaling]
 * (queue-trigger: the queue part's trigger scenario alone, after main and two workers have
 * started; --scenario: only the queue part's scenarios and the single-process runs ('single
 * process: crashes', 'single process, durable poll scheduler: crashes') whose name contains TEXT, e.g.
 * `--only queue-trigger --scenario "durable poll scheduler"` for the durable scenarios alone;
 * --n8n: another release of test/harness/n8n/versions.ts than DEPLOY_N8N_VERSION)
 * Output: .test-output/deploy/ (logs of every process, results.json).
 */
import fs from 'node:fs';
import path from 'node:path';

import { ensureN8n } from '../harness/n8n/install';
import { POLL_ENGINE_NAMES, type PollEngine } from '../harness/n8n/engines';
import { DEPLOY_N8N_VERSION, releaseOf } from '../harness/n8n/versions';
import { buildAndPack } from '../harness/n8n/package';
import { QUEUE_BINARY_DATA_MODE } from '../harness/services/n8n-queue';
import { startPostgres, type PostgresService } from '../harness/services/postgres';
import { startRedis } from '../harness/services/redis';
import {
	DeployInstance,
	OUTPUT_DIR,
	PUBLICATION_LEASE_SECONDS,
	QUEUE_TIMINGS,
	readDeployWorkflow,
} from './lib/instance';
import { CommandLine } from '../harness/commandLine';
import { printSummary, secondsSince } from '../harness/report';
import { startSink, type Delivery } from '../harness/sink';
import { Report } from './lib/scenario-report';
import type { Sink } from './lib/delivery-sink';
import {
	BULK_WORKFLOW,
	BULK_WORKFLOW_ID,
	bulkSend,
	writeOnePagePdf,
	type BulkRun,
} from './scenarios/bulk-send';
import { writeScalingResults } from './scaling';
import { inboundFileAcrossWorkers } from './scenarios/inbound-file';
import { sendInFlight } from './scenarios/send-in-flight';
import { singleProcessCrashes } from './scenarios/single-process';
import { onDurableEngine, TRIGGER_WORKFLOW, TRIGGER_WORKFLOW_ID } from './scenarios/trigger-common';
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

/** The deploy scenarios' sink keeps each delivery with its time of arrival. */
const startTimedSink = () => startSink<Delivery>({ keep: (delivery) => delivery });

/** Worker concurrency: one execution at a time, so the service sees at most workers × Requests at Once. */
const WORKER_CONCURRENCY = 1;

const args = new CommandLine();
/** The release the part runs: DEPLOY_N8N_VERSION, or one of RELEASES given with --n8n. */
const N8N_VERSION = releaseOf(args.value('--n8n') ?? DEPLOY_N8N_VERSION).n8n;

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
 * The queue-mode part. `beforeTrigger` is called when the trigger scenario starts: it mostly
 * waits for n8n's once-a-minute polls, so the single-process part runs meanwhile.
 */
async function queuePart(
	report: Report,
	tarball: string,
	beforeTrigger: () => void,
	/** Only the trigger scenario, with main and both workers as the scenarios before leave them. */
	triggerOnly = false,
): Promise<void> {
	const runtime = await ensureN8n(N8N_VERSION);
	const stops: Array<() => Promise<void>> = [];
	let instance: DeployInstance | undefined;
	let keep = false;
	try {
		const servicesStarted = Date.now();
		const redis = await startRedis({ logDir: OUTPUT_DIR });
		stops.push(onCleanUp(redis.stop));
		const postgres = await startPostgres({ logDir: OUTPUT_DIR });
		stops.push(onCleanUp(postgres.stop));
		report.log(
			`Redis on 127.0.0.1:${redis.port}, PostgreSQL ${postgres.version} on 127.0.0.1:${postgres.port} (${((Date.now() - servicesStarted) / 1000).toFixed(1)} s)`,
		);
		const sink = await startTimedSink();
		stops.push(onCleanUp(sink.close));
		instance = await DeployInstance.create({
			label: 'queue',
			runtime,
			tarball,
			workflows: [
				readDeployWorkflow(BULK_WORKFLOW),
				readDeployWorkflow('send-one.json'),
				readDeployWorkflow('inbound-file.json'),
				readDeployWorkflow(TRIGGER_WORKFLOW),
				readDeployWorkflow('lookup-batch.json'),
				readDeployWorkflow(BULK_ONCE_WORKFLOW),
			],
			publish: [BULK_WORKFLOW_ID, 'DeploySendOne001', 'DeployInboundF01', BULK_ONCE_WORKFLOW_ID],
			clock: 'manual',
			services: { postgres, redis },
			env: { DEPLOY_SINK_URL: sink.url },
		});
		const created = instance;
		stops.push(onCleanUp(() => created.close(keep)));
		await writeOnePagePdf(instance.filesFolder);
		await instance.startMain();
		await instance.startWorker('worker-1', WORKER_CONCURRENCY);
		report.log(`n8n main and worker-1 (concurrency ${WORKER_CONCURRENCY}) running`);
		report.figure('queue mode: setup', {
			n8n: runtime.release.n8n,
			postgres: postgres.version,
			redis: 'Debian redis-server',
			binaryDataMode: QUEUE_BINARY_DATA_MODE,
			workerConcurrency: WORKER_CONCURRENCY,
			queueTimings: QUEUE_TIMINGS,
			publicationLeaseSeconds: PUBLICATION_LEASE_SECONDS,
		});

		if (triggerOnly) {
			await instance.startWorker('worker-2', WORKER_CONCURRENCY);
			const trigger = TRIGGER_SCENARIOS['in-memory'];
			await scenario(report, trigger, async () => {
				report.figure(trigger, await triggerInQueueMode(instance!, report, sink, postgres));
			});
			await durableScenarios(report, instance, postgres, sink);
			return;
		}
		const bulk = 'queue mode: bulk send split over executions';
		const common = {
			scenario: bulk,
			concurrency: WORKER_CONCURRENCY,
			perExecution: 50,
			total: 1000,
		};
		await scenario(report, bulk, async () => {
			// Warm-up: each worker has loaded the nodes and opened its connections. Then 1 and 2
			// workers alternate (1, 2, 2, 1): other projects share this machine, and what they do
			// during one run is not the workers' doing.
			const warmUp = (run: string, runDigit: number) =>
				bulkSend(instance!, report, { ...common, run, runDigit, total: 100, perExecution: 25 });
			await warmUp('warm-up, 1 worker', 1);
			const one = [
				await bulkSend(instance!, report, { ...common, run: '1 worker (a)', runDigit: 2 }),
			];
			await instance!.startWorker('worker-2', WORKER_CONCURRENCY);
			await warmUp('warm-up, 2 workers', 3);
			const two = [
				await bulkSend(instance!, report, { ...common, run: '2 workers (a)', runDigit: 4 }),
			];
			two.push(await bulkSend(instance!, report, { ...common, run: '2 workers (b)', runDigit: 5 }));
			await instance!.worker('worker-2').stop();
			one.push(await bulkSend(instance!, report, { ...common, run: '1 worker (b)', runDigit: 6 }));
			await instance!.startWorker('worker-2', WORKER_CONCURRENCY);
			report.figure(bulk, { oneWorker: one, twoWorkers: two, ...sideBySide(one, two) });
		});
		const file = 'queue mode: inbound fax across workers';
		await scenario(report, file, async () => {
			report.figure(file, await inboundFileAcrossWorkers(instance!, report, sink, postgres));
		});
		const inFlight = 'queue mode: worker killed during a send';
		await scenario(report, inFlight, async () => {
			report.figure(inFlight, await sendInFlight(instance!, report));
		});
		const bulkKilled = 'queue mode: worker killed during a bulk send';
		await scenario(report, bulkKilled, async () => {
			report.figure(bulkKilled, await workerKilledDuringBulkSend(instance!, report));
		});
		beforeTrigger();
		const trigger = TRIGGER_SCENARIOS['in-memory'];
		await scenario(report, trigger, async () => {
			report.figure(trigger, await triggerInQueueMode(instance!, report, sink, postgres));
		});
		await durableScenarios(report, instance, postgres, sink);
	} catch (error) {
		report.broken('queue mode: setup', error);
	} finally {
		beforeTrigger();
		keep = report.checks.some((c) => !c.passed);
		for (const stop of stops.reverse()) await stop();
		if (keep && instance) report.log(`n8n folders kept for inspection: ${instance.baseFolder}`);
	}
}

/**
 * After the in-memory trigger scenarios, on a release that has n8n's durable poll scheduler: main
 * moves to it (with durable cursors), the two windows of a poll's writes are probed, then the
 * in-memory scenarios' kills and two Poll Times run again there, each counting its own executions.
 */
async function durableScenarios(
	report: Report,
	instance: DeployInstance,
	postgres: PostgresService,
	sink: Sink,
): Promise<void> {
	if (!releaseOf(N8N_VERSION).engines.includes('durable')) return;
	await scenario(report, DURABLE_SCENARIO, async () => {
		report.figure(DURABLE_SCENARIO, await durableWindowsInQueueMode(instance, report, postgres));
	});
	const kills = TRIGGER_SCENARIOS.durable;
	await scenario(report, kills, async () => {
		report.figure(kills, await triggerInQueueModeDurable(instance, report, sink));
	});
	const overlap = OVERLAP_SCENARIOS.durable;
	await scenario(report, overlap, async () => {
		const engineSwitch = await onDurableEngine(instance, report);
		report.figure(overlap, {
			engineSwitch,
			...(await twoPollTimesInQueueMode(instance, report, sink)),
		});
	});
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
async function singlePart(report: Report, tarball: string): Promise<void> {
	for (const engine of releaseOf(N8N_VERSION).engines) {
		await singleProcess(report, tarball, engine);
	}
}

async function singleProcess(report: Report, tarball: string, engine: PollEngine): Promise<void> {
	const name =
		engine === 'in-memory'
			? 'single process: crashes'
			: 'single process, durable poll scheduler: crashes';
	if (!args.picksOne(name, '--scenario')) return;
	const runtime = await ensureN8n(N8N_VERSION);
	let instance: DeployInstance | undefined;
	let keep = false;
	const sink = await startTimedSink();
	const stopSink = onCleanUp(sink.close);
	let closeInstance: (() => Promise<void>) | undefined;
	const started = Date.now();
	try {
		instance = await DeployInstance.create({
			label: engine === 'in-memory' ? 'single' : 'single-durable',
			runtime,
			tarball,
			workflows: [
				readDeployWorkflow(TRIGGER_WORKFLOW),
				readDeployWorkflow(BULK_WORKFLOW),
				readDeployWorkflow('lookup-batch.json'),
			],
			publish: [TRIGGER_WORKFLOW_ID, BULK_WORKFLOW_ID],
			clock: 'manual',
			env: { DEPLOY_SINK_URL: sink.url },
		});
		const created = instance;
		closeInstance = onCleanUp(() => created.close(keep));
		await writeOnePagePdf(instance.filesFolder);
		instance.usePollEngine(engine);
		await instance.startMain();
		report.log(`n8n (single process, SQLite) running, ${POLL_ENGINE_NAMES[engine]}`);
		report.figure(name, await singleProcessCrashes(instance, report, sink));
	} catch (error) {
		report.broken(name, error);
	} finally {
		keep = report.checks.some((c) => !c.passed);
		await closeInstance?.();
		await stopSink();
		if (keep && instance) report.log(`n8n folder kept for inspection: ${instance.baseFolder}`);
		report.figure(name, { seconds: secondsSince(started) });
	}
}

/** Runs one scenario; if it cannot reach its checks, that is a failure and the next one runs. */
async function scenario(report: Report, name: string, body: () => Promise<void>): Promise<void> {
	if (!args.picksOne(name, '--scenario')) return;
	const started = Date.now();
	report.log(`${name}`);
	try {
		await body();
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
	const tarball = buildAndPack();
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
			single = timed('single process', () => singlePart(singleReport, tarball));
		}
	};
	if (only('queue') || triggerOnly) {
		queueReport.log('Queue mode (Redis, Postgres, n8n main and workers)');
		await timed('queue mode', () => queuePart(queueReport, tarball, startSingle, triggerOnly));
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
