import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

import type { N8nRuntime } from '../../harness/n8n/install';
import { tailOfFile } from '../../harness/tail';
import { waitUntil } from '../../harness/waitUntil';

/**
 * One `n8n worker` process, its output appended to a log file (kept across restarts, each start
 * marked). Ready when its health endpoint says so (QUEUE_HEALTH_CHECK_ACTIVE on a free port).
 */
export class N8nWorker {
	private exitedWith: string | undefined;
	private readonly exited: Promise<void>;

	private constructor(
		readonly name: string,
		readonly child: ChildProcess,
		readonly logFile: string,
		private readonly healthUrl: string,
	) {
		this.exited = new Promise((resolve) =>
			child.once('exit', (code, signal) => {
				this.exitedWith = signal ? `signal ${signal}` : `exit code ${code}`;
				resolve();
			}),
		);
	}

	get pid(): number {
		return this.child.pid!;
	}

	get running(): boolean {
		return this.exitedWith === undefined;
	}

	static async start(
		runtime: N8nRuntime,
		name: string,
		env: NodeJS.ProcessEnv,
		options: { logFile: string; concurrency: number; timeoutMs?: number },
	): Promise<N8nWorker> {
		fs.appendFileSync(
			options.logFile,
			`\n===== ${name} starting at ${new Date().toISOString()} (concurrency ${options.concurrency})\n`,
		);
		const log = fs.openSync(options.logFile, 'a');
		const child = spawn(
			runtime.node,
			[runtime.n8nBin, 'worker', `--concurrency=${options.concurrency}`],
			{
				env,
				cwd: env.N8N_RESTRICT_FILE_ACCESS_TO ?? env.N8N_USER_FOLDER,
				stdio: ['ignore', log, log],
			},
		);
		fs.closeSync(log);
		const worker = new N8nWorker(
			name,
			child,
			options.logFile,
			`http://127.0.0.1:${env.QUEUE_HEALTH_CHECK_PORT}/healthz/readiness`,
		);
		await worker.waitReady(options.timeoutMs ?? 180_000);
		return worker;
	}

	private async waitReady(timeoutMs: number): Promise<void> {
		const ready = async (): Promise<boolean> => {
			this.assertRunning();
			try {
				return (await fetch(this.healthUrl)).ok;
			} catch {
				return false; // not listening yet
			}
		};
		await waitUntil(`${this.name} to be ready`, ready, timeoutMs, {
			intervalMs: 500,
			detail: () => this.lastLogLines(),
		});
	}

	assertRunning(): void {
		if (this.running) return;
		throw new Error(
			`${this.name} (pid ${this.child.pid}) ended with ${this.exitedWith}\n${this.lastLogLines()}`,
		);
	}

	lastLogLines(count = 30): string {
		return tailOfFile(this.logFile, count);
	}

	/** SIGKILL, as a crash or the OOM killer would end it; resolves once the process is gone. */
	async kill(): Promise<void> {
		if (!this.running) return;
		this.child.kill('SIGKILL');
		await this.exited;
	}

	/** SIGTERM: n8n's graceful shutdown (running executions may finish within its timeout). */
	async stop(): Promise<void> {
		if (!this.running) return;
		this.child.kill('SIGTERM');
		const timer = setTimeout(() => this.child.kill('SIGKILL'), 40_000);
		await this.exited;
		clearTimeout(timer);
	}
}

/** Execution ids a worker's log says it started ("Worker started execution 12 (job 3)"). */
export function executionsStartedIn(logFile: string): string[] {
	if (!fs.existsSync(logFile)) return [];
	const text = fs.readFileSync(logFile, 'utf8');
	return [...text.matchAll(/Worker started execution (\d+) \(job/g)].map((m) => m[1]);
}
