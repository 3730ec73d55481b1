import type { IDataObject } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { FaxCloud } from '../../../nodes/FaxCloud/FaxCloud.node';
import { loginCredentials, SEED_USERS, type Login } from './emulator';
import { runNode, type RunNodeOptions } from './run-node';

/** The one run wrapper of the Fax Cloud node's suites, whatever the resource. */

export const faxCloudNode = new FaxCloud();

export const ALICE = SEED_USERS.alice;

/** A run's options as runNode takes them (the node's version 1 unless a test says so). */
export type RunOptions = Login &
	Omit<Partial<RunNodeOptions>, 'node' | 'parameters' | 'credentials'>;

/** Runs the Fax Cloud node once against the emulator in n8n-core's engine (see runNode). */
export async function runFaxCloudNode(
	emulator: Emulator,
	parameters: IDataObject,
	options: RunOptions = {},
) {
	const { user, password, token, numbersCredential, ...run } = options;
	return await runNode({
		...run,
		node: faxCloudNode,
		parameters,
		credentials: loginCredentials(emulator, { user, password, token, numbersCredential }),
	});
}

/** Runs an operation of one resource: the resource-wrappers of the suites' files. */
export const runFaxCloudResource = (
	emulator: Emulator,
	resource: 'outboundFax' | 'inboundFax' | 'numberRequest' | 'numberLookup',
	parameters: IDataObject,
	options: RunOptions = {},
) => runFaxCloudNode(emulator, { resource, ...parameters }, options);

/** What an error shows the user, in one string, to check that no secret leaks. */
export function errorText(error: unknown): string {
	const e = error as { message?: string; description?: string; context?: unknown };
	return JSON.stringify({ message: e?.message, description: e?.description, context: e?.context });
}

/**
 * Checks that there is an error (or a message) and that what it shows holds neither the password
 * nor the Basic credentials made of it.
 */
export function expectSecretHidden(error: unknown, password: string, userId = ALICE.userId) {
	expect(error).toBeDefined();
	const text = typeof error === 'string' ? error : errorText(error);
	expect(text).not.toContain(password);
	expect(text).not.toContain(Buffer.from(`${userId}:${password}`).toString('base64'));
}
