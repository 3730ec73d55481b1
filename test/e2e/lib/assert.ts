import assert from 'node:assert/strict';

import type { RequestRecord } from '../../../emulator/request-log';
import type { OutputItem } from '../../harness/n8n/n8n-cli';

export { assert };

export function jsonOf(items: OutputItem[]): Array<Record<string, unknown>> {
	return items.map((item) => item.json);
}

/** The one request of a method and path (regular expression source) the workflow sent. */
export function onlyRequest(
	requests: RequestRecord[],
	method: string,
	path: string,
): RequestRecord {
	const pattern = new RegExp(`^${path}$`);
	const matching = requests.filter((r) => r.method === method && pattern.test(r.path));
	assert.equal(
		matching.length,
		1,
		`expected one ${method} ${path}, got: ${requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'no request'}`,
	);
	return matching[0];
}

/** The one request of a method and path, sent with the login of `user`: most cases ask both. */
export function onlyRequestBy(
	requests: RequestRecord[],
	user: { userId: string },
	method: string,
	path: string,
): RequestRecord {
	const request = onlyRequest(requests, method, path);
	assert.equal(request.auth.userId, user.userId);
	return request;
}

/** The named parameters of a request have the values given (other parameters are not looked at). */
export function assertParams(request: RequestRecord, expected: Record<string, unknown>): void {
	const sent = Object.fromEntries(
		Object.keys(expected).map((name) => [name, request.params[name]]),
	);
	assert.deepEqual(sent, expected);
}

export function requestsTo(
	requests: RequestRecord[],
	method: string,
	path: string,
): RequestRecord[] {
	const pattern = new RegExp(`^${path}$`);
	return requests.filter((r) => r.method === method && pattern.test(r.path));
}

/** Ids in descending order (newest first). */
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
