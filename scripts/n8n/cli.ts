import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { N8nRuntime } from './install';

export interface CommandResult {
	code: number | null;
	stdout: string;
	stderr: string;
	ms: number;
}

/** A credential as `n8n import:credentials` reads it; plaintext `data` is encrypted on import. */
export interface CredentialImport {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

/** What `n8n execute --rawOutput` prints: the execution's IRun. */
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

/** Runs n8n commands of one user folder with the cached Node 24 runtime. */
export class N8nCli {
	constructor(
		readonly runtime: N8nRuntime,
		readonly env: NodeJS.ProcessEnv,
	) {}

	run(
		args: string[],
		options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
	): Promise<CommandResult> {
		const started = Date.now();
		return new Promise((resolve, reject) => {
			const child = spawn(this.runtime.node, [this.runtime.n8nBin, ...args], {
				env: { ...this.env, ...options.env },
				cwd: this.env.N8N_USER_FOLDER,
				stdio: ['ignore', 'pipe', 'pipe'],
			});
			const out: Buffer[] = [];
			const err: Buffer[] = [];
			child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
			child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
			const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 180_000);
			child.on('error', reject);
			child.on('close', (code) => {
				clearTimeout(timer);
				resolve({
					code,
					stdout: Buffer.concat(out).toString('utf8'),
					stderr: Buffer.concat(err).toString('utf8'),
					ms: Date.now() - started,
				});
			});
		});
	}

	async mustRun(args: string[], options: { timeoutMs?: number } = {}): Promise<CommandResult> {
		const result = await this.run(args, options);
		if (result.code !== 0) {
			throw new Error(
				`n8n ${args.join(' ')} exited with ${result.code}:\n${tail(result.stdout)}\n${tail(result.stderr)}`,
			);
		}
		return result;
	}

	async importCredentials(credentials: CredentialImport[]): Promise<void> {
		const file = writeTemp('credentials.json', credentials);
		try {
			await this.mustRun(['import:credentials', `--input=${file}`]);
		} finally {
			fs.rmSync(path.dirname(file), { recursive: true, force: true });
		}
	}

	/** Imports workflow objects (each with its own fixed `id`) in one n8n start-up. */
	async importWorkflows(workflows: object[]): Promise<void> {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-workflows-'));
		try {
			workflows.forEach((workflow, i) => {
				fs.writeFileSync(path.join(dir, `${i}.json`), JSON.stringify(workflow));
			});
			await this.mustRun(['import:workflow', '--separate', `--input=${dir}`]);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}

	/** Marks workflows active; a later `n8n start` activates them (n8n 2.x: "publish"). */
	async publish(id: string): Promise<void> {
		await this.mustRun(['publish:workflow', `--id=${id}`]);
	}

	/** `n8n execute --id --rawOutput`: the run data when the workflow succeeded, else the error text. */
	async execute(
		id: string,
		options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
	): Promise<
		{ ok: true; run: ExecutionRun; ms: number } | { ok: false; error: string; ms: number }
	> {
		const result = await this.run(['execute', `--id=${id}`, '--rawOutput'], {
			...options,
			// The command prints its result through n8n's logger at level info.
			env: { N8N_LOG_LEVEL: 'info', ...options.env },
		});
		const run = result.code === 0 ? parseRawOutput(result.stdout) : undefined;
		if (run) return { ok: true, run, ms: result.ms };
		return {
			ok: false,
			error: `exit ${result.code}\n${errorLines(result.stdout + result.stderr)}`,
			ms: result.ms,
		};
	}
}

/** The pretty-printed JSON document of `--rawOutput`, wherever log lines surround it. */
export function parseRawOutput(stdout: string): ExecutionRun | undefined {
	const lines = stdout.split('\n');
	const start = lines.indexOf('{');
	if (start < 0) return undefined;
	const end = lines.indexOf('}', start);
	if (end < 0) return undefined;
	try {
		return JSON.parse(lines.slice(start, end + 1).join('\n')) as ExecutionRun;
	} catch {
		return undefined;
	}
}

/** The log lines of a failed run without the pretty-printed run data n8n logs with them. */
function errorLines(output: string): string {
	const kept: string[] = [];
	let depth = 0;
	for (const line of output.split('\n')) {
		if (depth === 0 && line === '{') depth = 1;
		else if (depth > 0 && line === '}') {
			depth = 0;
			continue;
		}
		if (depth === 0 && !/Python task runner|Legacy aes-256-cbc/.test(line)) kept.push(line);
	}
	return tail(kept.join('\n'), 40);
}

function tail(text: string, count = 25): string {
	return text.trimEnd().split('\n').slice(-count).join('\n');
}

function writeTemp(name: string, content: unknown): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-n8n-'));
	const file = path.join(dir, name);
	fs.writeFileSync(file, JSON.stringify(content, null, 2));
	return file;
}
