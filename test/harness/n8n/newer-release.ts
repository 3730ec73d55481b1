/**
 * `npm run n8n:newer` (part of `npm test`): fails when the registry offers an n8n 2.x newer than
 * the newest tested one AND it resolves here (`npm install --package-lock-only --dry-run`), so
 * the test matrix never silently falls behind; one that does not resolve is printed with why.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { RELEASES } from './versions';

function npm(args: string[], cwd: string): Promise<{ ok: boolean; out: string }> {
	return new Promise((resolve) => {
		execFile('npm', args, { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
			resolve({ ok: !error, out: `${stdout}\n${stderr}` }),
		);
	});
}

/** Orders `major.minor.patch` versions by number: 2.41.10 after 2.41.9. */
export const compareVersions = (a: string, b: string) =>
	a.localeCompare(b, 'en', { numeric: true });

/** Stable 2.x versions newer than `pinned`, oldest first. */
export function newerStable(versions: string[], pinned: string): string[] {
	return versions
		.filter((v) => /^2\.\d+\.\d+$/.test(v) && compareVersions(v, pinned) > 0)
		.sort(compareVersions);
}

async function resolves(version: string, overrides: Record<string, string>) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-n8n-newer-'));
	try {
		const manifest = { name: 'n8n-newer-check', private: true, dependencies: { n8n: version } };
		fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ ...manifest, overrides }));
		const dryRun = 'install --package-lock-only --dry-run --ignore-scripts --no-audit --no-fund';
		const { ok, out } = await npm(dryRun.split(' '), dir);
		if (ok) return undefined;
		const lines = out.split('\n');
		const reason =
			lines.find((line) => /No matching version|404 Not Found/i.test(line)) ??
			lines.find((line) => /ETARGET|E404/i.test(line));
		return (reason ?? out.trim().split('\n').slice(-3).join(' ')).trim();
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

async function main(): Promise<void> {
	const { n8n: newest, overrides } = Object.values(RELEASES)
		.filter((release) => release.line === 2)
		.sort((a, b) => compareVersions(a.n8n, b.n8n))
		.at(-1)!;
	const listed = await npm(['view', 'n8n', 'versions', '--json'], process.cwd());
	if (!listed.ok) throw new Error(`npm view n8n versions failed: ${listed.out.slice(0, 500)}`);
	const newer = newerStable(JSON.parse(listed.out.split('\n\n')[0]) as string[], newest);
	console.log(
		`Newest n8n 2.x tested: ${newest}; newer in the registry: ${newer.join(', ') || 'none'}`,
	);
	const installable: string[] = [];
	for (const version of newer) {
		const reason = await resolves(version, overrides);
		if (reason) console.log(`  ${version} does not install here: ${reason}`);
		else installable.push(version);
	}
	if (installable.length > 0) {
		console.error(
			`n8n ${installable.join(', ')} installs here and is not tested: add it to test/harness/n8n/versions.ts (RELEASES, TESTED_N8N_VERSIONS, DEFAULT_N8N_VERSION) and run npm test`,
		);
		process.exit(1);
	}
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error instanceof Error ? error.message : error);
		process.exit(1);
	});
}
