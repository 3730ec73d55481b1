import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { parse as parseFlatted } from 'flatted';

import { SEED_TOKENS, SEED_USERS, startEmulator, type Emulator } from '../../../emulator';
import { N8nCli } from '../../harness/n8n/n8n-cli';
import { emulatorCredentials } from '../../harness/n8n/credentials';
import { POLL_ENGINE_ENV, type PollEngine } from '../../harness/n8n/engines';
import { triggerStateReader, waitForTriggerState } from '../../harness/n8n/trigger-state';
import { n8nEnv } from '../../harness/n8n/env';
import type { WorkflowFile } from '../../harness/n8n/examples';
import type { N8nRuntime } from '../../harness/n8n/install';
import { installCommunityPackage, REPO_ROOT } from '../../harness/n8n/package';
import { N8nServer, SANDBOX_OWNER } from '../../harness/n8n/n8n-server';
import { queueModeEnv } from '../../harness/services/n8n-queue';
import { freePort } from '../../harness/ports';
import { waitUntil } from '../../harness/waitUntil';
import type { PostgresService } from '../../harness/services/postgres';
import type { RedisService } from '../../harness/services/redis';
import { treeCpuSeconds } from './cpu';
import { executionsStartedIn, N8nWorker } from './worker';

/** Logs and results.json; DEPLOY_OUTPUT_DIR moves them, so that two runs of one clone can overlap. */
export const OUTPUT_DIR =
	process.env.DEPLOY_OUTPUT_DIR ?? path.join(REPO_ROOT, '.test-output', 'deploy');
export const WORKFLOWS_DIR = path.join(REPO_ROOT, 'test', 'deploy', 'workflows');

/**
 * Bull's stall detection, shortened for the test: a job whose worker died is failed within about
 * 15 s instead of n8n's default 60-90 s (QUEUE_WORKER_LOCK_DURATION 60000, RENEW 10000, STALLED
 * 30000).
 */
export const QUEUE_TIMINGS = {
	QUEUE_WORKER_LOCK_DURATION: '10000',
	QUEUE_WORKER_LOCK_RENEW_TIME: '2000',
	QUEUE_WORKER_STALLED_INTERVAL: '5000',
};

/**
 * n8n 2.40 activates published workflows through its publication outbox: a main that dies while
 * activating a workflow (its activation poll included) leaves the outbox record leased, and the
 * next main activates the workflow only once the lease has expired (default 120 s, checked every
 * 15 s). Shortened for the test; the README gives the default.
 */
export const PUBLICATION_LEASE_SECONDS = '40';

/**
 * How long a trigger workflow activated for the first time may take to hold its state. The
 * in-memory engine polls at activation; the durable scheduler does not: the first poll comes at
 * the next whole minute once the scheduler has materialized and claimed it (every 10 s and 5 s by
 * default), so up to about 80 s, more on a loaded machine.
 */
export const FIRST_POLL_WAIT_MS: Record<PollEngine, number> = {
	'in-memory': 60_000,
	durable: 150_000,
};

export interface StoredExecution {
	id: string;
	status: string;
	mode?: string;
	workflowId: string;
	startedAt?: string;
	stoppedAt?: string;
	finished?: boolean;
	data?: string;
}

/**
 * An n8n installation the deployment tests run: a user folder with the packed package, the
 * credentials pointing at an in-process emulator, the given workflows imported, and its
 * processes: `n8n start` (main) and, in queue mode, `n8n worker`s. Processes can be stopped,
 * killed with SIGKILL and started again on the same folder and database.
 */
export class DeployInstance {
	main?: N8nServer;
	readonly workers = new Map<string, N8nWorker>();
	private mainStarts = 0;
	/** The poll engine main starts with (test/harness/n8n/engines.ts); in-memory, n8n's default. */
	private pollEngine: PollEngine = 'in-memory';

