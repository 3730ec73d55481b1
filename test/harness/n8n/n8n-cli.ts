import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';

import { tailOf } from '../tail';
import { awaitOrForce } from '../waitUntil';
import type { N8nRuntime } from './install';
import { lineOf } from './lines';

/** A credential as `n8n import:credentials` reads it; plaintext `data` is encrypted on import. */
export interface CredentialImport {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** An execution as n8n stores it (IRun): its status and run data. */
export interface ExecutionRun {
	finished?: boolean;
	status?: string;
	data: {
		resultData: {
			runData: Record<string, NodeRun[]>;
			lastNodeExecuted?: string;
			error?: { message?: string; description?: string };
		};
	};
}

export interface NodeRun {
	executionStatus?: string;
	error?: { message?: string; description?: string; name?: string };
	data?: { main?: Array<OutputItem[] | null> };
	/** What the node showed under its output (`addExecutionHints`). */
	hints?: Array<{ message: string; type?: string }>;
	/** An Execute Workflow node's run names the sub-workflow execution it started. */
	metadata?: { subExecution?: { executionId: string } };
}

export interface OutputItem {
	json: Record<string, unknown>;
	binary?: Record<
		string,
		{
			mimeType?: string;
			fileName?: string;
			fileSize?: string;
			fileExtension?: string;
			id?: string;
			data?: string;
		}
	>;
	pairedItem?: unknown;
	error?: unknown;
}

/** Runs n8n commands of one user folder with the cached n8n and its own Node runtime. */
export class N8nCli {
	constructor(
		readonly runtime: N8nRuntime,
		readonly env: NodeJS.ProcessEnv,
	) {}

	/**
	 * Runs a command that must succeed. n8n's CLI now and then dies with a signal (SIGSEGV) while
	 * exiting after its work: then `done`, the line it prints (at log level info) once done, decides.
	 */
	private async mustRun(args: string[], done: RegExp): Promise<void> {
		const child = spawn(this.runtime.node, [this.runtime.n8nBin, ...args], {
			env: { ...this.env, N8N_LOG_LEVEL: 'info' },
			cwd: this.env.N8N_USER_FOLDER,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		// once() rejects when the process cannot start ('error').
		const ended = Promise.all([
			once(child, 'close') as Promise<[number | null, NodeJS.Signals | null]>,
			text(child.stdout),
			text(child.stderr),
		]);
		const [[code, signal], stdout, stderr] = await awaitOrForce(ended, 180_000, () =>
			child.kill('SIGKILL'),
		);
		if (code === 0) return;
		if (signal && done.test(stdout + stderr)) {
			console.log(
				`  note: n8n ${args[0]} finished its work, then ended with signal ${signal} while exiting`,
			);
			return;
		}
		throw new Error(
			`n8n ${args.join(' ')} ended with ${signal ? `signal ${signal}` : `exit code ${code}`}:\n${tailOf(stdout, 25)}\n${tailOf(stderr, 25)}`,
		);
	}

	async importCredentials(credentials: CredentialImport[]): Promise<void> {
		await withJsonFiles([credentials], (dir) =>
			this.mustRun(
				['import:credentials', `--input=${path.join(dir, '0.json')}`],
				/Successfully imported \d+ credential/,
			),
		);
	}

	/** Imports workflow objects (each with its own fixed `id`) in one n8n start-up. */
	async importWorkflows(workflows: object[]): Promise<void> {
		await withJsonFiles(workflows, (dir) =>
			this.mustRun(
				['import:workflow', '--separate', `--input=${dir}`],
				/Successfully imported \d+ workflow/,
			),
		);
	}

	/** Marks a workflow active; a later `n8n start` activates it (n8n 2.x: "publish"). */
	async publish(id: string): Promise<void> {
		const { args, done } = lineOf(this.runtime.release).activate(id);
		await this.mustRun(args, done);
	}
}

/** Runs `work` on a temporary folder holding each content as JSON file `<index>.json`. */
async function withJsonFiles(contents: unknown[], work: (dir: string) => Promise<unknown>) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-n8n-'));
	try {
		contents.forEach((content, i) => {
			fs.writeFileSync(path.join(dir, `${i}.json`), JSON.stringify(content));
		});
		await work(dir);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}
