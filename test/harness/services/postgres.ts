import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { ensureAptPackages } from './apt';
import { onFreePort, PortTaken } from '../ports';
import { tailOf } from '../tail';
import { awaitOrForce, waitUntil } from '../waitUntil';

const POSTGRES_LIB = '/usr/lib/postgresql';
/** The role and database n8n uses. */
const ROLE = 'n8n';
/** initdb's options besides the cluster's folder, superuser and password file. */
const INITDB_OPTIONS = ['--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-instructions'];
/** A session's statement (a lock waiting for n8n's inserts) is over well within this. */
const STATEMENT_MS = 5 * 60_000;

export interface PostgresService {
	host: string;
	port: number;
	database: string;
	user: string;
	/** Random per run; given to n8n through its environment, never printed. */
	password: string;
	version: string;
	/** Process id of the server (postmaster); its backends are its children. */
	pid: number;
	/** Runs SQL with psql as the n8n role; returns psql's unaligned output. */
	sql(query: string): string;
	/** A psql session kept open (e.g. a transaction holding a lock) until close(). */
	session(): Promise<PsqlSession>;
	stop(): Promise<void>;
}

/** The newest PostgreSQL server Debian installed (`/usr/lib/postgresql/<version>/bin`). */
function serverBin(): { version: string; bin: string } | undefined {
	if (!fs.existsSync(POSTGRES_LIB)) return undefined;
	const versions = fs
		.readdirSync(POSTGRES_LIB)
		.filter((v) => fs.existsSync(path.join(POSTGRES_LIB, v, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return versions[0]
		? { version: versions[0], bin: path.join(POSTGRES_LIB, versions[0], 'bin') }
		: undefined;
}

/** PostgreSQL refuses to run as root: as root it runs as Debian's `postgres` user (runuser). */
function asServerUser(): { prefix: string[]; uid?: number; gid?: number } {
	if (process.getuid?.() !== 0) return { prefix: [] };
	const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
	const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
	return { prefix: ['runuser', '-u', 'postgres', '--'], uid, gid };
}

function run(prefix: string[], command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
	const [program, ...rest] = [...prefix, command, ...args];
	const result = spawnSync(program, rest, {
		encoding: 'utf8',
		env: { ...process.env, ...env },
		cwd: os.tmpdir(),
	});
	return {
		ok: result.status === 0,
		output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`,
	};
}

/**
 * A PostgreSQL server of its own (never the system's): a new cluster in a temp folder, a free
 * port on 127.0.0.1, password login for the `n8n` role and database. stop() removes the folder.
 */
export async function startPostgres(options: { logDir: string }): Promise<PostgresService> {
	ensureAptPackages('PostgreSQL', () => serverBin() !== undefined, ['postgresql']);
	const { version, bin } = serverBin()!;
	const user = asServerUser();
	const asUser = (command: string, args: string[]) =>
		run(user.prefix, path.join(bin, command), args);
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-postgres-'));
	const data = path.join(base, 'data');
	const socketDir = path.join(base, 'socket');
	const pwfile = path.join(base, 'pwfile');
	const logFile = path.join(options.logDir, 'postgres.log');
	const password = randomBytes(18).toString('hex');
	fs.mkdirSync(socketDir);
	fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
	fs.writeFileSync(logFile, '');
	if (user.uid !== undefined)
		for (const file of [base, socketDir, pwfile, logFile]) fs.chownSync(file, user.uid, user.gid!);

	const cleanUp = () => fs.rmSync(base, { recursive: true, force: true });
	const init = asUser('initdb', ['-D', data, '-U', ROLE, `--pwfile=${pwfile}`, ...INITDB_OPTIONS]);
	fs.rmSync(pwfile, { force: true });
	if (!init.ok) {
		cleanUp();
		throw new Error(`initdb failed:\n${tailOf(init.output)}`);
	}

	// pg_ctl on this cluster, waiting (-w) until the server has started or stopped.
	const pgCtl = (...args: string[]) => asUser('pg_ctl', ['-D', data, '-w', ...args]);
	const pgEnv = { PGPASSWORD: password };
	const port = await onFreePort((candidate) => {
		const listen = `-p ${candidate} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${socketDir}`;
		const started = pgCtl('-l', logFile, '-t', '60', '-o', listen, 'start');
		if (started.ok) return candidate;
		const log = fs.readFileSync(logFile, 'utf8');
		const message = `PostgreSQL ${version} did not start:\n${tailOf(started.output)}\n${logFile}:\n${tailOf(log)}`;
		throw /could not bind|Address already in use/.test(log)
			? new PortTaken(message)
			: new Error(message);
	}).catch((error: unknown) => {
		cleanUp();
		throw error;
	});
	const connect = ['-h', '127.0.0.1', '-p', String(port), '-U', ROLE];
	const psqlArgs = (db: string) => [...connect, '-d', db, '-v', 'ON_ERROR_STOP=1', '-At'];
	const psql = (database: string, query: string): string => {
		const result = run([], path.join(bin, 'psql'), [...psqlArgs(database), '-c', query], pgEnv);
		if (!result.ok) throw new Error(`psql failed: ${query}\n${tailOf(result.output)}`);
		return result.output.trim();
	};
	psql('postgres', `CREATE DATABASE ${ROLE}`);
	const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
	let stopped = false;
	return {
		host: '127.0.0.1',
		port,
		database: ROLE,
		user: ROLE,
		password,
		version,
		pid,
		sql: (query) => psql(ROLE, query),
		session: () => openSession(path.join(bin, 'psql'), psqlArgs(ROLE), pgEnv),
		stop: async () => {
			if (stopped) return;
			stopped = true;
			pgCtl('-m', 'fast', 'stop');
			cleanUp();
		},
	};
}

export interface PsqlSession {
	/** Runs one statement in the session; resolves with its output once psql has finished it. */
	run(statement: string): Promise<string>;
	close(): Promise<void>;
}

/** psql reading statements from a pipe; each statement is followed by an \echo marker. */
async function openSession(
	psqlBin: string,
	args: string[],
	env: NodeJS.ProcessEnv,
): Promise<PsqlSession> {
	const child = spawn(psqlBin, args, {
		env: { ...process.env, ...env },
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	let output = '';
	let errors = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
	child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	let counter = 0;
	return {
		run: async (statement) => {
			const marker = `__statement_done_${++counter}__`;
			const start = output.length;
			child.stdin.write(`${statement.trim().replace(/;?$/, ';')}\n\\echo ${marker}\n`);
			const answered = () => {
				if (output.includes(marker, start)) return true;
				if (child.exitCode !== null) throw new Error(`psql ended: ${statement}\n${tailOf(errors)}`);
				return false;
			};
			await waitUntil(`psql to run ${statement}`, answered, STATEMENT_MS, {
				intervalMs: 50,
				detail: () => tailOf(errors),
			});
			return output.slice(start, output.indexOf(marker, start)).trim();
		},
		close: async () => {
			if (child.exitCode === null) {
				child.stdin.end('\\q\n');
				await awaitOrForce(exited, 5000, () => child.kill('SIGKILL'));
			}
		},
	};
}
