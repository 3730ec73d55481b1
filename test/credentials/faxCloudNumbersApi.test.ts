import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { FaxCloudNumbersApi } from '../../credentials/FaxCloudNumbersApi.credentials';
import { runFaxCloudResource as runNumbers } from '../harness/jest/fax-cloud-node';
import { credentialsFor, SEED_TOKENS, useEmulator } from '../harness/jest/emulator';
import { sendJson, useScriptedServers } from '../harness/jest/scripted-server';
import { pressTest } from './n8n-credential-test';

const emulator = useEmulator();

const good = (): ICredentialDataDecryptedObject => credentialsFor(emulator()).faxCloudNumbersApi!;

describe('Fax Cloud Numbers API credential: the Test button', () => {
	test('green with the token, after one lookup of the US regions', async () => {
		expect(await pressTest('faxCloudNumbersApi', good())).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(
			emulator()
				.control.requests()
				.map((r) => [r.api, r.method, r.path, r.status]),
		).toEqual([['numbers', 'GET', '/api/numbers/regions/US', 200]]);
	});

	test.each([
		[
			'another token',
			() => ({ accessToken: `${SEED_TOKENS.acme}x` }),
			'The numbers interface refused the Access Token (HTTP 401): generate a new one in the portal.',
		],
		[
			'the token of a user who may not manage numbers',
			() => ({ accessToken: SEED_TOKENS.acmeNotAdmin }),
			"The token's user may not manage fax numbers (HTTP 403): generate the token for a portal administrator allowed to.",
		],
		[
			'a Numbers Base URL that includes /api/numbers',
			(data: ICredentialDataDecryptedObject) => ({
				numbersBaseUrl: `${data.numbersBaseUrl}/api/numbers`,
			}),
			'Nothing found at /api/numbers/regions/US (HTTP 404): check the Numbers Base URL, given without /api/numbers.',
		],
	])('red with %s, the token not shown', async (_case, change, message) => {
		const data = good();
		const result = await pressTest('faxCloudNumbersApi', { ...data, ...change(data) });
		expect(result).toEqual({ status: 'Error', message });
		expect(result.message).not.toContain(SEED_TOKENS.acme);
	});

	describe('the API version header', () => {
		const server = useScriptedServers();
		const numbersHost = () =>
			server((_r, _n, res) => sendJson(res, 200, [{ code: 'NY', name: 'New York' }]));

		test('sent by the Test button when filled in, as the node’s own requests send it', async () => {
			const host = await numbersHost();
			const data = {
				...good(),
				numbersBaseUrl: host.url,
				versionHeaderName: 'X-API-Version',
				versionHeaderValue: '2',
			};
			expect((await pressTest('faxCloudNumbersApi', data)).status).toBe('OK');
			const lookup = await runNumbers(
				emulator(),
				'numberLookup',
				{ operation: 'getRegions', country: 'US', returnAll: true },
				{ numbersCredential: data },
			);
			expect(lookup.error).toBeUndefined();
			const [fromTest, fromNode] = host.received;
			expect(fromTest.url).toBe('/api/numbers/regions/US');
			expect(fromTest.headers['x-api-version']).toBe('2');
			expect(fromNode.headers['x-api-version']).toBe(fromTest.headers['x-api-version']);
			expect(fromTest.headers.authorization).toBe(`Bearer ${SEED_TOKENS.acme}`);
		});

		test('not sent when no header name is given', async () => {
			const host = await numbersHost();
			const result = await pressTest('faxCloudNumbersApi', {
				...good(),
				numbersBaseUrl: host.url,
				versionHeaderName: '',
				versionHeaderValue: '2',
			});
			expect(result.status).toBe('OK');
			expect(Object.values(host.received[0].headers)).not.toContain('2');
		});
	});

	test('the access token is a password field and the base URL has no default', () => {
		const numbers = new FaxCloudNumbersApi();
		const field = (name: string) => numbers.properties.find((p) => p.name === name)!;
		expect(field('accessToken').typeOptions?.password).toBe(true);
		expect(field('numbersBaseUrl').default).toBe('');
	});
});
