import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { machineBusySeconds, treeCpuSeconds } from '../test/deploy/lib/cpu';
import {
	DeployInstance,
	OUTPUT_DIR as DEPLOY_OUTPUT_DIR,
	readDeployWorkflow,
} from '../test/deploy/lib/instance';
import type { WorkflowFile } from '../test/harness/n8n/examples';
import { ensureN8n } from '../test/harness/n8n/install';
import { installCommunityPackage } from '../test/harness/n8n/package';
import { startPostgres } from '../test/harness/services/postgres';
import { startRedis } from '../test/harness/services/redis';
import { postWebhook } from '../test/harness/webhook';
import { sleep } from '../test/harness/waitUntil';
import { installFloorPackage } from './lib/floor-package';
import { lastSeq } from './lib/polls';
import {
	BENCH_DIR,
	executionsOf,
	OUTPUT_DIR,
	outboundSince,
	profiledNodeOptions,
	runDataTimes,
} from './lib/server';
import { CLOCK_TICKS } from './lib/proc';
import { evenRounds, round, spanMs } from './lib/stats';
import { preparePdf } from './send';

/**
 * Queue mode: the bulk send through one `n8n worker --concurrency=1`, node against helper floor in
 * pairs; then the runs that explain the deploy part's round-3 worker CPU per fax (queue-rows.ts).
 */

const QUEUE_WORKER_CONCURRENCY = 1;
const WORKER = 'worker-1';

export type QueueVariant = 'node' | 'floor';

interface RunSpec {
	label: string;
	workflowId: string;
	webhook: string;
	/** The node whose executionTime n8n reports (absent when the workflow saves no run data). */
	timedNode?: string;
	executions: number;
	/** The deploy part's workflow takes a fax number per item; the bench's take numbers alone. */
	distinctNumbers?: boolean;
	/** Keeps the machine's other core busy during the run (a busy loop in a child process). */
	otherCoreBusy?: boolean;
}

export type QueueRun = Awaited<ReturnType<QueueBench['run']>>;

export interface QueueFigures {
	faxes: number;
	n8n: string;
	/** The Node that runs n8n. */
	n8nNode: string;
	postgres: string;
	workerConcurrency: number;
	/** The compared pairs: the bench's send workflows, 1,000 items in one execution each. */
	rounds: Array<Record<QueueVariant, QueueRun>>;
	/** What explains the deploy part's round-3 figure, each run in order. */
	explain: {
		/** 20 executions of 50, the bench's workflows (node, floor), interleaved. */
		split: Array<Record<QueueVariant, QueueRun>>;
		/** The deploy part's own workflow (test/deploy/workflows/bulk-send.json), quiet, then with the other core busy. */
		round3: Array<{ quiet: QueueRun; busy: QueueRun }>;
		/** The node, one execution of 1,000, with no execution data saved (workflow setting). */
		noSave: QueueRun[];
	};
}

const readBenchWorkflow = (file: string) =>
	JSON.parse(fs.readFileSync(path.join(BENCH_DIR, 'workflows', file), 'utf8')) as WorkflowFile & {
		nodes: Array<{ type: string; parameters: Record<string, unknown>; webhookId?: string }>;
		settings?: Record<string, unknown>;
	};

/** The bench's send workflow turned into another one of this part (own id, path and webhook). */
function variantOf(
	file: string,
	{ workflowId: id, webhook }: { workflowId: string; webhook: string },
	settings: Record<string, unknown> = {},
): WorkflowFile {
	const workflow = readBenchWorkflow(file);
	workflow.id = id;
	workflow.name = `${workflow.name} (queue mode: ${id})`;
	for (const node of workflow.nodes) {
		if (node.type !== 'n8n-nodes-base.webhook') continue;
		node.parameters.path = webhook;
		node.webhookId = `00000000-0000-4000-9900-${Buffer.from(id).toString('hex').slice(0, 12)}`;
	}
	workflow.settings = { ...workflow.settings, ...settings };
	return workflow;
}

