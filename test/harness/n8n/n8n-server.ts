import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { tailOfFile } from '../tail';
import { awaitOrForce, waitUntil } from '../waitUntil';
import type { N8nRuntime } from './install';
import type { N8nRelease } from './versions';

/** n8n's answer while its database ping fails, and how long a call waits for it to pass. */
const DATABASE_NOT_READY = /Database is not ready/i;
const DATABASE_WAIT_MS = 60_000;

/** The login the sandbox and the editor check create; local only, printed by `npm start`. */
export const SANDBOX_OWNER = {
	email: 'owner@fax-cloud.example.com',
	password: 'FaxCloud-Sandbox-1',
	firstName: 'Sandbox',
	lastName: 'Owner',
};

/** A running `n8n start`, its output kept in a log file. */
export class N8nServer {
	private cookie = '';
	private readonly browserId = randomUUID();
	/** How the process ended, e.g. "signal SIGSEGV" or "exit code 1"; undefined while it runs. */
	private exitedWith: string | undefined;

	private constructor(
		readonly url: string,
		readonly child: ChildProcess,
		readonly logFile: string,
		/** The n8n release running: its REST API differs between lines (./lines.ts). */
		readonly release: N8nRelease,
		/** The Node and n8n it runs on, and its environment (its database, its poll engine). */
		readonly runtime: N8nRuntime,
		readonly env: NodeJS.ProcessEnv,
	) {
		child.once('exit', (code, signal) => {
			this.exitedWith = signal ? `signal ${signal}` : `exit code ${code}`;
		});
	}

	/** Throws, with how n8n ended and its last log lines, when the process is gone. */
	assertRunning(): void {
		if (this.exitedWith === undefined) return;
		throw new Error(
			`n8n (pid ${this.child.pid}) ended with ${this.exitedWith}\n${this.lastLogLines()}`,
		);
	}

	lastLogLines(count = 30): string {
		return tailOfFile(this.logFile, count);
	}

	static async start(
		runtime: N8nRuntime,
		env: NodeJS.ProcessEnv,
		options: { logFile: string; timeoutMs?: number },
	): Promise<N8nServer> {
		// A part run on its own (the editor check before any e2e run) finds no log folder yet.
		fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
		const log = fs.openSync(options.logFile, 'a');
		const child = spawn(runtime.node, [runtime.n8nBin, 'start'], {
			env,
			cwd: env.N8N_RESTRICT_FILE_ACCESS_TO ?? env.N8N_USER_FOLDER,
			stdio: ['ignore', log, log],
		});
		fs.closeSync(log);
		const server = new N8nServer(
			`http://localhost:${env.N8N_PORT}`,
			child,
			options.logFile,
			runtime.release,
			runtime,
			env,
		);
		await server.waitReady(options.timeoutMs ?? 180_000);
		return server;
	}

	/**
	 * Until its database is migrated n8n answers every path, /rest/settings included, with a 200
	 * and the text "n8n is starting up. Please wait". /healthz/readiness answers 200 once n8n 2.x
	 * has started its server, but n8n 1.x says so as soon as the database is migrated, before its
	 * REST routes exist. Ready: both, and /rest/settings answers JSON.
	 */
	private async waitReady(timeoutMs: number): Promise<void> {
		const answersJson = async (path: string) => {
			const res = await fetch(`${this.url}${path}`);
			const json: unknown = await res.json().catch(() => undefined);
			return res.ok && json !== undefined;
		};
		const ready = async () => {
			this.assertRunning();
			try {
				return (await answersJson('/healthz/readiness')) && (await answersJson('/rest/settings'));
			} catch {
				return false; // not listening yet
			}
		};
		await waitUntil('n8n to be ready', ready, timeoutMs, { detail: () => this.lastLogLines() });
	}

	/** Creates the instance owner (only possible once per user folder); true when created now. */
	async setupOwner(owner: typeof SANDBOX_OWNER): Promise<boolean> {
		const res = await this.post('/rest/owner/setup', owner);
		if (res.ok) return true;
		const text = await res.text();
		if (res.status === 400 && /already/i.test(text)) return false;
		throw new Error(`owner setup failed: ${res.status} ${text}`);
	}

