import type { ICredentialDataDecryptedObject, ICredentialType } from 'n8n-workflow';

import { FaxCloudApi } from '../../credentials/FaxCloudApi.credentials';
import { credentialsFor, SEED_USERS, useEmulator } from '../harness/jest/emulator';
import { expectSecretHidden } from '../harness/jest/fax-cloud-node';
import { sendJson, startScriptedServer, useScriptedServers } from '../harness/jest/scripted-server';
import { credentialTestOf, pressTest } from './n8n-credential-test';

const emulator = useEmulator();

const server = useScriptedServers();

/** A port nothing listens on: a server is started, its port kept and the server closed. */
async function closedPortUrl(): Promise<string> {
	const started = await startScriptedServer((_r, _n, res) => res.end());
	await started.close();
	return `${started.url}/v1`;
}

const good = (): ICredentialDataDecryptedObject => credentialsFor(emulator()).faxCloudApi!;

/** Presses Test with alice's credential, `change` applied. */
const pressWith = async (change: ICredentialDataDecryptedObject = {}) =>
	await pressTest('faxCloudApi', { ...good(), ...change });

/** Presses Test with `change` applied and expects it red, saying exactly `message`. */
async function expectRed(change: ICredentialDataDecryptedObject, message: string) {
	const result = await pressWith(change);
	expect(result).toEqual({ status: 'Error', message });
	return result;
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
		const result = await expectRed(
			{ password: 'not-the-password' },
			'The fax interface refused the User ID or Password (HTTP 401): Authentication failed: bad user id or password. Check both; the User ID has the form name@organization.',
		);
		expect(result.message).not.toContain('not-the-password');
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
		const result = await expectRed(
			{ faxBaseUrl: `${fax.url}/v1` },
			'The fax interface answered HTTP 200 with StatusCode 50: Account suspended: the login cannot use it.',
		);
		expectSecretHidden(result.message, SEED_USERS.alice.password);
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
		const unreachable = await closedPortUrl();
		await expectRed(
			{ mailMergeBaseUrl: unreachable },
			`Could not reach the mail merge interface at ${unreachable}/Job: connection refused. Check the Mail Merge Base URL.`,
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
		const page = await server((_r, _n, res) => {
			res.writeHead(200, { 'Content-Type': 'text/html' });
			res.end('<html><body>Welcome</body></html>');
		});
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
		const fax = await server((_r, _n, res) => {
			res.writeHead(302, { Location: `${elsewhere.url}/v1/inboundfaxes` });
			res.end();
		});
		const result = await pressWith({ faxBaseUrl: `${fax.url}/v1` });
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^The fax interface at .* answered HTTP 302/);
		expect(elsewhere.received).toHaveLength(0);
	});

	test('passwords are password fields and base URLs default to the published test environment', () => {
		const fax = new FaxCloudApi();
		const field = (name: string) => fax.properties.find((p) => p.name === name)!;
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
	expectSecretHidden(JSON.stringify(options), SEED_USERS.alice.password);
});
