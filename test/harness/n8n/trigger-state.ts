import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { waitUntil } from '../waitUntil';
import { usesDurableCursors } from './engines';
import type { N8nServer } from './n8n-server';

/** Whether one node's stored data is the state the Fax Cloud Trigger saves (`watching`). */
function isTriggerState(value: unknown): boolean {
	return (
		!!value &&
		typeof value === 'object' &&
		typeof (value as { watching?: unknown }).watching === 'string'
	);
}

/** Whether a workflow's static data holds the state the Fax Cloud Trigger saves (`watching`). */
export function hasTriggerState(staticData: unknown): boolean {
	const data = typeof staticData === 'string' ? (JSON.parse(staticData) as unknown) : staticData;
	if (!data || typeof data !== 'object') return false;
	return Object.entries(data).some(
		([key, value]) => key.startsWith('node:') && isTriggerState(value),
	);
}

/**
 * The cursors n8n keeps for a workflow's poll triggers under durable cursors, read from its SQLite
 * database with the Node that runs n8n (node:sqlite, read-only: n8n keeps writing).
 */
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

/** Runs one SQL query on n8n's Postgres database and returns psql's unaligned output (`-At`). */
export type PostgresQuery = (query: string) => string;

/**
 * The cursors n8n keeps for a workflow's poll triggers under durable cursors on Postgres (the
 * deploy part's queue mode), one JSON text per line. n8n's migration quotes the camel-case column
 * names, as in workflow_entity ("staticData"); the json column is read through jsonb so that each
 * cursor is one line.
 */
function postgresCursors(sql: PostgresQuery, workflowId: string): unknown[] {
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
 * Reads where n8n keeps the trigger states of a workflow: its static data (the in-memory engine),
 * or its poller_state cursors (durable cursors: on SQLite, the e2e suite's database, read with
 * node:sqlite; on Postgres, the deploy part's, read with `postgres`, which a caller running n8n
 * on Postgres under durable cursors must give).
 */
export function triggerStateReader(
	server: N8nServer,
	postgres?: PostgresQuery,
): TriggerStateReader {
	if (usesDurableCursors(server.env)) {
		if (server.env.DB_TYPE === 'postgresdb') {
			if (!postgres) {
				throw new Error('durable cursors on Postgres: give triggerStateReader a Postgres query');
			}
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
 * Waits until n8n holds the trigger state of a workflow activated for the first time: its
 * activation poll (in-memory engine) or its first poll (durable scheduler) is over. A fax injected
 * before then is, for the trigger, one that was there before it was active, and is never emitted.
 * The first search reaching the service says only that the poll began, and two workflows with one
 * login cannot be told apart by their searches.
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
