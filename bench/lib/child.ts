import { execFile } from 'node:child_process';
import path from 'node:path';

import { BENCH_DIR } from './server';

/** Runs one of bench/clients as its own Node process and returns what it printed as JSON. */
export function runClient<T>(name: string, config: object, password: string): Promise<T> {
	return new Promise((resolve, reject) => {
		execFile(
			process.execPath,
			['-r', 'ts-node/register/transpile-only', path.join(BENCH_DIR, 'clients', `${name}.ts`)],
			{
				env: { ...process.env, BENCH_CONFIG: JSON.stringify(config), BENCH_PASSWORD: password },
				maxBuffer: 1024 * 1024,
			},
			(error, stdout, stderr) => {
				if (error) reject(new Error(`bench client ${name} failed: ${stderr || error.message}`));
				else resolve(JSON.parse(stdout) as T);
			},
		);
	});
}
