/** Checks the Fax Cloud node suites repeat: a run without error, a run the node or the service refused. */
import type { RunNodeResult } from '../../harness/jest/run-node';
import { errorText } from '../../harness/jest/fax-cloud-node';

/** Checks that the run ended without an error, and gives it back. */
export function succeeded<T extends Pick<RunNodeResult, 'error'>>(result: T): T {
	expect(result.error).toBeUndefined();
	return result;
}

/**
 * Checks that the node itself refused the run (NodeOperationError) with `message`, the exact text
 * or a pattern, and that `seen` (the requests the service received) is empty.
 */
export function refusedBefore(
	result: Pick<RunNodeResult, 'error'>,
	message: string | RegExp,
	seen: unknown[],
): void {
	expect(result.error?.name).toBe('NodeOperationError');
	if (typeof message === 'string') expect(result.error?.message).toBe(message);
	else expect(result.error?.message).toMatch(message);
	expect(seen).toHaveLength(0);
}

/** Checks that the service's answer stopped the run (NodeApiError) with a message like `message`. */
export function refusedByService(result: Pick<RunNodeResult, 'error'>, message: RegExp): void {
	expect(result.error?.name).toBe('NodeApiError');
	expect(result.error?.message).toMatch(message);
}

/** Checks that what an error shows holds neither the password nor the Basic credentials made of it. */
export function expectSecretHidden(error: unknown, password: string, userId = 'alice@acme') {
	const text = errorText(error);
	expect(text).not.toContain(password);
	expect(text).not.toContain(Buffer.from(`${userId}:${password}`).toString('base64'));
}

/** Checks that a wrong `password` stopped the run with the service's 401, the secret hidden. */
export function unauthorizedHidingSecret(result: Pick<RunNodeResult, 'error'>, password: string) {
	refusedByService(result, /^Authorization failed \(HTTP 401\)/);
	expectSecretHidden(result.error, password);
}

/** The JSON of each output item of a run. */
export const jsonOf = (result: Pick<RunNodeResult, 'items'>) =>
	result.items.map(({ json }) => json);

/** One field of the JSON of each output item of a run. */
export const fieldOf = (result: Pick<RunNodeResult, 'items'>, field: string) =>
	result.items.map(({ json }) => json[field]);

/** Each output item's pairing and its `field`, or its error (Continue On Fail). */
export const pairedOutcomes = (result: Pick<RunNodeResult, 'items'>, field: string) =>
	result.items.map(({ json, pairedItem }) => [pairedItem, json[field] ?? json.error]);
