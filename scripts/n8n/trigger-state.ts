import { waitUntil } from '../../test/harness/waitUntil';
import type { N8nServer } from './server';

/** Whether a workflow's static data holds the state the Fax Cloud Trigger saves (`watching`). */
export function hasTriggerState(staticData: unknown): boolean {
	const data = typeof staticData === 'string' ? (JSON.parse(staticData) as unknown) : staticData;
	if (!data || typeof data !== 'object') return false;
	return Object.entries(data).some(
		([key, value]) =>
			key.startsWith('node:') &&
			!!value &&
			typeof value === 'object' &&
			typeof (value as { watching?: unknown }).watching === 'string',
	);
}

/**
 * Waits until n8n holds the trigger state of a workflow activated for the first time: its
 * activation poll is over. A fax injected before then is, for the trigger, one that was there
 * before it was active, and is never emitted. The first search reaching the service says only
 * that the poll began, and two workflows with one login cannot be told apart by their searches.
 */
export async function waitForTriggerState(
	server: N8nServer,
	workflow: { id: string; name?: string },
	timeoutMs: number,
): Promise<void> {
	const saved = async (): Promise<boolean> => {
		const stored = await server.rest<{ staticData?: unknown }>('GET', `/workflows/${workflow.id}`);
		return hasTriggerState(stored.staticData);
	};
	await waitUntil(
		`the activation poll of "${workflow.name ?? workflow.id}" (its trigger state in n8n)`,
		saved,
		timeoutMs,
		{ intervalMs: 500, detail: () => server.lastLogLines() },
	);
}
