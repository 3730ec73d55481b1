import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { ensureAptPackages } from './apt';
import { onFreePort, PortTaken } from '../ports';
import { tailOf } from '../tail';
import { awaitOrForce, waitUntil } from '../waitUntil';

const REDIS_SERVER = '/usr/bin/redis-server';

export interface RedisService {
	host: string;
	port: number;
	/** Random per run; given to n8n through its environment, never printed. */
	password: string;
	pid: number;
	stop(): Promise<void>;
}

/** redis-server as a child (never the system's): a free port on 127.0.0.1, a password, no disk. */
export async function startRedis(options: { logDir: string }): Promise<RedisService> {
	ensureAptPackages('Redis', () => fs.existsSync(REDIS_SERVER), ['redis-server']);
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-redis-'));
	const password = randomBytes(18).toString('hex');
	const logFile = path.join(options.logDir, 'redis.log');
	const start = async (port: number): Promise<RedisService> => {
		// The password goes in a file only this user can read, not on the command line (ps).
		const config = path.join(dir, 'redis.conf');
		fs.writeFileSync(
			config,
			[
				`port ${port}`,
				'bind 127.0.0.1',
				'protected-mode yes',
				`dir ${dir}`,
				'save ""',
				'appendonly no',
				`requirepass ${password}`,
				`logfile ${logFile}`,
				'daemonize no',
			].join('\n') + '\n',
			{ mode: 0o600 },
		);
		const child = spawn(REDIS_SERVER, [config], { stdio: 'ignore' });
		let ended: string | undefined;
		const exited = new Promise<void>((resolve) =>
			child.once('exit', (code, signal) => {
				ended = signal ? `signal ${signal}` : `code ${code}`;
				resolve();
			}),
		);
		const answers = async (): Promise<boolean> => {
			if (ended) throw new Error(`redis-server ended with ${ended}`);
			return await ping(port, password);
		};
		try {
			await waitUntil('an answer to PING', answers, 15_000, 100);
		} catch (error) {
			child.kill('SIGKILL');
			const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
			const message = `redis-server did not start (${(error as Error).message}); ${logFile}:\n${tailOf(log)}`;
			throw /Address already in use/.test(log) ? new PortTaken(message) : new Error(message);
		}
		return {
			host: '127.0.0.1',
			port,
			password,
			pid: child.pid!,
			stop: async () => {
				if (ended === undefined) {
					child.kill('SIGTERM');
					await awaitOrForce(exited, 10_000, () => child.kill('SIGKILL'));
				}
				fs.rmSync(dir, { recursive: true, force: true });
			},
		};
	};
	return await onFreePort(start).catch((error: unknown) => {
		fs.rmSync(dir, { recursive: true, force: true });
		throw error;
	});
}

function ping(port: number, password: string): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		let answer = '';
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(1000, () => done(false));
		socket.on('error', () => done(false));
		socket.on('connect', () => socket.write(`AUTH ${password}\r\nPING\r\n`));
		socket.on('data', (chunk) => {
			answer += chunk.toString('utf8');
			if (answer.includes('+PONG')) done(true);
			else if (answer.startsWith('-')) done(false);
		});
	});
}