const spec = (workflowId: string, webhook: string, timedNode?: string) => ({
	workflowId,
	webhook,
	timedNode,
});
const SPECS = {
	node: spec('BenchSendFaxNode', 'bench-send-fax-cloud', 'Send Fax'),
	floor: spec('BenchSendFloor01', 'bench-send-floor', 'Helper Floor'),
	splitNode: spec('BenchQueueSplitN', 'bench-queue-split-node', 'Send Fax'),
	splitFloor: spec('BenchQueueSplitF', 'bench-queue-split-floor', 'Helper Floor'),
	noSave: spec('BenchQueueNoSave', 'bench-queue-no-save'),
	round3: { ...spec('DeployBulkSend01', 'deploy-bulk-send', 'Send Fax'), distinctNumbers: true },
};

const workflows = (): WorkflowFile[] => [
	readBenchWorkflow('send-fax-cloud-node.json'),
	readBenchWorkflow('send-helper-floor.json'),
	variantOf('send-fax-cloud-node.json', SPECS.splitNode),
	variantOf('send-helper-floor.json', SPECS.splitFloor),
	variantOf('send-fax-cloud-node.json', SPECS.noSave, { saveDataSuccessExecution: 'none' }),
	readDeployWorkflow('bulk-send.json'),
];

/** CPU seconds stolen by the hypervisor so far, all cores (/proc/stat, the cpu line's 8th value). */
function stealSeconds(): number {
	const values = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
	return Number(values[8] ?? 0) / CLOCK_TICKS;
}

async function stopBusyLoop(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill('SIGKILL');
	await exited;
}

class QueueBench {
	private runDigit = 0;

	constructor(readonly instance: DeployInstance) {}

	private cpu(busyPid?: number): Record<string, number> {
		return {
			...this.instance.cpuReading(),
			...(busyPid ? treeCpuSeconds({ 'busy loop on the other core': busyPid }) : {}),
		};
	}

	private async nodeMsOf(executionId: string, node: string): Promise<number> {
		const { data } = await this.instance.execution(executionId);
		return (data ? runDataTimes(data)[node]?.executionTime : undefined) ?? NaN;
	}

	/** The newest 100 executions (a run adds at most 20): n8n refuses DeployInstance's paging. */
	private newest = (workflowId: string) => executionsOf(this.instance, workflowId, 100);

