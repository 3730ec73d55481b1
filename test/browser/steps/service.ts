import assert from 'node:assert/strict';

import { basicAuthorization, SEED_USERS } from '../../../emulator';

/**
 * Calls the emulator's fax or mail merge interface as alice@acme, the user of the editor's
 * "Fax Cloud account (local emulator)" credential: to prepare records, and to learn what the
 * service answers to a query, which the editor must then show.
 */
export async function asCredentialUser(
	base: string,
	method: 'GET' | 'POST' | 'PUT',
	path: string,
	body?: FormData,
): Promise<Record<string, unknown>> {
	const res = await fetch(`${base}${path}`, {
		method,
		body,
		headers: { authorization: basicAuthorization(SEED_USERS.alice) },
	});
	const json = (await res.json()) as Record<string, unknown>;
	assert.ok(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
	return json;
}
