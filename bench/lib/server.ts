import path from 'node:path';

import { parse as parseFlatted } from 'flatted';

import { SEED_USERS, type Emulator } from '../../emulator';
import type { CredentialImport } from '../../test/harness/n8n/n8n-cli';
import {
	loadWorkflows,
	startEnvironment,
	type E2eEnvironment,
} from '../../test/harness/environment';
import { freePort } from '../../test/harness/ports';
import { postWebhook, type WebhookAnswer } from '../../test/harness/webhook';
import { N8nServer, SANDBOX_OWNER } from '../../test/harness/n8n/n8n-server';
import { REPO_ROOT } from '../../test/harness/n8n/package';
import { BenchClock } from './bench-clock';
import { installFloorPackage } from './floor-package';

export const BENCH_DIR = path.join(REPO_ROOT, 'bench');
export const OUTPUT_DIR = path.join(REPO_ROOT, '.test-output', 'bench');

/** NODE_OPTIONS for V8 CPU profiles into `dir`, every 200 µs (1 ms gives a quick send too few). */
export function profiledNodeOptions(env: NodeJS.ProcessEnv, dir: string): string {
	return [env.NODE_OPTIONS, `--cpu-prof --cpu-prof-interval=200 --cpu-prof-dir=${dir}`]
		.filter(Boolean)
		.join(' ');
}

/** Fax Cloud logins of globex and carol (../drain-curve.ts); Basic Auth for the HTTP Request node. */
function benchCredentials(urls: Emulator['urls']): CredentialImport[] {
	type Login = { userId: string; password: string };
	const faxCloud = (id: string, name: string, login: Login) => ({
		id,
		name: `Fax Cloud ${name} (local emulator)`,
		type: 'faxCloudApi',
		data: { ...login, faxBaseUrl: urls.fax, mailMergeBaseUrl: urls.mailMerge },
	});
	const basic = (id: string, name: string, { userId, password }: Login) => ({
		id,
		name: `Basic auth ${name} (local emulator)`,
		type: 'httpBasicAuth',
		data: { user: userId, password },
	});
	return [
		faxCloud('BenchFaxGlobexAd', 'globex administrator', SEED_USERS.globexAdmin),
		faxCloud('BenchFaxCarol001', 'carol', SEED_USERS.carol),
		basic('BenchBasicAlice1', 'alice', SEED_USERS.alice),
		basic('BenchBasicAdmin1', 'administrator', SEED_USERS.acmeAdmin),
	];
}

export interface BenchServer {
	environment: E2eEnvironment;
	emulator: Emulator;
	server: N8nServer;
	/** Moves the emulator's clock (and n8n's, when it follows: `n8nFollowsClock`). */
	clock: BenchClock;
	pid: number;
	close(): Promise<void>;
}

/** A real n8n with the package, the helper floor and the workflows; the emulator's clock still. */
export async function startBenchServer(options: {
	tarball: string;
	workflows: string[];
	label: string;
	/** Runs before n8n starts (files, emulator data); returns more environment for n8n. */
	prepare?: (environment: E2eEnvironment) => Promise<NodeJS.ProcessEnv>;
	/** Folder for V8 CPU profiles of the n8n process (written when n8n stops). */
	cpuProfileDir?: string;
	/** n8n's clock moves with the emulator's (./bench-clock.ts); otherwise it keeps real time. */
	n8nFollowsClock?: boolean;
	/** n8n collects all its garbage on the bench's signal, saying what is live (./gc.ts). */
	n8nCollectsOnSignal?: boolean;
}): Promise<BenchServer> {
	const workflows = loadWorkflows(options.workflows.map((f) => `bench/workflows/${f}`));
	const environment = await startEnvironment({
		// Imported below, once the helper floor's package is installed beside the Fax Cloud one.
		workflows: [],
		tarball: options.tarball,
		port: await freePort(),
		label: options.label,
		clock: 'manual',
		extraCredentials: benchCredentials,
	});
	const { emulator, env } = environment;
	// A start that fails half way stops what it started.
	let server: N8nServer | undefined;
	try {
		const preloaded = options.n8nFollowsClock || options.n8nCollectsOnSignal;
		const clock = new BenchClock(
			emulator,
			preloaded ? environment.userFolder : undefined,
			options.n8nFollowsClock,
		);
		installFloorPackage(environment.userFolder);
		await environment.cli.importWorkflows(workflows);
		Object.assign(env, {
			BENCH_FAX_URL: emulator.urls.fax,
			N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
			N8N_PAYLOAD_SIZE_MAX: '256',
			...clock.env,
			...(await options.prepare?.(environment)),
		});
		if (options.cpuProfileDir) env.NODE_OPTIONS = profiledNodeOptions(env, options.cpuProfileDir);
		for (const workflow of workflows) await environment.cli.publish(workflow.id);
		const started = (server = await N8nServer.start(environment.runtime, env, {
			logFile: path.join(OUTPUT_DIR, `${options.label}-n8n.log`),
		}));
		await started.setupOwner(SANDBOX_OWNER);
		await started.login(SANDBOX_OWNER.email, SANDBOX_OWNER.password);
		const pid = started.child.pid;
		if (pid === undefined) throw new Error('n8n has no process id');
		const close = async () => {
			await started.stop();
			await environment.close(false);
		};
		return { environment, emulator, server: started, clock, pid, close };
	} catch (e) {
		await server?.stop();
		await environment.close(false);
		throw e;
	}
}

