import fs from 'node:fs';
import path from 'node:path';

import { pidAlive } from '../../harness/n8n/install';
import { OUTPUT_DIR } from '../../harness/environment';

/** Folders of ended runs kept for inspection; older ones are removed when a run starts. */
const KEEP_ENDED_RUNS = 3;

/**
 * This run's own folder under .test-output/e2e/ for n8n's logs and the stored executions. Other
 * runs may share the checkout at the same time (colleagues, a sandbox), so a run never clears a
 * folder whose process is still alive.
 */
export function runOutputDir(): string {
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });
	const ended = fs
		.readdirSync(OUTPUT_DIR)
		.filter((name) => {
			const pid = /^run-.+-pid(\d+)$/.exec(name)?.[1];
			return pid !== undefined && !pidAlive(Number(pid));
		})
		.sort();
	for (const name of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED_RUNS))) {
		fs.rmSync(path.join(OUTPUT_DIR, name), { recursive: true, force: true });
	}
	const stamp = new Date().toISOString().replace(/[:.]/g, '-');
	const dir = path.join(OUTPUT_DIR, `run-${stamp}-pid${process.pid}`);
	fs.mkdirSync(dir);
	return dir;
}