	async run(spec: RunSpec, faxes: number) {
		const { instance } = this;
		const { emulator } = instance;
		const digit = (this.runDigit = (this.runDigit % 9) + 1);
		const perExecution = Math.ceil(faxes / spec.executions);
		const items = Array.from({ length: faxes }, (_, i) =>
			spec.distinctNumbers ? { number: `1213${digit}${String(i + 1).padStart(6, '0')}` } : i + 1,
		);
		const calls: unknown[][] = [];
		for (let i = 0; i < items.length; i += perExecution)
			calls.push(items.slice(i, i + perExecution));
		const before = new Set((await this.newest(spec.workflowId)).map((e) => e.id));
		// A busy loop on the machine's other core, as another job on this shared machine would be.
		const busy = spec.otherCoreBusy
			? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
			: undefined;
		try {
			// The busy loop's first second is its own start-up, not the load it is meant to be.
			if (busy) await sleep(1_000);
			const sinceSeq = lastSeq(emulator);
			emulator.control.resetConnectionStats();
			const loadBefore = os.loadavg()[0];
			const cpuBefore = this.cpu(busy?.pid);
			const machineBefore = machineBusySeconds();
			const stealBefore = stealSeconds();
			const started = performance.now();
			const answers = await Promise.all(
				calls.map((share) =>
					postWebhook(instance.server, spec.webhook, { faxes: share }, 15 * 60_000),
				),
			);
			const wallMs = performance.now() - started;
			const cpuAfter = this.cpu(busy?.pid);
			const machine = machineBusySeconds() - machineBefore;
			const steal = stealSeconds() - stealBefore;
			const failed = answers.filter((a) => a.status !== 200);
			if (failed.length > 0) {
				throw new Error(
					`${spec.label}: ${failed.length} webhook calls answered ${failed[0].status}: ${failed[0].text.slice(0, 300)}`,
				);
			}
			const cpuSeconds = Object.fromEntries(
				Object.entries(cpuAfter).map(([name, v]) => [name, round(v - (cpuBefore[name] ?? 0), 2)]),
			);
			const ours = Object.values(cpuSeconds).reduce((sum, v) => sum + v, 0);
			cpuSeconds['other processes on the machine'] = round(Math.max(0, machine - ours), 2);
			const sends = outboundSince(emulator, sinceSeq);
			const executions = (await this.newest(spec.workflowId)).filter((e) => !before.has(e.id));
			const ranOn = instance.workerOfExecutions();
			let nodeMs = 0;
			let executionMs = 0;
			for (const execution of executions) {
				nodeMs += spec.timedNode ? await this.nodeMsOf(execution.id, spec.timedNode) : NaN;
				executionMs += Date.parse(execution.stoppedAt ?? '') - Date.parse(execution.startedAt);
			}
			// First send received to last answer written, as the emulator saw it.
			const span = spanMs(sends);
			const worker = cpuSeconds[WORKER] ?? NaN;
			return {
				label: spec.label,
				faxes,
				executions: executions.length,
				created: sends.filter((s) => s.status === 201).length,
				onWorker: executions.filter((e) => (ranOn.get(e.id) ?? []).includes(WORKER)).length,
				spanMs: round(span, 0),
				sendsPerSecond: round((sends.length / span) * 1000, 1),
				// Sums over the executions: node executionTime (NaN: no run data), stored start-to-stop.
				nodeMs: round(nodeMs, 0),
				executionMs: round(executionMs, 0),
				wallMs: round(wallMs, 0),
				// CPU seconds per process (the worker with its children).
				cpuSeconds,
				workerCpuMsPerFax: round((worker / faxes) * 1000, 2),
				// 1-minute load average at the start and end; CPU the hypervisor took (/proc/stat).
				load: [round(loadBefore, 2), round(os.loadavg()[0], 2)],
				stealSeconds: round(steal, 2),
			};
		} finally {
			if (busy) await stopBusyLoop(busy);
		}
	}
}

const lineOf = (run: QueueRun): string =>
	`${run.label} ${run.workerCpuMsPerFax} ms CPU/fax on the worker, span ${run.spanMs} ms (${run.sendsPerSecond}/s), node ${run.nodeMs} ms in ${run.executions} executions, load ${run.load.join('→')}, steal ${run.stealSeconds} s`;

