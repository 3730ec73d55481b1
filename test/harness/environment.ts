import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { SEED_TOKENS, SEED_USERS, startEmulator, type Emulator } from '../../emulator';
import { N8nCli, type CredentialImport } from './n8n/n8n-cli';
import { emulatorCredentials, faxCredential, numbersCredential } from './n8n/credentials';
import type { PollEngine } from './n8n/engines';
import { n8nEnv } from './n8n/env';
import { readWorkflow, type WorkflowFile } from './n8n/examples';
import { ensureN8n, type N8nRuntime } from './n8n/install';
import { buildAndPack, installCommunityPackage, REPO_ROOT } from './n8n/package';
import { N8nServer, SANDBOX_OWNER } from './n8n/n8n-server';
import { freePort } from './ports';

export const WORKFLOWS_DIR = path.join(REPO_ROOT, 'test', 'e2e', 'workflows');
export const OUTPUT_DIR = path.join(REPO_ROOT, '.test-output', 'e2e');

/** The password of the error paths' wrong login. */
export const WRONG_PASSWORD = 'wrong-password-for-e2e';

/**
 * The OpenAI credential of the AI agent case (test/e2e/cases/ai-agent.ts), whose Base URL the case
 * points at its scripted model; until then at a port where nothing answers.
 */
export const SCRIPTED_MODEL_CREDENTIAL = {
	id: 'ScriptedModelLoc',
	name: 'Scripted chat model (local)',
} as const;

/** The e2e cases' other credentials: a wrong login, a read-only token, the AI agent's model. */
const CASE_CREDENTIALS = (urls: Emulator['urls']): CredentialImport[] => [
	faxCredential(
		'FaxCloudBadLogin',
		'Fax Cloud wrong password (local emulator)',
		{ userId: SEED_USERS.alice.userId, password: WRONG_PASSWORD },
		urls,
	),
	numbersCredential(
		'FaxNumbersReadOn',
		'Fax Cloud numbers read-only (local emulator)',
		SEED_TOKENS.acmeNotAdmin,
		urls,
	),
	{
		...SCRIPTED_MODEL_CREDENTIAL,
		type: 'openAiApi',
		data: { apiKey: 'scripted-no-key', url: 'http://127.0.0.1:9/v1' },
	},
];

export interface E2eEnvironment {
	runtime: N8nRuntime;
	emulator: Emulator;
	cli: N8nCli;
	env: NodeJS.ProcessEnv;
	userFolder: string;
	filesFolder: string;
	/** What was imported with n8n's CLI, checked in the running n8n by startServer. */
	imported: { credentials: string[]; workflows: string[] };
	close(keepUserFolder: boolean): Promise<void>;
}

/** A workflow file of a case: a bare name is under test/e2e/workflows, a path is from the repo root. */
export function workflowPath(file: string): string {
	return file.includes('/') ? path.join(REPO_ROOT, file) : path.join(WORKFLOWS_DIR, file);
}

export function loadWorkflows(files: string[]): WorkflowFile[] {
	const workflows = [...new Set(files)].map((file) => readWorkflow(workflowPath(file)));
	const ids = new Map<string, string>();
	for (const workflow of workflows) {
		const other = ids.get(workflow.id);
		if (other)
			throw new Error(`workflows "${other}" and "${workflow.name}" share the id ${workflow.id}`);
		ids.set(workflow.id, workflow.name);
	}
	return workflows;
}

/**
 * A fresh n8n user folder with the packed package installed, the credentials pointing at a new
 * emulator (real clock, moved forward by the cases when they need time to pass) and the workflows
 * imported. `options.port` is n8n's HTTP port, used by the phases that run `n8n start`.
 */
export async function startEnvironment(options: {
	workflows: WorkflowFile[];
	tarball?: string;
	port?: number;
	label: string;
	/** The n8n release to run (./n8n/versions.ts); default the one `npm start` runs. */
	version?: string;
	/** The emulator's clock; default real (the benchmarks keep it still, so no fax changes by itself). */
	clock?: 'real' | 'manual';
	/** n8n's GENERIC_TIMEZONE; default UTC. */
	timezone?: string;
	/** n8n's engine for poll triggers; default in-memory (test/harness/n8n/engines.ts). */
	engine?: PollEngine;
	/** More credentials to import, e.g. the benchmarks' HTTP Basic Auth for the HTTP Request node. */
	extraCredentials?: (urls: Emulator['urls']) => CredentialImport[];
}): Promise<E2eEnvironment> {
	const runtime = await ensureN8n(options.version);
	const tarball = options.tarball ?? buildAndPack();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), `fax-cloud-${options.label}-`));
	const filesFolder = path.join(userFolder, 'files');
	fs.mkdirSync(filesFolder, { recursive: true });
	installCommunityPackage(userFolder, tarball);
	const emulator = await startEmulator({ port: 0, clock: options.clock ?? 'real' });
	const env = {
		// A free broker port: a second n8n on this machine (the sandbox, another run) must not collide.
		...n8nEnv(runtime, {
			userFolder,
			filesFolder,
			port: options.port,
			brokerPort: await freePort(),
			timezone: options.timezone,
			engine: options.engine,
		}),
		// Lets test workflows read values the harness prepared as {{ $env.E2E_... }}.
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
	};
	const cli = new N8nCli(runtime, env);
	const credentials = [
		...emulatorCredentials(emulator.urls),
		...CASE_CREDENTIALS(emulator.urls),
		...(options.extraCredentials?.(emulator.urls) ?? []),
	];
	await cli.importCredentials(credentials);
	if (options.workflows.length > 0) await cli.importWorkflows(options.workflows);
	return {
		runtime,
		emulator,
		cli,
		env,
		userFolder,
		filesFolder,
		imported: {
			credentials: credentials.map((c) => c.id),
			workflows: options.workflows.map((w) => w.id),
		},
		close: async (keepUserFolder) => {
			await emulator.close();
			if (!keepUserFolder) fs.rmSync(userFolder, { recursive: true, force: true });
		},
	};
}

/**
 * `n8n start` on the environment's user folder (its port from startEnvironment), with the owner
 * account set up and logged in, so tests can use n8n's REST API as the editor does.
 */
export async function startServer(environment: E2eEnvironment, label: string, logDir = OUTPUT_DIR) {
	const server = await N8nServer.start(environment.runtime, environment.env, {
		logFile: path.join(logDir, `${label}-n8n.log`),
	});
	try {
		await server.setupOwner(SANDBOX_OWNER);
		await server.login(SANDBOX_OWNER.email, SANDBOX_OWNER.password);
		await checkImports(server, environment.imported);
	} catch (error) {
		await server.stop();
		throw error;
	}
	return server;
}

/** The CLI imports are judged by what n8n holds, not by how the import processes ended. */
async function checkImports(server: N8nServer, imported: E2eEnvironment['imported']) {
	const credentials = await server.rest<Array<{ id: string }>>('GET', '/credentials');
	const workflows = await server.rest<Array<{ id: string }>>('GET', '/workflows');
	const missing = [
		...imported.credentials.filter((id) => !credentials.some((c) => c.id === id)),
		...imported.workflows.filter((id) => !workflows.some((w) => w.id === id)),
	];
	if (missing.length > 0)
		throw new Error(`n8n does not hold what was imported: ${missing.join(', ')}`);
}
