/**
 * `npm start`: the emulator with demo accounts and traffic, and a real n8n with this package, two
 * credentials pointing at the emulator and the examples imported. State lives in .n8n-sandbox/.
 */
import fs from 'node:fs';
import path from 'node:path';

import { startEmulator, type Emulator } from '../emulator';
import { N8nCli } from '../test/harness/n8n/n8n-cli';
import { emulatorCredentials } from '../test/harness/n8n/credentials';
import { n8nEnv } from '../test/harness/n8n/env';
import { loadExamples, sandboxCopy } from '../test/harness/n8n/examples';
import { ensureN8n } from '../test/harness/n8n/install';
import { buildAndPack, installCommunityPackage, REPO_ROOT } from '../test/harness/n8n/package';
import { N8nServer, SANDBOX_OWNER } from '../test/harness/n8n/n8n-server';

const SANDBOX_DIR = path.join(REPO_ROOT, '.n8n-sandbox');
const STATE_FILE = path.join(SANDBOX_DIR, 'state.json');

interface SandboxState {
	createdAt: string;
	emulatorPort: number;
	examples: string[];
	/** The active example polls every minute (sandboxCopy); a sandbox made before polls as its file. */
	pollsEveryMinute?: boolean;
}

function portFrom(name: string, fallback: number): number {
	const port = Number(process.env[name] ?? fallback);
	if (!Number.isInteger(port) || port <= 0 || port > 65533)
		throw new Error(`${name} is not a port`);
	return port;
}

function readState(): SandboxState | undefined {
	try {
		return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as SandboxState;
	} catch {
		return undefined;
	}
}

async function main(): Promise<void> {
	if (process.argv.includes('--reset')) {
		fs.rmSync(SANDBOX_DIR, { recursive: true, force: true });
		console.log('Sandbox reset: .n8n-sandbox/ removed.');
	}
	const n8nPort = portFrom('FAX_CLOUD_SANDBOX_PORT', 5678);
	const emulatorPort = portFrom('FAX_CLOUD_EMULATOR_PORT', readState()?.emulatorPort ?? 47100);
	const userFolder = path.join(SANDBOX_DIR, 'n8n');
	const filesFolder = path.join(SANDBOX_DIR, 'files');
	// The file-each-inbound-fax example writes there; n8n's file node does not create folders.
	fs.mkdirSync(path.join(filesFolder, 'fax-inbox'), { recursive: true });

	const runtime = await ensureN8n();
	console.log('Building and packing the package...');
	installCommunityPackage(userFolder, buildAndPack());

	// Filled as they start, so Ctrl-C during start-up stops whatever runs already.
	const running: { emulator?: Emulator; server?: N8nServer } = {};
	let stopping = false;
	const stop = async (code: number): Promise<void> => {
		if (stopping) return;
		stopping = true;
		console.log('\nStopping n8n and the emulator...');
		await running.server?.stop().catch(() => undefined);
		await running.emulator?.close().catch(() => undefined);
		process.exit(code);
	};
	process.on('SIGINT', () => void stop(0));
	process.on('SIGTERM', () => void stop(0));

	const emulator = await startEmulator({
		port: emulatorPort,
		clock: 'real',
		demoTraffic: true,
		log: (line) => fs.appendFileSync(path.join(SANDBOX_DIR, 'emulator.log'), `${line}\n`),
	});
	running.emulator = emulator;
	const env = n8nEnv(runtime, { userFolder, port: n8nPort, filesFolder, logLevel: 'warn' });
	const cli = new N8nCli(runtime, env);

	let state = readState();
	if (!state) {
		console.log('First start: importing the credentials and the example workflows...');
		await cli.importCredentials(emulatorCredentials(emulator.urls));
		const examples = loadExamples();
		await cli.importWorkflows(examples.map((example) => sandboxCopy(example.workflow)));
		for (const example of examples.filter((e) => e.activate))
			await cli.publish(example.workflow.id);
		state = {
			createdAt: new Date().toISOString(),
			emulatorPort,
			examples: examples.map((e) => e.file),
			pollsEveryMinute: true,
		};
		fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
	}

	console.log(`Starting n8n on port ${n8nPort} (log: .n8n-sandbox/n8n.log)...`);
	const server = await N8nServer.start(runtime, env, {
		logFile: path.join(SANDBOX_DIR, 'n8n.log'),
	});
	running.server = server;
	server.child.once('exit', (code) => {
		if (!stopping) {
			console.error(`n8n stopped unexpectedly (exit ${code}); see .n8n-sandbox/n8n.log`);
			void stop(1);
		}
	});
	await server.setupOwner(SANDBOX_OWNER);

	const { urls } = emulator;
	// A demo fax comes within 120 s, and the trigger's next poll (every minute) files it.
	const firstFiling = new Date(Date.now() + 3 * 60_000).toTimeString().slice(0, 5);
	const filing = state.pollsEveryMinute
		? `polling the emulator every minute): the first by about ${firstFiling}, within 3 minutes.`
		: 'polling every 15 minutes; npm start -- --reset for a copy that polls every minute).';
	console.log(
		[
			'',
			'Fax Cloud sandbox is running.',
			'',
			`  n8n editor       ${server.url}`,
			`  login            ${SANDBOX_OWNER.email}`,
			`  password         ${SANDBOX_OWNER.password}`,
			'',
			`  Fax Cloud emulator (demo traffic: an inbound fax every 40-120 s)`,
			`    fax API        ${urls.fax}`,
			`    mail merge     ${urls.mailMerge}`,
			`    numbers        ${urls.numbers}`,
			'',
			'  Credentials in n8n: "Fax Cloud account (local emulator)" (alice@acme),',
			'  "Fax Cloud administrator (local emulator)" (admin@acme, proxy),',
			'  "Fax Cloud numbers (local emulator)" (token of admin@acme).',
			`  Example workflows: ${state.examples.join(', ')}.`,
			`  Inbound faxes are filed into .n8n-sandbox/files/fax-inbox/ (example "file each inbound fax",`,
			`  active, ${filing}`,
			'',
			'  Start over with: npm start -- --reset',
			'  Ctrl-C stops everything.',
		].join('\n'),
	);
}

main().catch((e) => {
	console.error(e instanceof Error ? e.message : e);
	process.exit(1);
});