	private constructor(
		readonly label: string,
		readonly runtime: N8nRuntime,
		private readonly tarball: string,
		readonly emulator: Emulator,
		/** Holds one n8n folder per process and the files folder the workflows may use. */
		readonly baseFolder: string,
		readonly filesFolder: string,
		/** Environment shared by every process of this n8n (each process adds its own ports). */
		readonly env: NodeJS.ProcessEnv,
		readonly services?: { postgres: PostgresService; redis: RedisService },
	) {}

	get queue(): boolean {
		return this.services !== undefined;
	}

	/**
	 * CPU seconds used so far by each process of the installation (with its children: n8n's task
	 * runners, Postgres's backends) and by this test process (the emulator runs in it).
	 */
	cpuReading(): Record<string, number> {
		const roots: Record<string, number | undefined> = { main: this.main?.child.pid };
		for (const [name, worker] of this.workers) if (worker.running) roots[name] = worker.pid;
		if (this.services) {
			roots.postgres = this.services.postgres.pid;
			roots.redis = this.services.redis.pid;
		}
		const usage = process.cpuUsage();
		return {
			...treeCpuSeconds(roots),
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
		services?: { postgres: PostgresService; redis: RedisService };
		env?: NodeJS.ProcessEnv;
	}): Promise<DeployInstance> {
		const baseFolder = fs.mkdtempSync(path.join(os.tmpdir(), `fax-cloud-deploy-${options.label}-`));
		const filesFolder = path.join(baseFolder, 'files');
		fs.mkdirSync(filesFolder, { recursive: true });
		const emulator = await startEmulator({ port: 0, clock: options.clock });
		const env: NodeJS.ProcessEnv = {
			...n8nEnv(options.runtime, {
				userFolder: path.join(baseFolder, 'main'),
				filesFolder,
				port: await freePort(),
				brokerPort: await freePort(),
				logLevel: 'info',
			}),
			...(options.services ? { ...queueModeEnv(options.services), ...QUEUE_TIMINGS } : {}),
			// The test workflows read what the harness prepared as {{ $env.DEPLOY_... }}.
			N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
			DEPLOY_FILES_FOLDER: filesFolder,
			N8N_WORKFLOW_PUBLICATION_OUTBOX_LEASE_SECONDS: PUBLICATION_LEASE_SECONDS,
			...options.env,
		};
		const instance = new DeployInstance(
			options.label,
			options.runtime,
			options.tarball,
			emulator,
			baseFolder,
			filesFolder,
			env,
			options.services,
		);
		instance.prepareUserFolder('main');
		const cli = new N8nCli(options.runtime, env);
		await cli.importCredentials(
			emulatorCredentials(emulator.urls, {
				user: SEED_USERS.alice,
				proxy: SEED_USERS.acmeAdmin,
				numbersToken: SEED_TOKENS.acme,
			}),
		);
		// Workflow files name the files folder as %DEPLOY_FILES_FOLDER% where a fixed path saves
		// an expression per item (n8n 2.40 evaluates each in an isolate, a few ms of CPU).
		const workflows = options.workflows.map(
			(workflow) =>
				JSON.parse(
					JSON.stringify(workflow).replaceAll('%DEPLOY_FILES_FOLDER%', filesFolder),
				) as WorkflowFile,
		);
		if (workflows.length > 0) await cli.importWorkflows(workflows);
		for (const id of options.publish ?? []) await cli.publish(id);
		return instance;
	}

	/**
	 * Each process has its own n8n folder, as each container of a deployment has its own
	 * ~/.n8n: n8n keeps per-process files there (crash.journal: a process that finds another's
	 * waits 10 s at startup, believing it crashed). The package is installed in every one of them:
	 * a worker runs the nodes, so it needs the package as much as main does.
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

	/** The poll engine of main's next starts: the durable scheduler runs on main only. */
	usePollEngine(engine: PollEngine): void {
		this.pollEngine = engine;
	}

	/** The poll engine main runs (or will run at its next start). */
	get engine(): PollEngine {
		return this.pollEngine;
	}

