import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunction,
	ICredentialTestRequest,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { request } from 'undici';

import { appendQuery } from '../../nodes/shared/transport/httpEncoding';
import {
	CREDENTIAL_TYPES,
	resolveCredentialTemplate,
	TestCredentialsHelper,
} from '../harness/jest/credentials-helper';
import { PACKAGE_NODES } from '../harness/jest/package-nodes';

/**
 * What n8n 2.40's CredentialsTester.getCredentialTestFunction finds: the credential's own `test`
 * first; otherwise the first node that names a function for it with `testedBy`.
 */
export function credentialTestOf(
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
export async function pressTest(
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