/** Starts a bench workflow through its production webhook and waits for its last node. */
export async function callWebhook(
	bench: BenchServer,
	webhookPath: string,
	body: unknown,
	/** A body of tens of MB (100,000 mail merge rows) may go gzip-compressed, as a slow link's would. */
	compressed = false,
): Promise<WebhookAnswer> {
	const answer = await postWebhook(bench.server, webhookPath, body, 15 * 60_000, compressed);
	if (answer.status !== 200) {
		throw new Error(
			`webhook ${webhookPath} answered ${answer.status}: ${answer.text.slice(0, 500)}`,
		);
	}
	return answer;
}

/** The emulator's log of requests to /v1/outboundfaxes (sends, or searches) since `sinceSeq`. */
export const outboundSince = (emulator: Emulator, sinceSeq: number, method = 'POST') =>
	emulator.control.requests({ method, path: '^/v1/outboundfaxes$', sinceSeq });

export interface ExecutionSummary {
	id: string;
	status: string;
	startedAt: string;
	stoppedAt?: string;
}

/** The newest executions of a workflow, from n8n's REST API (newest first). */
export async function executionsOf(
	n8n: { server: N8nServer },
	workflowId: string,
	limit = 5,
): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const data = await n8n.server.rest<{ results: ExecutionSummary[] }>(
		'GET',
		`/executions?filter=${filter}&limit=${limit}`,
	);
	return data.results;
}

export const durationMs = (e: ExecutionSummary): number =>
	e.stoppedAt ? Date.parse(e.stoppedAt) - Date.parse(e.startedAt) : NaN;

type NodeTimes = Record<string, { startTime: number; executionTime: number }>;

/** When each node started (epoch ms) and how long it ran, from an execution's stored run data. */
export function runDataTimes(data: string): NodeTimes {
	const run = parseFlatted(data) as {
		resultData?: {
			runData?: Record<string, Array<{ startTime?: number; executionTime?: number }>>;
		};
	};
	const times: NodeTimes = {};
	for (const [name, runs] of Object.entries(run.resultData?.runData ?? {})) {
		times[name] = {
			startTime: runs[0]?.startTime ?? NaN,
			executionTime: runs.reduce((sum, r) => sum + (r.executionTime ?? 0), 0),
		};
	}
	return times;
}

export async function latestNodeTimes(bench: BenchServer, workflowId: string) {
	const [execution] = await executionsOf(bench, workflowId, 1);
	const stored = await bench.server.rest<{ data: string }>('GET', `/executions/${execution.id}`);
	return { id: execution.id, times: runDataTimes(stored.data) };
}

/** How long one node ran in the workflow's newest execution (n8n's own executionTime). */
export async function latestNodeMs(
	bench: BenchServer,
	workflowId: string,
	nodeName: string,
): Promise<number> {
	const { id, times } = await latestNodeTimes(bench, workflowId);
	if (!times[nodeName]) throw new Error(`node "${nodeName}" did not run in execution ${id}`);
	return times[nodeName].executionTime;
}
