/** The two credential types: their fields, and their Test buttons as n8n 2.40 runs them. */
import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunction,
	ICredentialTestRequest,
	ICredentialType,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { request } from 'undici';

import { FaxCloudApi } from '../../credentials/FaxCloudApi.credentials';
import { FaxCloudNumbersApi } from '../../credentials/FaxCloudNumbersApi.credentials';
import { appendQuery } from '../../nodes/shared/transport/httpEncoding';
import {
	CREDENTIAL_TYPES,
	resolveCredentialTemplate,
	TestCredentialsHelper,
} from '../harness/jest/credentials-helper';
import { credentialsFor, SEED_TOKENS, SEED_USERS, useEmulator } from '../harness/jest/emulator';
import { runFaxCloudResource } from '../harness/jest/fax-cloud-node';
import { PACKAGE_NODES } from '../harness/jest/package-nodes';
import { sendJson, startScriptedServer, useScriptedServers } from '../harness/jest/scripted-server';

/**
 * What n8n 2.40's CredentialsTester.getCredentialTestFunction finds: the credential's own `test`
 * first; otherwise the first node that names a function for it with `testedBy`.
 */
function credentialTestOf(
	name: string,
): { request: ICredentialTestRequest } | { fn: ICredentialTestFunction } | undefined {
	const test = CREDENTIAL_TYPES[name].test;
	if (test) return { request: test };
	for (const [, node] of PACKAGE_NODES) {
		for (const credential of node.description.credentials ?? []) {
			if (credential.name !== name || !credential.testedBy) continue;
			if (typeof credential.testedBy !== 'string') return { request: credential.testedBy };
			const fn = node.methods?.credentialTest?.[credential.testedBy];
			return fn ? { fn } : undefined;
		}
	}
	return undefined;
}

/** A declarative test as n8n runs it: expressions resolved, `authenticate` applied, rules checked. */
async function runRequestTest(
	name: string,
	test: ICredentialTestRequest,
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	const declared = test.request;
	const resolve = (value: unknown) => String(resolveCredentialTemplate(value, data));
	const authenticated = await new TestCredentialsHelper({}).authenticate(data, name, {
		// joined as axios joins baseURL and url in n8n's credential test
		url: `${resolve(declared.baseURL).replace(/\/+$/, '')}/${resolve(declared.url).replace(/^\/+/, '')}`,
		method: declared.method ?? 'GET',
		qs: declared.qs,
		headers: { ...(declared.headers as Record<string, string>) },
	});
	const headers = { ...(authenticated.headers as Record<string, string>) };
	if (authenticated.auth) {
		// as axios turns n8n's `auth` option into a Basic header
		const { username, password } = authenticated.auth;
		headers.authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
	}
	let statusCode: number;
	try {
		const response = await request(appendQuery(authenticated.url, authenticated.qs as never), {
			method: authenticated.method as 'GET',
			headers,
		});
		await response.body.dump();
		statusCode = response.statusCode;
	} catch (error) {
		return { status: 'Error', message: String((error as { code?: string }).code ?? error) };
	}
	if (statusCode >= 200 && statusCode <= 299) {
		return { status: 'OK', message: 'Connection successful!' };
	}
	const rule = test.rules?.find(
		(candidate) => candidate.type === 'responseCode' && candidate.properties.value === statusCode,
	);
	return {
		status: 'Error',
		message: rule?.properties.message ?? `Received HTTP status code: ${statusCode}`,
	};
}

/** Presses the credential's Test button: the result n8n shows in the credential modal. */
async function pressTest(
	name: 'faxCloudApi' | 'faxCloudNumbersApi',
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	const test = credentialTestOf(name);
	if (!test) throw new Error(`n8n finds no credential test for ${name}`);
	if ('request' in test) return await runRequestTest(name, test.request, data);
	// n8n's own context for credential tests: its helpers.request is the real legacy HTTP adapter.
	const context = new CredentialTestContext(undefined as never);
	return await test.fn.call(context, { id: '1', name: 'Test credential', type: name, data });
}

const emulator = useEmulator();
const server = useScriptedServers();

const good = () => credentialsFor(emulator()).faxCloudApi!;

/** Presses Test with alice's credential, `change` applied. */
const pressWith = async (change: ICredentialDataDecryptedObject = {}) =>
	await pressTest('faxCloudApi', { ...good(), ...change });

/** Presses Test with `change` applied and expects it red, saying exactly `message`. */
async function expectRed(change: ICredentialDataDecryptedObject, message: string) {
	expect(await pressWith(change)).toEqual({ status: 'Error', message });
}

