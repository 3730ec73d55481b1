import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-fax-cloud';

/** Builds dist/ and packs it exactly as npm would publish it; returns the tarball's path. */
export function buildAndPack(): string {
	execFileSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
	const destination = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-pack-'));
	const packed = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
			cwd: REPO_ROOT,
			encoding: 'utf8',
			stdio: ['ignore', 'pipe', 'ignore'],
		}),
	) as Array<{ filename: string }>;
	return path.join(destination, packed[0].filename);
}

/**
 * Installs the tarball where n8n keeps community packages installed from its settings page
 * (`<user folder>/.n8n/nodes/`); with no runtime dependencies, unpacking is the install.
 */
export function installCommunityPackage(userFolder: string, tarball: string): string {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
	const version = JSON.parse(fs.readFileSync(path.join(target, 'package.json'), 'utf8')).version;
	const manifestPath = path.join(nodesDir, 'package.json');
	const manifest = fs.existsSync(manifestPath)
		? JSON.parse(fs.readFileSync(manifestPath, 'utf8'))
		: { name: 'installed-nodes', private: true, dependencies: {} };
	manifest.dependencies = { ...manifest.dependencies, [PACKAGE_NAME]: version };
	fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	return target;
}
