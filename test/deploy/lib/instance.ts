import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { parse as parseFlatted } from 'flatted';

import { startEmulator, type Emulator } from '../../../emulator';
import { emulatorCredentials } from '../../harness/n8n/credentials';
import { FIRST_POLL_WAIT_MS, POLL_ENGINE_ENV, type PollEngine } from '../../harness/n8n/engines';
import { n8nEnv } from '../../harness/n8n/env';
import { readWorkflow, type WorkflowFile } from '../../harness/n8n/examples';
import type { N8nRuntime } from '../../harness/n8n/install';
import { runWorkflow } from '../../harness/n8n/manual-runs';
import { N8nCli } from '../../harness/n8n/n8n-cli';
import { N8nServer, SANDBOX_OWNER } from '../../harness/n8n/n8n-server';
import { installCommunityPackage, REPO_ROOT } from '../../harness/n8n/package';
import { triggerStateReader, waitForTriggerState } from '../../harness/n8n/trigger-state';
import { freePort } from '../../harness/ports';
import { queueModeEnv } from '../../harness/services/n8n-queue';
import type { PostgresService } from '../../harness/services/postgres';
import type { RedisService } from '../../harness/services/redis';
import { waitUntil } from '../../harness/waitUntil';
import { allStats, isZombie, treeCpuSeconds } from './cpu';
import { executionsStartedIn, N8nWorker } from './worker';

/** Logs and results.json; DEPLOY_OUTPUT_DIR moves them, so that two runs of one clone can overlap. */
export const OUTPUT_DIR =
	process.env.DEPLOY_OUTPUT_DIR ?? path.join(REPO_ROOT, '.test-output', 'deploy');
const WORKFLOWS_DIR = path.join(REPO_ROOT, 'test', 'deploy', 'workflows');