describe('Fax Cloud API credential: the Test button', () => {
	test('n8n runs the Fax Cloud node’s test function: the credential declares no test of its own', () => {
		expect((new FaxCloudApi() as ICredentialType).test).toBeUndefined();
		expect(credentialTestOf('faxCloudApi')).toEqual({ fn: expect.any(Function) });
	});

	test('green against the emulator, after a search on the fax host and a job list on the mail merge host', async () => {
		const result = await pressWith();
		expect(result.status).toBe('OK');
		expect(
			emulator()
				.control.requests()
				.map((r) => [r.api, r.method, r.path, r.query, r.status, r.auth.userId]),
		).toEqual([
			['fax', 'GET', '/v1/inboundfaxes', { ResultLimit: '1' }, 200, 'alice@acme'],
			['mailMerge', 'GET', '/v1/Job', {}, 200, 'alice@acme'],
		]);
	});

	test('a trailing slash in the base URLs still reaches the service', async () => {
		const data = good();
		const result = await pressWith({
			faxBaseUrl: `${data.faxBaseUrl}/`,
			mailMergeBaseUrl: `${data.mailMergeBaseUrl}//`,
		});
		expect(result.status).toBe('OK');
	});

	test('red with a wrong password: it names the User ID and Password and shows neither', async () => {
		await expectRed(
			{ password: 'not-the-password' },
			'The fax interface refused the User ID or Password (HTTP 401): Authentication failed: bad user id or password. Check both; the User ID has the form name@organization.',
		);
		expect(emulator().control.requests({ api: 'mailMerge' })).toHaveLength(0);
	});

	test.each([
		['a number', 50],
		['a numeric string', '50'],
	])('red on HTTP 200 whose RequestStatus.StatusCode is not 0 (%s)', async (_kind, statusCode) => {
		const fax = await server((_r, _n, res) =>
			sendJson(res, 200, {
				RequestStatus: { StatusCode: statusCode, StatusText: 'Account suspended' },
			}),
		);
		await expectRed(
			{ faxBaseUrl: `${fax.url}/v1` },
			'The fax interface answered HTTP 200 with StatusCode 50: Account suspended: the login cannot use it.',
		);
	});

	test('StatusCode "0" as a string is success, as the vendor notes say it may arrive', async () => {
		const fax = await server((_r, _n, res) =>
			sendJson(res, 200, { FaxInfo: [], RequestStatus: { StatusCode: '0', StatusText: '' } }),
		);
		const result = await pressWith({ faxBaseUrl: `${fax.url}/v1` });
		expect(result.status).toBe('OK');
		expect(fax.received[0]).toMatchObject({ method: 'GET', url: '/v1/inboundfaxes?ResultLimit=1' });
	});

	test('red when the Mail Merge Base URL points at the fax host: the job list is not found there', async () => {
		const { faxBaseUrl } = good();
		await expectRed(
			{ mailMergeBaseUrl: faxBaseUrl },
			`The mail merge interface at ${faxBaseUrl}/Job answered HTTP 404: No resource GET /v1/Job. Check the Mail Merge Base URL: the address of the interface including /v1.`,
		);
	});

	test('red when the Mail Merge Base URL is unreachable', async () => {
		// A port nothing listens on: a server is started, its port kept and the server closed.
		const closed = await startScriptedServer((_r, _n, res) => res.end());
		await closed.close();
		await expectRed(
			{ mailMergeBaseUrl: `${closed.url}/v1` },
			`Could not reach the mail merge interface at ${closed.url}/v1/Job: connection refused. Check the Mail Merge Base URL.`,
		);
	});

	test('red when the Fax API Base URL names a host that does not exist', async () => {
		// .invalid never resolves (RFC 6761): ENOTFOUND, or EAI_AGAIN without DNS, both in words.
		await expectRed(
			{ faxBaseUrl: 'http://fax-cloud.invalid/v1' },
			'Could not reach the fax interface at http://fax-cloud.invalid/v1/inboundfaxes: host not found. Check the Fax API Base URL.',
		);
	});

	test('red when the mail merge interface answers an error', async () => {
		emulator().control.setMailMergeOutage(true);
		await expectRed(
			{},
			`The mail merge interface at ${good().mailMergeBaseUrl}/Job answered HTTP 500: Error getting job list. Job store unavailable. Check the Mail Merge Base URL: the address of the interface including /v1.`,
		);
	});

	test('red when the mail merge address answers 200 with something other than the interface', async () => {
		const welcome = '<html><body>Welcome</body></html>';
		const page = await server((_r, _n, res) =>
			res.writeHead(200, { 'Content-Type': 'text/html' }).end(welcome),
		);
		await expectRed(
			{ mailMergeBaseUrl: `${page.url}/mailmerge/v1` },
			`The Mail Merge Base URL does not lead to the mail merge interface: ${page.url}/mailmerge/v1/Job answered without a RequestStatus (text/html). Enter the address including /v1.`,
		);
		expect(page.received[0].headers.authorization).toMatch(/^Basic /);
	});

	test('a base URL that is not an http(s) address is named before any request', async () => {
		await expectRed(
			{ mailMergeBaseUrl: 'api-mm.rpxtest.com/softlinx/mailmerge/v1' },
			'The Mail Merge Base URL is not an http(s) address: enter the address including /v1, e.g. https://api-mm.rpxtest.com/softlinx/mailmerge/v1',
		);
		expect(emulator().control.requests({ api: 'mailMerge' })).toHaveLength(0);
	});

	test('a redirect is not followed: the login is not sent on to another host', async () => {
		const elsewhere = await server((_r, _n, res) => sendJson(res, 200, {}));
		const location = `${elsewhere.url}/v1/inboundfaxes`;
		const fax = await server((_r, _n, res) => res.writeHead(302, { Location: location }).end());
		const result = await pressWith({ faxBaseUrl: `${fax.url}/v1` });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The fax interface at .* answered HTTP 302/);
		expect(elsewhere.received).toHaveLength(0);
	});

	test('passwords are password fields and base URLs default to the published test environment', () => {
		const field = (name: string) => new FaxCloudApi().properties.find((p) => p.name === name)!;
		expect(field('password').typeOptions?.password).toBe(true);
		expect(field('faxBaseUrl').default).toBe(
			'https://api.rpxtest.com/softlinx/replixfax/restapi/v1',
		);
		expect(field('mailMergeBaseUrl').default).toBe(
			'https://api-mm.rpxtest.com/softlinx/mailmerge/v1',
		);
	});
});

