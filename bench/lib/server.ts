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

/**
 * n8n's own HTTP Basic Auth credentials, for the HTTP Request node workflows, and Fax Cloud logins
 * of the second organization (globex), whose faxes the acme trigger workflows do not see: the
 * drain curve's workflows (../drain-curve.ts).
 */
function benchCredentials(urls: Emulator['urls']): CredentialImport[] {
	const faxCloud = (id: string, name: string, login: { userId: string; password: string }) => ({
		id,
		name,
		type: 'faxCloudApi',
		data: { ...login, faxBaseUrl: urls.fax, mailMergeBaseUrl: urls.mailMerge },
	});
	return [
		faxCloud(
			'BenchFaxGlobexAd',
			'Fax Cloud globex administrator (local emulator)',
			SEED_USERS.globexAdmin,
		),
		faxCloud('BenchFaxCarol001', 'Fax Cloud carol (local emulator)', SEED_USERS.carol),
		{
			id: 'BenchBasicAlice1',
			name: 'Basic auth alice (local emulator)',
			type: 'httpBasicAuth',
			data: { user: SEED_USERS.alice.userId, password: SEED_USERS.alice.password },
		},
		{
			id: 'BenchBasicAdmin1',
			name: 'Basic auth administrator (local emulator)',
			type: 'httpBasicAuth',
			data: { user: SEED_USERS.acmeAdmin.userId, password: SEED_USERS.acmeAdmin.password },
		},
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

/**
 * A real n8n (`n8n start`) with the packed package and the helper floor (./floor-package.ts),
 * the emulator on a still (manual) clock, and the given bench workflows published, so their
 * webhooks and triggers are live.
 */
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
}): Promise<BenchServer> {
	const workflows = loadWorkflows(options.workflows.map((f) => `bench/workflows/${f}`));
	const port = await freePort();
	const environment = await startEnvironment({
		// Imported below, once the helper floor's package is installed beside the Fax Cloud one.
		workflows: [],
		tarball: options.tarball,
		port,
		label: options.label,
		clock: 'manual',
		extraCredentials: benchCredentials,
	});
	// A start that fails half way stops what it started: no n8n is left running after the bench.
	let server: N8nServer | undefined;
	try {
		return await startN8n(environment, options, workflows, (started) => (server = started));
	} catch (e) {
		await server?.stop();
		await environment.close(false);
		throw e;
	}
}

async function startN8n(
	environment: E2eEnvironment,
	options: Parameters<typeof startBenchServer>[0],
	workflows: ReturnType<typeof loadWorkflows>,
	started: (server: N8nServer) => void,
): Promise<BenchServer> {
	const { emulator } = environment;
	const clock = options.n8nFollowsClock
		? BenchClock.followedByN8n(emulator, environment.userFolder)
		: BenchClock.emulatorOnly(emulator);
	installFloorPackage(environment.userFolder);
	await environment.cli.importWorkflows(workflows);
	Object.assign(environment.env, {
		BENCH_FAX_URL: emulator.urls.fax,
		N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
		N8N_PAYLOAD_SIZE_MAX: '256',
		...clock.env,
		...(await options.prepare?.(environment)),
	});
	if (options.cpuProfileDir) {
		const profile = `--cpu-prof --cpu-prof-dir=${options.cpuProfileDir}`;
		environment.env.NODE_OPTIONS = [environment.env.NODE_OPTIONS, profile]
			.filter(Boolean)
			.join(' ');
	}
	for (const workflow of workflows) await environment.cli.publish(workflow.id);
	const server = await N8nServer.start(environment.runtime, environment.env, {
		logFile: path.join(OUTPUT_DIR, `${options.label}-n8n.log`),
	});
	started(server);
	await server.setupOwner(SANDBOX_OWNER);
	await server.login(SANDBOX_OWNER.email, SANDBOX_OWNER.password);
	const pid = server.child.pid;
	if (pid === undefined) throw new Error('n8n has no process id');
	return {
		environment,
		emulator,
		server,
		clock,
		pid,
		close: async () => {
			await server.stop();
			await environment.close(false);
		},
	};
}

/** Starts a bench workflow through its production webhook and waits for its last node. */
export async function callWebhook(
	bench: BenchServer,
	webhookPath: string,
	body: unknown,
	compressed = false,
): Promise<WebhookAnswer> {
	// A body of tens of MB (100,000 mail merge rows, 27 MB of JSON) may go gzip-compressed (5 MB on
	// the wire), as a client on a slow link sends it; n8n inflates it.
	const answer = await postWebhook(bench.server, webhookPath, body, 15 * 60_000, compressed);
	if (answer.status !== 200) {
		throw new Error(
			`webhook ${webhookPath} answered ${answer.status}: ${answer.text.slice(0, 500)}`,
		);
	}
	return answer;
}

export interface ExecutionSummary {
	id: string;
	status: string;
	startedAt: string;
	stoppedAt?: string;
}

/** The newest executions of a workflow, from n8n's REST API (newest first). */
export async function executionsOf(
	bench: BenchServer,
	workflowId: string,
	limit = 5,
): Promise<ExecutionSummary[]> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const data = await bench.server.rest<{ results: ExecutionSummary[] }>(
		'GET',
		`/executions?filter=${filter}&limit=${limit}`,
	);
	return data.results;
}

export const durationMs = (e: ExecutionSummary): number =>
	e.stoppedAt ? Date.parse(e.stoppedAt) - Date.parse(e.startedAt) : NaN;

interface StoredExecution {
	data: string;
}

interface RunData {
	resultData: {
		runData: Record<string, Array<{ startTime?: number; executionTime?: number }>>;
	};
}

/** When each node of an execution started (epoch ms) and how long it ran, from its run data. */
export async function nodeTimes(
	bench: BenchServer,
	executionId: string,
): Promise<Record<string, { startTime: number; executionTime: number }>> {
	const stored = await bench.server.rest<StoredExecution>('GET', `/executions/${executionId}`);
	const run = parseFlatted(stored.data) as RunData;
	const times: Record<string, { startTime: number; executionTime: number }> = {};
	for (const [name, runs] of Object.entries(run.resultData.runData)) {
		times[name] = {
			startTime: runs[0]?.startTime ?? NaN,
			executionTime: runs.reduce((sum, r) => sum + (r.executionTime ?? 0), 0),
		};
	}
	return times;
}

/** How long one node ran in the workflow's newest execution (n8n's own executionTime). */
export async function latestNodeMs(
	bench: BenchServer,
	workflowId: string,
	nodeName: string,
): Promise<number> {
	const [execution] = await executionsOf(bench, workflowId, 1);
	return await nodeExecutionMs(bench, execution.id, nodeName);
}

/** How long one node of an execution ran (n8n's own executionTime), from the stored run data. */
async function nodeExecutionMs(
	bench: BenchServer,
	executionId: string,
	nodeName: string,
): Promise<number> {
	const times = await nodeTimes(bench, executionId);
	if (!times[nodeName])
		throw new Error(`node "${nodeName}" did not run in execution ${executionId}`);
	return times[nodeName].executionTime;
}
