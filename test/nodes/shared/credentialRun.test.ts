import { credentialsFor, SEED_USERS, useEmulator } from '../../harness/jest/emulator';
import type { TestCredentials } from '../../harness/jest/credentials-helper';
import { pollTrigger } from '../../harness/jest/poll';
import { runNode } from '../../harness/jest/run-node';
import { faxCloudNode } from '../../harness/jest/fax-cloud-node';
import { triggerNode } from '../../harness/jest/trigger-kit';

/**
 * A credential is resolved (read, decrypted, expressions evaluated by n8n) once per run of a node,
 * not twice per request, and a poll always sees the credential as it is now.
 */

const emulator = useEmulator();

/**
 * The package's credentials, counting how often n8n resolves the Fax Cloud login; with
 * `failFirst`, the first resolution fails as a credential store that did not answer.
 */
function countedCredentials(failFirst = false) {
	const base = credentialsFor(emulator(), 'acmeAdmin');
	const login = base.faxCloudApi!;
	let count = 0;
	const credentials: TestCredentials = { faxCloudNumbersApi: base.faxCloudNumbersApi };
	Object.defineProperty(credentials, 'faxCloudApi', {
		enumerable: true,
		get: () => {
			if (++count === 1 && failFirst) throw new Error('The credential store did not answer');
			return login;
		},
	});
	return { credentials, login, resolutions: () => count };
}

/** A run of the Send operation: one text letter to one number per item. */
const sendLetters = (
	credentials: TestCredentials,
	count: number,
	options: object = {},
	continueOnFail = false,
) =>
	runNode({
		node: faxCloudNode,
		parameters: {
			resource: 'outboundFax',
			operation: 'send',
			faxNumbers: '12125550000',
			content: 'text',
			text: '={{ "Letter " + $json.n }}',
			options,
		},
		credentials,
		items: Array.from({ length: count }, (_, n) => ({ json: { n } })),
		continueOnFail,
	});

test('a run of 20 sends resolves the login once and authenticates every request with it', async () => {
	const { credentials, resolutions } = countedCredentials();
	const result = await sendLetters(credentials, 20);

	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(20);
	const sends = emulator().control.requests({ api: 'fax', method: 'POST' });
	expect(sends).toHaveLength(20);
	expect(new Set(sends.map((r) => r.auth?.userId))).toEqual(new Set([SEED_USERS.acmeAdmin.userId]));
	expect(resolutions()).toBe(1);
});

test('a login that could not be resolved for one item is resolved again for the next (Continue On Fail)', async () => {
	const { credentials, resolutions } = countedCredentials(true);
	const result = await sendLetters(credentials, 3, { requestsAtOnce: 1 }, true);

	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.error === undefined)).toEqual([false, true, true]);
	expect(emulator().control.requests({ api: 'fax', method: 'POST' })).toHaveLength(2);
	expect(resolutions()).toBe(2);
});

test('a poll reading several pages resolves the login once; the next poll sees an edited password', async () => {
	const emu = emulator();
	const { credentials, login, resolutions } = countedCredentials();
	const trigger = pollTrigger({
		node: triggerNode,
		parameters: { event: 'newInboundFax', faxesOf: 'allUsers' },
		credentials,
	});
	expect(await trigger.poll()).toBeNull();
	emu.control.advance(60_000);
	const from = new Date(Date.parse(emu.control.now()) - 50_000).toISOString();
	emu.control.bulkCreateInbound(600, {
		users: [SEED_USERS.alice.userId],
		from,
		to: emu.control.now(),
	});
	const before = resolutions();

	expect(await trigger.pollItems()).toHaveLength(600);
	expect(emu.control.requests({ path: '^/v1/inboundfaxes$' }).length).toBeGreaterThanOrEqual(4);
	expect(resolutions() - before).toBe(1);

	// The same poll context serves every poll (as in n8n): an edit reaches the next poll.
	login.password = 'not-the-password';
	emu.control.advance(60_000);
	await expect(trigger.poll()).rejects.toThrow(/HTTP 401/);
	login.password = SEED_USERS.acmeAdmin.password;
	emu.control.injectInbound({ userId: SEED_USERS.alice.userId });
	expect(await trigger.pollItems()).toHaveLength(1);
});