	async login(email: string, password: string): Promise<void> {
		const res = await this.post('/rest/login', { emailOrLdapLoginId: email, password });
		if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
		this.cookie = res.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ');
	}

	private post(path: string, body: unknown): Promise<Response> {
		return fetch(`${this.url}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'browser-id': this.browserId },
			body: JSON.stringify(body),
		});
	}

	/**
	 * Every execution n8n lists (newest first, without run data), matching `filter` (e.g.
	 * `{ workflowId }`), read 100 at a time: n8n 2.41 refuses a larger page.
	 */
	async executions<T extends { id: string }>(filter: Record<string, unknown> = {}): Promise<T[]> {
		const all: T[] = [];
		const query = `filter=${encodeURIComponent(JSON.stringify(filter))}&limit=100`;
		for (let lastId: string | undefined; ; ) {
			const page = await this.rest<{ results: T[] }>(
				'GET',
				`/executions?${query}${lastId ? `&lastId=${lastId}` : ''}`,
			);
			all.push(...page.results);
			if (page.results.length < 100) return all;
			lastId = page.results[page.results.length - 1].id;
		}
	}

	/**
	 * The executions list's Retry ("Retry with original workflow", or with the currently saved one:
	 * `loadWorkflow`), once n8n has run it; the ID of the execution it started. n8n 2.x answers
	 * with that execution, 1.x with whether it finished: the workflow's newest execution then.
	 */
	async retryExecution(executionId: string, workflowId: string, loadWorkflow = false) {
		const answer = await this.rest<unknown>('POST', `/executions/${executionId}/retry`, {
			loadWorkflow,
		});
		if (answer && typeof answer === 'object' && 'id' in answer) return String(answer.id);
		const [newest] = await this.executions({ workflowId });
		if (!newest) throw new Error(`n8n's Retry of execution ${executionId} started no execution`);
		return newest.id;
	}

	/** Publishes (activates) a saved workflow as the editor's toggle does (1.x and 2.x). */
	async activate(workflowId: string): Promise<void> {
		const path = `/workflows/${workflowId}`;
		const { versionId } = await this.rest<{ versionId: string }>('GET', path);
		await this.rest('POST', `${path}/activate`, { versionId });
	}

	/** A call to n8n's internal REST API as the logged-in user; returns `data` of the answer. */
	async rest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		let res!: Response;
		let text = '';
		// n8n answers 503 "Database is not ready!" before handling a call while its database ping
		// fails (SQLite on a loaded machine): nothing was done, so the call is sent again.
		await waitUntil(
			`n8n's database to take ${method} /rest${path}`,
			async () => {
				res = await fetch(`${this.url}/rest${path}`, {
					method,
					headers: {
						cookie: this.cookie,
						'browser-id': this.browserId,
						...(body === undefined ? {} : { 'content-type': 'application/json' }),
					},
					body: body === undefined ? undefined : JSON.stringify(body),
				}).catch((error: unknown) => {
					// A refused connection says whether n8n is still running.
					this.assertRunning();
					throw error;
				});
				text = await res.text();
				return !(res.status === 503 && DATABASE_NOT_READY.test(text));
			},
			DATABASE_WAIT_MS,
			{ intervalMs: 1_000, detail: () => `${res.status} ${text.slice(0, 200)}` },
		);
		if (!res.ok) {
			this.assertRunning();
			throw new Error(`${method} /rest${path}: ${res.status} ${text.slice(0, 500)}`);
		}
		let parsed: unknown = {};
		try {
			if (text) parsed = JSON.parse(text);
		} catch {
			this.assertRunning();
			throw new Error(`${method} /rest${path}: ${res.status} but no JSON: ${text.slice(0, 300)}`);
		}
		return (parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
	}

	async stop(): Promise<void> {
		if (this.exitedWith !== undefined) return;
		const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
		this.child.kill('SIGTERM');
		await awaitOrForce(exited, 20_000, () => this.child.kill('SIGKILL'));
	}
}