	/**
	 * Waits until n8n holds the trigger state of a workflow activated for the first time (its
	 * static data, or its poller_state cursor under durable cursors, read from Postgres in queue
	 * mode), within FIRST_POLL_WAIT_MS of main's engine.
	 */
	async waitForTriggerState(workflow: { id: string; name?: string }): Promise<void> {
		const postgres = this.services?.postgres;
		const server = this.server;
		await waitForTriggerState(
			server,
			workflow,
			FIRST_POLL_WAIT_MS[this.pollEngine],
			triggerStateReader(server, postgres && ((query) => postgres.sql(query))),
		);
	}

	/** Main stopped as an operator stops it (SIGTERM, n8n's shutdown). */
	async stopMain(): Promise<void> {
		const server = this.main;
		this.main = undefined;
		await server?.stop();
	}

	/** `n8n start`, logged in as the owner (created at the first start). */
	async startMain(): Promise<N8nServer> {
		if (this.mainProcesses().length > 0) {
			throw new Error(
				`n8n main of ${this.label} is already running (${this.mainProcesses().map((p) => p.pid)})`,
			);
		}
		const logFile = this.logFile('main');
		this.mainStarts++;
		fs.appendFileSync(
			logFile,
			`\n===== main start ${this.mainStarts} at ${new Date().toISOString()}\n`,
		);
		const env = { ...this.env, ...POLL_ENGINE_ENV[this.pollEngine] };
		const server = await N8nServer.start(this.runtime, env, { logFile });
		// Known at once, so a test can kill main while it is still starting (activation polls).
		this.main = server;
		try {
			await server.setupOwner(SANDBOX_OWNER);
			await server.login(SANDBOX_OWNER.email, SANDBOX_OWNER.password);
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

	/**
	 * SIGKILL of the main process; resolves once it is gone. The process is found by what it is
	 * (a child of this process running `n8n start` on this installation's main folder), so one
	 * still starting up, before N8nServer.start has returned, is killed too.
	 */
	async killMain(): Promise<void> {
		this.main = undefined;
		const pids = this.mainProcesses();
		for (const { pid } of pids) process.kill(pid, 'SIGKILL');
		const gone = () => !pids.some(({ pid }) => fs.existsSync(`/proc/${pid}`) && !isZombie(pid));
		await waitUntil(`n8n main (${pids.map((p) => p.pid)}) to end`, gone, 10_000, 50);
	}

	private mainProcesses(): Array<{ pid: number }> {
		const mainFolder = path.join(this.baseFolder, 'main');
		return childProcesses().filter(
			(child) =>
				child.args.includes(this.runtime.n8nBin) &&
				child.args.includes('start') &&
				child.env.includes(`N8N_USER_FOLDER=${mainFolder}`) &&
				!isZombie(child.pid),
		);
	}

	async startWorker(name: string, concurrency = 1): Promise<N8nWorker> {
		const env = {
			...this.env,
			N8N_USER_FOLDER: this.prepareUserFolder(name),
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
			DEPLOY_WORKER_NAME: name,
		};
		const worker = await N8nWorker.start(this.runtime, name, env, {
			logFile: this.logFile(name),
			concurrency,
		});
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

	/** Publishes (activates) a saved workflow through the REST API, as the editor's toggle does. */
	async activate(workflowId: string): Promise<void> {
		const workflow = await this.server.rest<{ versionId: string }>(
			'GET',
			`/workflows/${workflowId}`,
		);
		await this.server.rest('POST', `/workflows/${workflowId}/activate`, {
			versionId: workflow.versionId,
		});
	}

	/**
	 * The editor's "Retry" of a failed or crashed execution: "Retry with original workflow"
	 * (the workflow as it was then, the default) or "Retry with currently saved workflow"
	 * (`loadWorkflow`); resolves once the new execution has finished, or with n8n's refusal.
	 */
	async retry(
		executionId: string,
		options: { loadWorkflow?: boolean } = {},
	): Promise<{ id?: string; status?: string; error?: string; refused?: string }> {
		try {
			const retried = await this.execution(executionId);
			const id = await this.server.retryExecution(
				executionId,
				retried.workflowId,
				options.loadWorkflow === true,
			);
			const stored = await this.execution(id);
			return { id, status: stored.status, error: executionError(stored.data) };
		} catch (error) {
			return { refused: error instanceof Error ? error.message.slice(0, 300) : String(error) };
		}
	}

	async execution(id: string): Promise<StoredExecution> {
		return await this.server.rest<StoredExecution>('GET', `/executions/${id}`);
	}

	/** The first execution of a workflow not among `known`, once n8n lists it. */
	async newExecutionOf(
		workflowId: string,
		known: Set<string>,
		what: string,
		timeoutMs: number,
		intervalMs?: number,
	): Promise<string> {
		let id: string | undefined;
		await waitUntil(
			what,
			async () => {
				id = (await this.executionsOf(workflowId)).find((e) => !known.has(e.id))?.id;
				return id !== undefined;
			},
			timeoutMs,
			intervalMs,
		);
		return id!;
	}

	/** Every execution of a workflow, oldest first (without run data). */
	async executionsOf(workflowId: string): Promise<StoredExecution[]> {
		const all = await this.server.executions<StoredExecution>({ workflowId });
		return all.sort((a, b) => Number(a.id) - Number(b.id));
	}

	/** The items a node of an execution produced, from the run data n8n stored. */
	async nodeOutput(executionId: string, nodeName: string): Promise<Array<Record<string, unknown>>> {
		const stored = await this.execution(executionId);
		if (!stored.data) return [];
		const data = parseFlatted(stored.data) as {
			resultData?: { runData?: Record<string, Array<{ data?: { main?: unknown[][] } }>> };
			executionData?: {
				nodeExecutionStack?: Array<{ node: { name: string }; data: { main?: unknown[][] } }>;
			};
		};
		const runs = data.resultData?.runData?.[nodeName];
		const fromRuns = runs?.flatMap((run) => (run.data?.main?.[0] ?? []) as Array<{ json: object }>);
		if (fromRuns && fromRuns.length > 0)
			return fromRuns.map((item) => item.json as Record<string, unknown>);
		// An execution that has not run (or crashed before saving) holds its trigger's items as the
		// input waiting for the next node.
		const waiting = data.executionData?.nodeExecutionStack ?? [];
		return waiting
			.flatMap((entry) => (entry.data.main?.[0] ?? []) as Array<{ json: object }>)
			.map((item) => item.json as Record<string, unknown>);
	}

	async stopAll(): Promise<void> {
		for (const worker of this.workers.values()) await worker.stop();
		await this.main?.stop();
		this.main = undefined;
	}

	async close(keepUserFolder: boolean): Promise<void> {
		await this.stopAll().catch(() => undefined);
		await this.emulator.close();
		if (!keepUserFolder) fs.rmSync(this.baseFolder, { recursive: true, force: true });
	}
}

export function readDeployWorkflow(file: string): WorkflowFile {
	return JSON.parse(fs.readFileSync(path.join(WORKFLOWS_DIR, file), 'utf8')) as WorkflowFile;
}

/** The live child processes of this process, with their arguments and environment (Linux). */
function childProcesses(): Array<{ pid: number; args: string[]; env: string[] }> {
	const children: Array<{ pid: number; args: string[]; env: string[] }> = [];
	for (const name of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			if (ppid !== process.pid) continue;
			children.push({
				pid: Number(name),
				args: fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0'),
				env: fs.readFileSync(`/proc/${name}/environ`, 'utf8').split('\0'),
			});
		} catch {
			// ended meanwhile
		}
	}
	return children;
}

function isZombie(pid: number): boolean {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
	} catch {
		return true;
	}
}

/** The error n8n stored for an execution (the run's, else its last node's), if any. */
export function executionError(data: string | undefined): string | undefined {
	if (!data) return undefined;
	try {
		const run = parseFlatted(data) as {
			resultData?: {
				error?: { message?: string };
				lastNodeExecuted?: string;
				runData?: Record<string, Array<{ error?: { message?: string } }>>;
			};
		};
		const result = run.resultData;
		const last = result?.lastNodeExecuted;
		const nodeError = last ? result?.runData?.[last]?.at(-1)?.error?.message : undefined;
		return result?.error?.message ?? nodeError;
	} catch {
		return undefined;
	}
}
