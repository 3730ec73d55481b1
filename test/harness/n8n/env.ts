import path from 'node:path';

import { POLL_ENGINE_ENV, type PollEngine } from './engines';
import type { N8nRuntime } from './install';
import { lineOf } from './lines';

/** Fixed so a sandbox folder stays readable across restarts; it guards only local test data. */
const N8N_ENCRYPTION_KEY = 'fax-cloud-local-n8n-encryption-key-not-secret';

export interface N8nEnvOptions {
	userFolder: string;
	port?: number;
	/** Port of n8n's task broker; every n8n process (`execute` too) opens one, default port + 1. */
	brokerPort?: number;
	/** Folder the Read/Write Files node may use (n8n blocks every other path). */
	filesFolder?: string;
	logLevel?: 'error' | 'warn' | 'info' | 'debug';
	/** n8n's instance timezone (GENERIC_TIMEZONE), for workflows without their own; default UTC. */
	timezone?: string;
	/** n8n's engine for poll triggers (./engines.ts); default in-memory, n8n's own default. */
	engine?: PollEngine;
}

/**
 * Environment of every n8n process the harness starts: a private user folder, and every feature
 * that calls out to n8n's servers off (no internet here: n8n would wait for time-outs).
 */
export function n8nEnv(runtime: N8nRuntime, options: N8nEnvOptions): NodeJS.ProcessEnv {
	const keep = ['HOME', 'LANG', 'TMPDIR', 'TZ', 'USER', 'TERM'];
	const base: NodeJS.ProcessEnv = {};
	for (const name of keep) if (process.env[name] !== undefined) base[name] = process.env[name];
	return {
		...base,
		PATH: `${path.dirname(runtime.node)}:${process.env.PATH ?? '/usr/bin:/bin'}`,
		N8N_USER_FOLDER: options.userFolder,
		N8N_ENCRYPTION_KEY,
		N8N_PORT: String(options.port ?? 5678),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://localhost:${options.port ?? 5678}`,
		N8N_SECURE_COOKIE: 'false',
		N8N_LOG_LEVEL: options.logLevel ?? 'warn',
		N8N_LOG_OUTPUT: 'console',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_REINSTALL_MISSING_PACKAGES: 'false',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_RUNNERS_MODE: 'internal',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort ?? (options.port ?? 5678) + 1),
		N8N_RESTRICT_FILE_ACCESS_TO: options.filesFolder ?? path.join(options.userFolder, 'files'),
		DB_SQLITE_POOL_SIZE: '2',
		GENERIC_TIMEZONE: options.timezone ?? 'UTC',
		TZ: 'UTC',
		NODE_ENV: 'production',
		...lineOf(runtime.release).env,
		...POLL_ENGINE_ENV[options.engine ?? 'in-memory'],
	};
}
