import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import {
	N8N_VERSION,
	NODE_RUNTIME_PACKAGE,
	NODE_RUNTIME_VERSION,
	OVERRIDES,
	runtimeDir,
} from './versions';

export interface N8nRuntime {
	dir: string;
	/** Node 24 binary that runs n8n. */
	node: string;
	/** n8n's CLI entry, run as `node <n8nBin> <command>`. */
	n8nBin: string;
}

const MARKER = 'install-complete.json';
const LOCK = 'install.lock';

function runtimeOf(dir: string): N8nRuntime {
	return {
		dir,
		node: path.join(dir, 'node_modules', NODE_RUNTIME_PACKAGE, 'bin', 'node'),
		n8nBin: path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'),
	};
}

function log(line: string): void {
	console.log(`[n8n-install] ${line}`);
}

function run(
	command: string,
	args: string[],
	options: { cwd: string; env?: NodeJS.ProcessEnv; logFile: string },
): Promise<void> {
	return new Promise((resolve, reject) => {
		const out = fs.openSync(options.logFile, 'a');
		fs.writeSync(out, `\n$ ${command} ${args.join(' ')}\n`);
		const child = spawn(command, args, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: ['ignore', out, out],
		});
		child.on('error', reject);
		child.on('exit', (code, signal) => {
			fs.closeSync(out);
			if (code === 0) resolve();
			else {
				const tail = fs.readFileSync(options.logFile, 'utf8').split('\n').slice(-30).join('\n');
				reject(
					new Error(
						`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}); log ${options.logFile}:\n${tail}`,
					),
				);
			}
		});
	});
}

function pidAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** One installer at a time per cache folder (the sandbox and the test suite may start together). */
async function withLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
	const lock = path.join(dir, LOCK);
	for (;;) {
		try {
			fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
			break;
		} catch {
			const owner = Number(fs.readFileSync(lock, 'utf8') || 0);
			if (!owner || !pidAlive(owner)) {
				fs.rmSync(lock, { force: true });
				continue;
			}
			log(`waiting for the install running in process ${owner}`);
			await new Promise((r) => setTimeout(r, 5000));
		}
	}
	try {
		return await work();
	} finally {
		fs.rmSync(lock, { force: true });
	}
}

function isComplete(dir: string): boolean {
	try {
		const marker = JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8'));
		return marker.n8n === N8N_VERSION && marker.node === NODE_RUNTIME_VERSION;
	} catch {
		return false;
	}
}

async function install(dir: string): Promise<void> {
	const started = Date.now();
	const logFile = path.join(dir, 'install.log');
	// Whatever an interrupted install left may be half-extracted: start over (npm's cache keeps the tarballs).
	fs.rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
	fs.rmSync(path.join(dir, 'package-lock.json'), { force: true });
	fs.writeFileSync(logFile, '');
	fs.writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify(
			{
				name: 'fax-cloud-n8n-runtime',
				private: true,
				description: 'n8n and its Node runtime for the n8n-nodes-fax-cloud end-to-end tests',
				dependencies: { n8n: N8N_VERSION, [NODE_RUNTIME_PACKAGE]: NODE_RUNTIME_VERSION },
				overrides: OVERRIDES,
			},
			null,
			2,
		),
	);
	log(`installing n8n ${N8N_VERSION} with Node ${NODE_RUNTIME_VERSION} into ${dir}`);
	log(`first install takes several minutes; progress in ${logFile}`);
	// Install scripts stay off: @confluentinc/kafka-javascript's would download zlib, which fails here.
	await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
		cwd: dir,
		logFile,
	});
	log(
		`npm install done in ${Math.round((Date.now() - started) / 1000)} s; building sqlite3 and isolated-vm for Node 24`,
	);
	const headers = path.join(dir, 'node_modules', NODE_RUNTIME_PACKAGE);
	if (!fs.existsSync(path.join(headers, 'include', 'node', 'node_api.h'))) {
		throw new Error(`Node ${NODE_RUNTIME_VERSION} headers not found under ${headers}/include/node`);
	}
	const env = { ...process.env, npm_config_nodedir: headers, npm_config_ignore_scripts: 'false' };
	await run('npm', ['rebuild', 'sqlite3', 'isolated-vm', '--build-from-source'], {
		cwd: dir,
		env,
		logFile,
	});
	const runtime = runtimeOf(dir);
	await run(runtime.node, [runtime.n8nBin, '--version'], {
		cwd: dir,
		logFile,
		env: { ...process.env, N8N_USER_FOLDER: path.join(dir, 'version-check') },
	});
	const seconds = Math.round((Date.now() - started) / 1000);
	fs.writeFileSync(
		path.join(dir, MARKER),
		JSON.stringify(
			{ n8n: N8N_VERSION, node: NODE_RUNTIME_VERSION, seconds, at: new Date().toISOString() },
			null,
			2,
		),
	);
	log(`n8n ${N8N_VERSION} installed in ${seconds} s`);
}

/** The cached n8n runtime, installed first when missing or incomplete. */
export async function ensureN8n(): Promise<N8nRuntime> {
	const dir = runtimeDir();
	if (isComplete(dir)) return runtimeOf(dir);
	fs.mkdirSync(dir, { recursive: true });
	await withLock(dir, async () => {
		if (!isComplete(dir)) await install(dir);
	});
	return runtimeOf(dir);
}

if (require.main === module) {
	ensureN8n().then(
		(runtime) => console.log(`n8n ready: ${runtime.node} ${runtime.n8nBin}`),
		(e) => {
			console.error(e instanceof Error ? e.message : e);
			process.exit(1);
		},
	);
}
