import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
} from 'n8n-workflow';
import { request } from 'undici';

import { FaxCloudApi } from '../../credentials/FaxCloudApi.credentials';
import { FaxCloudNumbersApi } from '../../credentials/FaxCloudNumbersApi.credentials';
import { appendQuery } from '../../nodes/shared/wire';
import { resolveCredentialTemplate, TestCredentialsHelper } from '../support/credentials-helper';
import { credentialsFor, SEED_TOKENS, useEmulator } from '../support/emulator';

const emulator = useEmulator();

/** Runs a credential's `test` request the way n8n's "Test" button does: expressions resolved, authenticate applied. */
async function runCredentialTest(type: ICredentialType, data: ICredentialDataDecryptedObject) {
	const declared = type.test!.request;
	const resolve = (value: unknown) => String(resolveCredentialTemplate(value, data));
	const options: IHttpRequestOptions = {
		// joined as axios joins baseURL and url in n8n's credential test
		url: `${resolve(declared.baseURL).replace(/\/+$/, '')}/${resolve(declared.url).replace(/^\/+/, '')}`,
		method: declared.method ?? 'GET',
		qs: declared.qs,
		headers: {},
	};
	const authenticated = await new TestCredentialsHelper({}).authenticate(data, type.name, options);
	const headers: Record<string, string> = { ...(authenticated.headers as Record<string, string>) };
	if (authenticated.auth) {
		headers.authorization = `Basic ${Buffer.from(`${authenticated.auth.username}:${authenticated.auth.password}`).toString('base64')}`;
	}
	const response = await request(appendQuery(authenticated.url, authenticated.qs as never), {
		method: authenticated.method as 'GET',
		headers,
	});
	await response.body.dump();
	return response.statusCode;
}

describe('credential tests', () => {
	test('Fax Cloud API: green with the right password, red (401) with a wrong one', async () => {
		const good = credentialsFor(emulator()).faxCloudApi!;
		expect(await runCredentialTest(new FaxCloudApi(), good)).toBe(200);
		expect(await runCredentialTest(new FaxCloudApi(), { ...good, password: 'wrong' })).toBe(401);
	});

	test('Fax Cloud API: a trailing slash in the base URL still reaches the service', async () => {
		const good = credentialsFor(emulator()).faxCloudApi!;
		expect(
			await runCredentialTest(new FaxCloudApi(), { ...good, faxBaseUrl: `${good.faxBaseUrl}/` }),
		).toBe(200);
	});

	test('Fax Cloud Numbers API: green with the token, red (401) with another', async () => {
		const good = credentialsFor(emulator()).faxCloudNumbersApi!;
		expect(await runCredentialTest(new FaxCloudNumbersApi(), good)).toBe(200);
		expect(
			await runCredentialTest(new FaxCloudNumbersApi(), {
				...good,
				accessToken: `${SEED_TOKENS.acme}x`,
			}),
		).toBe(401);
	});

	test('the credential test runs one lookup on the numbers host and one search on the fax host', async () => {
		const creds = credentialsFor(emulator());
		await runCredentialTest(new FaxCloudApi(), creds.faxCloudApi!);
		await runCredentialTest(new FaxCloudNumbersApi(), creds.faxCloudNumbersApi!);
		const seen = emulator()
			.control.requests()
			.map((r) => `${r.api} ${r.method} ${r.path}`);
		expect(seen).toEqual(['fax GET /v1/inboundfaxes', 'numbers GET /api/numbers/regions/US']);
	});

	test('passwords are password fields and base URLs default to the published test environment', () => {
		const fax = new FaxCloudApi();
		const numbers = new FaxCloudNumbersApi();
		const field = (type: ICredentialType, name: string) =>
			type.properties.find((p) => p.name === name)!;
		expect(field(fax, 'password').typeOptions?.password).toBe(true);
		expect(field(numbers, 'accessToken').typeOptions?.password).toBe(true);
		expect(field(fax, 'faxBaseUrl').default).toBe(
			'https://api.rpxtest.com/softlinx/replixfax/restapi/v1',
		);
		expect(field(fax, 'mailMergeBaseUrl').default).toBe(
			'https://api-mm.rpxtest.com/softlinx/mailmerge/v1',
		);
		expect(field(numbers, 'numbersBaseUrl').default).toBe('');
	});
});
