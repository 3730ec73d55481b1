import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { withLock } from './install';

const lockIn = (dir: string) => path.join(dir, 'install.lock');

test('an install waits for the one another process is running, then runs; a lock left by a dead process is taken at once', async () => {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'install-lock-'));
	try {
		const dead = spawnSync(process.execPath, ['-e', '']).pid;
		fs.writeFileSync(lockIn(dir), String(dead));
		expect(await withLock(dir, async () => fs.readFileSync(lockIn(dir), 'utf8'))).toBe(
			String(process.pid),
		);
		expect(fs.existsSync(lockIn(dir))).toBe(false);

		const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
		const otherEnded = new Promise((resolve) => other.once('exit', resolve));
		fs.writeFileSync(lockIn(dir), String(other.pid));
		const order: string[] = [];
		const ours = withLock(dir, async () => order.push('ours'));
		order.push('other ends');
		other.kill();
		await otherEnded;
		fs.rmSync(lockIn(dir));
		await ours;
		expect(order).toEqual(['other ends', 'ours']);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}, 30_000);
