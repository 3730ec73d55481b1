/** The e2e checks' assertions: node:assert/strict and what the cases ask of requests and items. */
import assert from 'node:assert/strict';

import type { RequestRecord } from '../../../emulator/request-log';
import type { OutputItem } from '../../harness/n8n/n8n-cli';

export { assert };

export const jsonOf = (items: OutputItem[]) => items.map((item) => item.json);

/** One field of each record, in order. */
export const valuesOf = <T>(records: T[], field: keyof T) => records.map((record) => record[field]);

/** Several fields of each record, as one row per record. */
export const rowsOf = <T>(records: T[], ...fields: Array<keyof T>) =>
	records.map((record) => fields.map((field) => record[field]));

/** The requests of a method and path (regular expression source of the whole path). */
export function requestsTo(requests: RequestRecord[], method: string, path: string) {
	const pattern = new RegExp(`^${path}$`);
	return requests.filter((r) => r.method === method && pattern.test(r.path));
}

/** The one request of a method and path the workflow sent; with `user`, sent with their login. */
export function onlyRequest(
	requests: RequestRecord[],
	method: string,
	path: string,
	user?: { userId: string },
): RequestRecord {
	const matching = requestsTo(requests, method, path);
	const sent = requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'no request';
	assert.equal(matching.length, 1, `expected one ${method} ${path}, got: ${sent}`);
	if (user) assert.equal(matching[0].auth.userId, user.userId);
	return matching[0];
}

/** The named fields of a record have the values given (other fields are not looked at). */
export function assertFields(
	record: Record<string, unknown>,
	expected: Record<string, unknown>,
	message?: string,
): void {
	const picked = Object.fromEntries(Object.keys(expected).map((name) => [name, record[name]]));
	assert.deepEqual(picked, expected, message);
}

export function assertDescending(ids: number[], message?: string): void {
	assert.deepEqual(
		ids,
		[...ids].sort((a, b) => b - a),
		message,
	);
}

/** No secret of the seed accounts appears in a text the user sees. */
export function assertNoSecrets(text: string, secrets: string[]): void {
	for (const secret of secrets) {
		assert.ok(!text.includes(secret), `a secret appears in: ${text.slice(0, 300)}`);
		const basic = Buffer.from(secret).toString('base64');
		assert.ok(!text.includes(basic), 'a base64 secret appears in the output');
	}
}
