import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

import { secondsSince } from '../report';
import { tailOfFile } from '../tail';
import { waitUntil } from '../waitUntil';
import {
	DEFAULT_N8N_VERSION,
	NODE_RUNTIME_PACKAGE,
	releaseOf,
	runtimeDir,
	type N8nRelease,
} from './versions';

export interface N8nRuntime {
	dir: string;
	release: N8nRelease;
	/** The Node binary that runs this n8n (its own, not the machine's). */
	node: string;
	/** n8n's CLI entry, run as `node <n8nBin> <command>`. */
	n8nBin: string;
}

const MARKER = 'install-complete.json';
const LOCK = 'install.lock';
/** An install takes about 8 minutes (README); a lock held far longer than that is reported. */
const LOCK_WAIT_MS = 30 * 60_000;

function runtimeOf(dir: string, release: N8nRelease): N8nRuntime {
	return {
		dir,
		release,
		node: path.join(dir, 'node_modules', NODE_RUNTIME_PACKAGE, 'bin', 'node'),
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

function log(line: string): void {
	console.log(`[n8n-install] ${line}`);
}

async function run(
	command: string,
	args: string[],
	options: { cwd: string; env?: NodeJS.ProcessEnv; logFile: string },
): Promise<void> {
	const out = fs.openSync(options.logFile, 'a');
	fs.writeSync(out, `\n$ ${command} ${args.join(' ')}\n`);
	const child = spawn(command, args, {
		cwd: options.cwd,
		env: options.env ?? process.env,
		stdio: ['ignore', out, out],
	});
	fs.closeSync(out);
	const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
	if (code !== 0) {
		const ended = signal ?? `exit ${code}`;
		throw new Error(
			`${command} ${args.join(' ')} failed (${ended}); ${tailOfFile(options.logFile)}`,
		);
	}
}

/** Whether a process of this id runs (a lock's or a run folder's owner). */
export function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** One installer at a time per cache folder (the sandbox and the test suite may start together). */
export async function withLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
	const lock = path.join(dir, LOCK);
	let waitingFor = 0;
	const taken = () => {
		try {
			fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
			return true;
		} catch {
			const owner = Number(fs.readFileSync(lock, 'utf8') || 0);
			if (!owner || !pidAlive(owner)) {
				fs.rmSync(lock, { force: true });
				return taken();
			}
			if (owner !== waitingFor) log(`waiting for the install running in process ${owner}`);
			waitingFor = owner;
			return false;
		}
	};
	await waitUntil('the other install to end', taken, LOCK_WAIT_MS, {
		intervalMs: 5000,
		detail: () => `${lock} still held by process ${waitingFor}`,
	});
	try {
		return await work();
	} finally {
		fs.rmSync(lock, { force: true });
	}
}

function isComplete(dir: string, release: N8nRelease): boolean {
	try {
		const marker = JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8'));
		return marker.n8n === release.n8n && marker.node === release.node;
	} catch {
		return false;
	}
}

async function install(dir: string, release: N8nRelease): Promise<void> {
	const started = Date.now();
	const logFile = path.join(dir, 'install.log');
	const inDir = (command: string, args: string[], env?: NodeJS.ProcessEnv) =>
		run(command, args, { cwd: dir, env, logFile });
	// Whatever an interrupted install left may be half-extracted: start over (npm's cache keeps the tarballs).
	fs.rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
	fs.rmSync(path.join(dir, 'package-lock.json'), { force: true });
	fs.writeFileSync(logFile, '');
	const manifest = {
		name: 'fax-cloud-n8n-runtime',
		private: true,
		description: 'n8n and its Node runtime for the n8n-nodes-fax-cloud end-to-end tests',
		dependencies: { n8n: release.n8n, [NODE_RUNTIME_PACKAGE]: release.node },
		overrides: release.overrides,
	};
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
	log(`installing n8n ${release.n8n} with Node ${release.node} into ${dir}`);
	log(`first install takes several minutes; progress in ${logFile}`);
	// Install scripts stay off: @confluentinc/kafka-javascript's would download zlib, which fails here.
	await inDir('npm', [
		'install',
		'--ignore-scripts',
		'--no-audit',
		'--no-fund',
		'--loglevel=error',
	]);
	log(
		`npm install done in ${secondsSince(started)} s; building ${release.rebuild.join(' and ')} for Node ${release.node}`,
	);
	const headers = path.join(dir, 'node_modules', NODE_RUNTIME_PACKAGE);
	if (!fs.existsSync(path.join(headers, 'include', 'node', 'node_api.h')))
		throw new Error(`Node ${release.node} headers not found under ${headers}/include/node`);
	const env = { ...process.env, npm_config_nodedir: headers, npm_config_ignore_scripts: 'false' };
	await inDir('npm', ['rebuild', ...release.rebuild, '--build-from-source'], env);
	const runtime = runtimeOf(dir, release);
	await inDir(runtime.node, [runtime.n8nBin, '--version'], {
		...process.env,
		N8N_USER_FOLDER: path.join(dir, 'version-check'),
	});
	const seconds = secondsSince(started);
	const marker = { n8n: release.n8n, node: release.node, seconds, at: new Date().toISOString() };
	fs.writeFileSync(path.join(dir, MARKER), JSON.stringify(marker, null, 2));
	log(`n8n ${release.n8n} installed in ${seconds} s`);
}

/** The cached runtime of one n8n release, installed first when missing or incomplete. */
export async function ensureN8n(version: string = DEFAULT_N8N_VERSION): Promise<N8nRuntime> {
	const release = releaseOf(version);
	const dir = runtimeDir(version);
	if (isComplete(dir, release)) return runtimeOf(dir, release);
	fs.mkdirSync(dir, { recursive: true });
	await withLock(dir, async () => {
		if (!isComplete(dir, release)) await install(dir, release);
	});
	return runtimeOf(dir, release);
}

// `npm run n8n:install [-- <version>...]`: the default release, or the ones named.
if (require.main === module) {
	const versions = process.argv.slice(2);
	(async () => {
		for (const version of versions.length > 0 ? versions : [DEFAULT_N8N_VERSION]) {
			const runtime = await ensureN8n(version);
			console.log(`n8n ${version} ready: ${runtime.node} ${runtime.n8nBin}`);
		}
	})().catch((e) => {
		console.error(e instanceof Error ? e.message : e);
		process.exit(1);
	});
}
