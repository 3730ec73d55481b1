import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { waitUntil } from '../waitUntil';
import { usesDurableCursors } from './engines';
import type { N8nServer } from './n8n-server';

/** Whether one node's stored data is the Fax Cloud Trigger's state (`watching`). */
const isTriggerState = (value: unknown) =>
	typeof (value as { watching?: unknown } | null)?.watching === 'string';

function hasTriggerState(staticData: unknown): boolean {
	const data = typeof staticData === 'string' ? (JSON.parse(staticData) as unknown) : staticData;
	if (!data || typeof data !== 'object') return false;
	return Object.entries(data).some(
		([key, value]) => key.startsWith('node:') && isTriggerState(value),
	);
}

/** A workflow's durable cursors in n8n's SQLite database, read with n8n's Node (node:sqlite). */
function sqliteCursors(server: N8nServer, workflowId: string): unknown[] {
	const database = path.join(server.env.N8N_USER_FOLDER ?? '', '.n8n', 'database.sqlite');
	const script = `const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1], { readOnly: true });
const rows = db.prepare('SELECT cursor FROM poller_state WHERE workflowId = ?').all(process.argv[2]);
process.stdout.write(JSON.stringify(rows.map((row) => row.cursor)));`;
	const result = spawnSync(
		server.runtime.node,
		['--no-warnings', '-e', script, database, workflowId],
		{ encoding: 'utf8' },
	);
	// Before its migration has run, or while n8n holds a write lock, there is nothing to read yet.
	if (result.status !== 0) return [];
	return (JSON.parse(result.stdout) as string[]).map((cursor) => JSON.parse(cursor) as unknown);
}

/**
 * A workflow's durable cursors on Postgres (the deploy part), one per line: the json column is
 * read through jsonb so that each cursor is one line; n8n quotes camel-case column names.
 */
function postgresCursors(sql: (query: string) => string, workflowId: string): unknown[] {
	if (!/^[A-Za-z0-9_-]+$/.test(workflowId)) throw new Error(`not a workflow id: ${workflowId}`);
	let output: string;
	try {
		output = sql(
			`SELECT "cursor"::jsonb::text FROM poller_state WHERE "workflowId" = '${workflowId}'`,
		);
	} catch {
		// Before its migration has run there is no table to read yet.
		return [];
	}
	return output
		.split('\n')
		.filter((line) => line.trim() !== '')
		.map((line) => JSON.parse(line) as unknown);
}

/** Whether n8n holds a Fax Cloud Trigger state for a workflow. */
export type TriggerStateReader = (workflowId: string) => Promise<boolean>;

/**
 * Reads where n8n keeps a workflow's trigger states: its static data (in-memory engine) or its
 * poller_state cursors (durable cursors, on SQLite, or on Postgres through `postgres`, which runs
 * one SQL query and returns psql's unaligned output).
 */
export function triggerStateReader(
	server: N8nServer,
	postgres?: (query: string) => string,
): TriggerStateReader {
	if (usesDurableCursors(server.env)) {
		if (server.env.DB_TYPE === 'postgresdb') {
			if (!postgres)
				throw new Error('durable cursors on Postgres: give triggerStateReader a Postgres query');
			return async (workflowId) => postgresCursors(postgres, workflowId).some(isTriggerState);
		}
		return async (workflowId) => sqliteCursors(server, workflowId).some(isTriggerState);
	}
	return async (workflowId) => {
		const stored = await server.rest<{ staticData?: unknown }>('GET', `/workflows/${workflowId}`);
		return hasTriggerState(stored.staticData);
	};
}

/**
 * Waits until n8n holds the trigger state of a newly activated workflow (its first poll is over):
 * a fax injected before then was there before the trigger was active, and is never emitted.
 */
export async function waitForTriggerState(
	server: N8nServer,
	workflow: { id: string; name?: string },
	timeoutMs: number,
	read: TriggerStateReader = triggerStateReader(server),
): Promise<void> {
	await waitUntil(
		`the first poll of "${workflow.name ?? workflow.id}" (its trigger state in n8n)`,
		() => read(workflow.id),
		timeoutMs,
		{ intervalMs: 500, detail: () => server.lastLogLines() },
	);
}