/** Bull's stall detection, shortened: a dead worker's job fails within about 15 s, not 60-90 s. */
export const QUEUE_TIMINGS = {
	QUEUE_WORKER_LOCK_DURATION: '10000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};

/** A main killed while activating a workflow leases its record: the next main waits (default 120 s). */
export const PUBLICATION_LEASE_SECONDS = '40';

export interface StoredExecution {
	id: string;
	status: string;
	workflowId: string;
	data?: string;
}

export type Services = { postgres: PostgresService; redis: RedisService };
type Items = Array<{ json: Record<string, unknown> }>;

/**
 * The packed package installed in n8n with emulator credentials and workflows, and its processes
 * (main, queue-mode workers), each stopped, SIGKILLed and restarted on its folder and database.
 */
export class DeployInstance {
	main?: N8nServer;
	readonly workers = new Map<string, N8nWorker>();
	private mainStarts = 0;
	/** The longest `startMain` so far (start, owner, login): how slow n8n starts on this machine now. */
	slowestStartMs = 0;
	/** The poll engine main runs, or starts with next (the durable scheduler runs on main only). */
	engine: PollEngine = 'in-memory';

	private constructor(
		readonly label: string,
		readonly runtime: N8nRuntime,
		private readonly tarball: string,
		readonly emulator: Emulator,
		readonly baseFolder: string,
		/** The files folder the workflows may use, beside each process's own folder. */
		readonly filesFolder: string,
		/** Environment shared by every process of this n8n (each process adds its own ports). */
		readonly env: NodeJS.ProcessEnv,
		readonly services?: Services,
	) {}

	/** CPU seconds so far of each process with its children (task runners, Postgres backends). */
	cpuReading(): Record<string, number> {
		const workers = [...this.workers].filter(([, worker]) => worker.running);
		const usage = process.cpuUsage();
		return {
			...treeCpuSeconds({
				main: this.main?.child.pid,
				...Object.fromEntries(workers.map(([name, worker]) => [name, worker.pid])),
				postgres: this.services?.postgres.pid,
				redis: this.services?.redis.pid,
			}),
			'test process and emulator': (usage.user + usage.system) / 1e6,
		};
	}

	static async create(options: {
		label: string;
		runtime: N8nRuntime;
		tarball: string;
		workflows: WorkflowFile[];
		/** Published before the first start, so their webhooks and triggers are live. */
		publish?: string[];
		clock: 'real' | 'manual';
		services?: Services;
		env?: NodeJS.ProcessEnv;
	}): Promise<DeployInstance> {
		const { label, runtime, services } = options;
		const baseFolder = fs.mkdtempSync(path.join(os.tmpdir(), `fax-cloud-deploy-${label}-`));
		const filesFolder = path.join(baseFolder, 'files');
		fs.mkdirSync(filesFolder, { recursive: true });
		const emulator = await startEmulator({ port: 0, clock: options.clock });
		const env: NodeJS.ProcessEnv = {
			...n8nEnv(runtime, {
				userFolder: path.join(baseFolder, 'main'),
				filesFolder,
				port: await freePort(),
				brokerPort: await freePort(),
				logLevel: 'info',
			}),
			...(services ? { ...queueModeEnv(services), ...QUEUE_TIMINGS } : {}),
			// The test workflows read what the harness prepared as {{ $env.DEPLOY_... }}.
			N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
			DEPLOY_FILES_FOLDER: filesFolder,
			N8N_WORKFLOW_PUBLICATION_OUTBOX_LEASE_SECONDS: PUBLICATION_LEASE_SECONDS,
			...options.env,
		};
		const instance = new DeployInstance(
			label,
			runtime,
			options.tarball,
			emulator,
			baseFolder,
			filesFolder,
			env,
			services,
		);
		instance.prepareUserFolder('main');
		const cli = new N8nCli(runtime, env);
		await cli.importCredentials(emulatorCredentials(emulator.urls));
		// %DEPLOY_FILES_FOLDER% in a workflow file: a fixed path saves an expression per item.
		const workflows = JSON.stringify(options.workflows).replaceAll(
			'%DEPLOY_FILES_FOLDER%',
			filesFolder,
		);
		if (options.workflows.length > 0) await cli.importWorkflows(JSON.parse(workflows));
		for (const id of options.publish ?? []) await cli.publish(id);
		return instance;
	}

	/**
	 * Each process has its own n8n folder, as each container has its own ~/.n8n (a process that
	 * finds another's crash.journal waits 10 s at startup), with the package: workers run the nodes.
	 */
	private prepareUserFolder(processName: string): string {
		const folder = path.join(this.baseFolder, processName);
		if (!fs.existsSync(path.join(folder, '.n8n', 'nodes'))) {
			fs.mkdirSync(folder, { recursive: true });
			installCommunityPackage(folder, this.tarball);
		}
		return folder;
	}

	logFile(process: string): string {
		return path.join(OUTPUT_DIR, `${this.label}-${process}.log`);
	}

	/** Makes the service hold its answers to `method` `path` for `delayMs` (the next `count`). */
	hold(method: string, path: string, delayMs: number, count?: number): string {
		return this.emulator.control.addFault({ method, path, kind: 'delay', delayMs, count });
	}

	get postgres(): PostgresService {
		if (!this.services) throw new Error(`${this.label} runs no Postgres`);
		return this.services.postgres;
	}

	/** Publishes a workflow with a trigger (activate), then waits for its trigger state. */
	async publishTrigger(workflow: { id: string; name?: string }): Promise<void> {
		await this.server.activate(workflow.id);
		await this.waitForTriggerState(workflow);
	}

	/** Waits until n8n holds the trigger state of a workflow activated for the first time. */
	async waitForTriggerState(workflow: { id: string; name?: string }): Promise<void> {
		const sql = this.services && ((query: string) => this.postgres.sql(query));
		const reader = triggerStateReader(this.server, sql);
		await waitForTriggerState(this.server, workflow, FIRST_POLL_WAIT_MS[this.engine], reader);
	}

	/** Main stopped as an operator stops it (SIGTERM, n8n's shutdown). */
	async stopMain(): Promise<void> {
		const server = this.main;
		this.main = undefined;
		await server?.stop();
	}

	/** `n8n start`, logged in as the owner (created at the first start). */
	async startMain(): Promise<N8nServer> {
		const running = this.mainProcesses();
		if (running.length > 0)
			throw new Error(`n8n main of ${this.label} is already running (${running})`);
		const logFile = this.logFile('main');
		const start = `\n===== main start ${++this.mainStarts} at ${new Date().toISOString()}\n`;
		fs.appendFileSync(logFile, start);
		const env = { ...this.env, ...POLL_ENGINE_ENV[this.engine] };
		const startedMs = Date.now();
		const server = await N8nServer.start(this.runtime, env, { logFile });
		// Known at once, so a test can kill main while it is still starting (activation polls).
		this.main = server;
		try {
			await server.setupOwner(SANDBOX_OWNER);
			await server.login(SANDBOX_OWNER.email, SANDBOX_OWNER.password);
			this.slowestStartMs = Math.max(this.slowestStartMs, Date.now() - startedMs);
		} catch (error) {
			if (this.main === server) this.main = undefined;
			await server.stop();
			throw error;
		}
		return server;
	}

	get server(): N8nServer {
		if (!this.main) throw new Error('n8n main is not running');
		return this.main;
	}

	/** SIGKILL of main, found by what it is (so one still starting is killed too); awaits its end. */
	async killMain(): Promise<void> {
		this.main = undefined;
		const pids = this.mainProcesses();
		for (const pid of pids) process.kill(pid, 'SIGKILL');
		const gone = () => pids.every((pid) => isZombie(pid));
		await waitUntil(`n8n main (${pids}) to end`, gone, 10_000, 50);
	}

	/** The live children of this process running `n8n start` on this main folder (Linux /proc). */
	private mainProcesses(): number[] {
		const folder = `N8N_USER_FOLDER=${path.join(this.baseFolder, 'main')}`;
		const children = allStats().filter((s) => s.ppid === process.pid && !isZombie(s.pid));
		return children
			.map(({ pid }) => pid)
			.filter((pid) => {
				try {
					const read = (file: string) =>
						fs.readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0');
					const args = read('cmdline');
					return (
						args.includes(this.runtime.n8nBin) &&
						args.includes('start') &&
						read('environ').includes(folder)
					);
				} catch {
					return false; // ended meanwhile
				}
			});
	}

	/** Starts a worker; `extraEnv` adds to the instance's environment for this worker alone. */
	async startWorker(name: string, concurrency = 1, extraEnv: NodeJS.ProcessEnv = {}) {
		const env = {
			...this.env,
			...extraEnv,
			N8N_USER_FOLDER: this.prepareUserFolder(name),
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			DEPLOY_WORKER_NAME: name,
		};
		const logFile = this.logFile(name);
		const worker = await N8nWorker.start(this.runtime, name, env, { logFile, concurrency });
		this.workers.set(name, worker);
		return worker;
	}

	worker(name: string): N8nWorker {
		const worker = this.workers.get(name);
		if (!worker) throw new Error(`no worker ${name}`);
		return worker;
	}

	/** Which worker's log says it started each execution (a restarted worker keeps its log). */
	workerOfExecutions(): Map<string, string[]> {
		const of = new Map<string, string[]>();
		for (const name of this.workers.keys()) {
			for (const id of executionsStartedIn(this.logFile(name))) {
				of.set(id, [...(of.get(id) ?? []), name]);
			}
		}
		return of;
	}

	/**
	 * The editor's "Retry" of a failed or crashed execution, with the original workflow or the
	 * currently saved one (`loadWorkflow`); resolves once it has finished, or with n8n's refusal.
	 */
	async retry(
		executionId: string,
		loadWorkflow = false,
	): Promise<{ id?: string; status?: string; error?: string; refused?: string }> {
		try {
			const { workflowId } = await this.execution(executionId);
			return await this.statusOf(
				await this.server.retryExecution(executionId, workflowId, loadWorkflow),
			);
		} catch (error) {
			return { refused: error instanceof Error ? error.message.slice(0, 300) : String(error) };
		}
	}

	async execution(id: string): Promise<StoredExecution> {
		return await this.server.rest<StoredExecution>('GET', `/executions/${id}`);
	}

	async statusOf(id: string): Promise<{ id: string; status: string; error?: string }> {
		const { status, data } = await this.execution(id);
		return { id, status, error: executionError(data) };
	}

	/** The user's lookup (lookup-batch.json): Get Many by a Batch Unique ID. */
	async lookupBatch(batch: string) {
		const workflow = readDeployWorkflow('lookup-batch.json');
		const lookup = await runWorkflow(this.server, workflow, { batch });
		const runData = lookup.run?.data.resultData.runData;
		return { lookup, found: runData?.['Faxes of the Batch']?.[0]?.data?.main?.[0] ?? [] };
	}

	/** The first execution of a workflow not among `known`, once n8n lists it. */
	async newExecutionOf(
		workflowId: string,
		known: Set<string>,
		what: string,
		timeoutMs: number,
		intervalMs?: number,
	): Promise<string> {
		const fresh = async () =>
			(await this.executionsOf(workflowId)).find((e) => !known.has(e.id))?.id;
		let id: string | undefined;
		await waitUntil(what, async () => (id = await fresh()) !== undefined, timeoutMs, intervalMs);
		return id!;
	}

	/** Every execution of a workflow, oldest first (without run data). */
	async executionsOf(workflowId: string): Promise<StoredExecution[]> {
		const all = await this.server.executions<StoredExecution>({ workflowId });
		return all.sort((a, b) => Number(a.id) - Number(b.id));
	}

	/** The items a node of an execution produced, from the run data n8n stored. */
	async nodeOutput(executionId: string, nodeName: string): Promise<Array<Record<string, unknown>>> {
		const { data } = await this.execution(executionId);
		if (!data) return [];
		const run = parseFlatted(data) as {
			resultData?: { runData?: Record<string, Array<{ data?: { main?: Items[] } }>> };
			executionData?: { nodeExecutionStack?: Array<{ data: { main?: Items[] } }> };
		};
		const runs = run.resultData?.runData?.[nodeName] ?? [];
		const fromRuns = runs.flatMap((nodeRun) => nodeRun.data?.main?.[0] ?? []);
		// An execution that has not run holds its trigger's items as the next node's waiting input.
		const waiting = run.executionData?.nodeExecutionStack ?? [];
		const items = fromRuns.length > 0 ? fromRuns : waiting.flatMap((e) => e.data.main?.[0] ?? []);
		return items.map((item) => item.json);
	}

	async close(keepUserFolder: boolean): Promise<void> {
		for (const worker of this.workers.values()) await worker.stop().catch(() => undefined);
		await this.stopMain().catch(() => undefined);
		await this.emulator.close();
		if (!keepUserFolder) fs.rmSync(this.baseFolder, { recursive: true, force: true });
	}
}

/** What a webhook caller got, for the figures. */
export function callerGot(answer: { status: number; text: string } | Error) {
	return answer instanceof Error
		? `${answer.name}: ${answer.message}`
		: { status: answer.status, body: answer.text.slice(0, 300) };
}

export const readDeployWorkflow = (file: string) => readWorkflow(path.join(WORKFLOWS_DIR, file));

/** The error n8n stored for an execution (the run's, else its last node's), if any. */
function executionError(data: string | undefined): string | undefined {
	if (!data) return undefined;
	try {
		const { resultData: result } = parseFlatted(data) as {
			resultData?: {
				error?: { message?: string };
				lastNodeExecuted?: string;
				runData?: Record<string, Array<{ error?: { message?: string } }>>;
			};
		};
		const lastNode = result?.runData?.[result.lastNodeExecuted ?? ''];
		return result?.error?.message ?? lastNode?.at(-1)?.error?.message;
	} catch {
		return undefined;
	}
}
