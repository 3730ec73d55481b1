import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

import type { N8nRuntime } from '../../harness/n8n/install';
import { tailOfFile } from '../../harness/tail';
import { awaitOrForce, waitUntil } from '../../harness/waitUntil';

/**
 * One `n8n worker` process, its output appended to a log file (kept across restarts, each start
 * marked). Ready when its health endpoint says so (QUEUE_HEALTH_CHECK_ACTIVE on a free port).
 */
export class N8nWorker {
	/** How it ended ("signal SIGKILL", "exit code 1"); undefined while it runs. */
	private exitedWith: string | undefined;
	private readonly exited: Promise<void>;

	private constructor(
		readonly name: string,
		readonly child: ChildProcess,
		readonly logFile: string,
	) {
		this.exited = new Promise((resolve) =>
			child.once('exit', (code, signal) => {
				this.exitedWith = signal ? `signal ${signal}` : `exit code ${code}`;
				resolve();
			}),
		);
	}

	static async start(
		runtime: N8nRuntime,
		name: string,
		env: NodeJS.ProcessEnv,
		{ logFile, concurrency }: { logFile: string; concurrency: number },
	): Promise<N8nWorker> {
		const started = `\n===== ${name} starting at ${new Date().toISOString()} (concurrency ${concurrency})\n`;
		fs.appendFileSync(logFile, started);
		const log = fs.openSync(logFile, 'a');
		const child = spawn(runtime.node, [runtime.n8nBin, 'worker', `--concurrency=${concurrency}`], {
			env,
			cwd: env.N8N_RESTRICT_FILE_ACCESS_TO ?? env.N8N_USER_FOLDER,
			stdio: ['ignore', log, log],
		});
		fs.closeSync(log);
		const worker = new N8nWorker(name, child, logFile);
		const health = `http://127.0.0.1:${env.QUEUE_HEALTH_CHECK_PORT}/healthz/readiness`;
		const ready = async (): Promise<boolean> => {
			if (!worker.running)
				throw new Error(
					`${name} (pid ${child.pid}) ended with ${worker.exitedWith}\n${worker.logEnd()}`,
				);
			// Not listening yet when the fetch fails.
			return await fetch(health)
				.then((res) => res.ok)
				.catch(() => false);
		};
		await waitUntil(`${name} to be ready`, ready, 180_000, {
			intervalMs: 500,
			detail: () => worker.logEnd(),
		});
		return worker;
	}

	private logEnd = (): string => tailOfFile(this.logFile, 30);

	get pid(): number {
		return this.child.pid!;
	}

	get running(): boolean {
		return this.exitedWith === undefined;
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
		await awaitOrForce(this.exited, 40_000, () => this.child.kill('SIGKILL'));
	}
}

/** Execution ids a worker's log says it started ("Worker started execution 12 (job 3)"). */
export function executionsStartedIn(logFile: string): string[] {
	if (!fs.existsSync(logFile)) return [];
	const text = fs.readFileSync(logFile, 'utf8');
	return [...text.matchAll(/Worker started execution (\d+) \(job/g)].map((m) => m[1]);
}