test("the login goes into a copy of the request's options: the caller's never hold the password", async () => {
	const options = { url: 'https://fax.example/v1/outboundfaxes', method: 'POST' as const };
	const before = JSON.stringify(options);
	const signed = await new FaxCloudApi().authenticate(good(), options);
	expect(signed.auth).toEqual({
		username: SEED_USERS.alice.userId,
		password: SEED_USERS.alice.password,
	});
	expect(signed.url).toBe(options.url);
	expect(JSON.stringify(options)).toBe(before);
});

const goodNumbers = () => credentialsFor(emulator()).faxCloudNumbersApi!;

describe('Fax Cloud Numbers API credential: the Test button', () => {
	test('green with the token, after one lookup of the US regions', async () => {
		expect(await pressTest('faxCloudNumbersApi', goodNumbers())).toEqual({
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
		const data = goodNumbers();
		const result = await pressTest('faxCloudNumbersApi', { ...data, ...change(data) });
		expect(result).toEqual({ status: 'Error', message });
	});

	describe('the API version header', () => {
		/** The credential pointed at a numbers host of its own, with the version header given. */
		const atNumbersHost = async (versionHeaderName: string) => {
			const host = await server((_r, _n, res) =>
				sendJson(res, 200, [{ code: 'NY', name: 'New York' }]),
			);
			const data = { ...goodNumbers(), numbersBaseUrl: host.url, versionHeaderName };
			return { host, data: { ...data, versionHeaderValue: '2' } };
		};

		test('sent by the Test button when filled in, as the node’s own requests send it', async () => {
			const { host, data } = await atNumbersHost('X-API-Version');
			expect((await pressTest('faxCloudNumbersApi', data)).status).toBe('OK');
			const lookup = await runFaxCloudResource(
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
			const { host, data } = await atNumbersHost('');
			expect((await pressTest('faxCloudNumbersApi', data)).status).toBe('OK');
			expect(Object.values(host.received[0].headers)).not.toContain('2');
		});
	});

	test('the access token is a password field and the base URL has no default', () => {
		const field = (name: string) =>
			new FaxCloudNumbersApi().properties.find((p) => p.name === name)!;
		expect(field('accessToken').typeOptions?.password).toBe(true);
		expect(field('numbersBaseUrl').default).toBe('');
	});
});