export async function benchQueueMode(options: {
	tarball: string;
	faxes: number;
	rounds: number;
	explainRounds: number;
	log: (line: string) => void;
	/** V8 CPU profiles of the worker (`--cpu-prof`), written there when it stops. */
	cpuProfileDir?: string;
}): Promise<QueueFigures> {
	const { log, faxes } = options;
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });
	// n8n's logs of this part go where the deploy part's instance writes them.
	fs.mkdirSync(DEPLOY_OUTPUT_DIR, { recursive: true });
	const stops: Array<() => Promise<void>> = [];
	try {
		const runtime = await ensureN8n();
		const redis = await startRedis({ logDir: OUTPUT_DIR });
		stops.push(redis.stop);
		const postgres = await startPostgres({ logDir: OUTPUT_DIR });
		stops.push(postgres.stop);
		const all = workflows();
		const instance = await DeployInstance.create({
			label: 'bench-queue',
			runtime,
			tarball: options.tarball,
			workflows: all,
			// Activated through the REST API once main runs: one CLI start per workflow is too slow.
			publish: [],
			clock: 'manual',
			services: { postgres, redis },
			env: { N8N_PAYLOAD_SIZE_MAX: '256' },
		});
		stops.push(() => instance.close(false));
		// The deploy part's workflow reads one-page.pdf from the files folder; the bench's read $env.
		Object.assign(instance.env, await preparePdf(instance, 'one-page.pdf'));
		// The helper floor beside the Fax Cloud package in main's folder and the worker's.
		installFloorPackage(path.join(instance.baseFolder, 'main'));
		const workerFolder = path.join(instance.baseFolder, WORKER);
		fs.mkdirSync(workerFolder, { recursive: true });
		installCommunityPackage(workerFolder, options.tarball);
		installFloorPackage(workerFolder);
		await instance.startMain();
		for (const workflow of all) await instance.server.activate(workflow.id);
		const profiled = options.cpuProfileDir
			? { NODE_OPTIONS: profiledNodeOptions(instance.env, options.cpuProfileDir) }
			: {};
		await instance.startWorker(WORKER, QUEUE_WORKER_CONCURRENCY, profiled);
		log(
			`    queue: n8n ${runtime.release.n8n} main and ${WORKER} (concurrency ${QUEUE_WORKER_CONCURRENCY}), Redis on ${redis.port}, PostgreSQL ${postgres.version} on ${postgres.port}`,
		);
		const bench = new QueueBench(instance);
		const one = (variant: QueueVariant): RunSpec => ({
			...SPECS[variant],
			label: variant,
			executions: 1,
		});
		const split = (variant: QueueVariant): RunSpec => ({
			...(variant === 'node' ? SPECS.splitNode : SPECS.splitFloor),
			label: `split ${variant}`,
			executions: 20,
		});
		const round3 = (busy: boolean): RunSpec => ({
			...SPECS.round3,
			label: busy ? "round 3's workflow, other core busy" : "round 3's workflow, quiet",
			executions: 20,
			otherCoreBusy: busy,
		});
		// Warm-up: every workflow loaded, then n8n's heap grown to a run of this size.
		for (const spec of [one('node'), one('floor'), split('node'), split('floor'), round3(false)]) {
			await bench.run(spec, 100);
		}
		await bench.run(one('node'), faxes);
		await bench.run(one('floor'), faxes);

		const figures: QueueFigures = {
			faxes,
			n8n: runtime.release.n8n,
			n8nNode: runtime.release.node,
			postgres: postgres.version,
			workerConcurrency: QUEUE_WORKER_CONCURRENCY,
			rounds: [],
			explain: { split: [], round3: [], noSave: [] },
		};
		const check = async (spec: RunSpec): Promise<QueueRun> => {
			const run = await bench.run(spec, faxes);
			if (run.created !== faxes || run.onWorker !== run.executions) {
				throw new Error(
					`${run.label}: ${run.created} of ${faxes} faxes created, ${run.onWorker} of ${run.executions} executions on ${WORKER}`,
				);
			}
			return run;
		};
		/** Both sides of a pair, the first side swapping every round. */
		const pair = async <K extends string>(r: number, [a, b]: [K, K], specOf: (k: K) => RunSpec) => {
			const runs = {} as Record<K, QueueRun>;
			for (const side of r % 2 ? [a, b] : [b, a]) runs[side] = await check(specOf(side));
			return runs;
		};
		for (let r = 1; r <= evenRounds(options.rounds, 'queue mode'); r++) {
			const runs = await pair(r, ['node', 'floor'], one);
			figures.rounds.push(runs);
			log(`    queue ${r}/${options.rounds}: ${lineOf(runs.node)}; ${lineOf(runs.floor)}`);
		}
		for (let r = 1; r <= evenRounds(options.explainRounds, 'queue mode, round 3 explained'); r++) {
			const splitRuns = await pair(r, ['node', 'floor'], split);
			figures.explain.split.push(splitRuns);
			log(
				`    queue, 20 executions of 50, ${r}: ${lineOf(splitRuns.node)}; ${lineOf(splitRuns.floor)}`,
			);
			const round3Runs = await pair(r, ['quiet', 'busy'], (side) => round3(side === 'busy'));
			figures.explain.round3.push(round3Runs);
			log(
				`    queue, round 3's workflow ${r}: ${lineOf(round3Runs.quiet)}; ${lineOf(round3Runs.busy)}`,
			);
			const noSave = await check({
				...SPECS.noSave,
				label: 'node, no execution data saved',
				executions: 1,
			});
			figures.explain.noSave.push(noSave);
			log(`    queue, no execution data saved ${r}: ${lineOf(noSave)}`);
		}
		return figures;
	} finally {
		for (const stop of stops.reverse()) await stop().catch(() => undefined);
	}
}
