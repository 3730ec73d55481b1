import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { testCredentials, type TestCredentials } from './credentials-helper';
import { probeNode, runNode } from './run-node';

/** The secrets of `credentials`: a test asserts none of them shows in an error or a log. */
export const PASSWORD = 'S3cret-Passw0rd!';
export const TOKEN = 'tok-9f8e7d6c5b4a';
export const BASIC = Buffer.from(`alice@acme:${PASSWORD}`).toString('base64');
/** A success answer of interfaces A and B with nothing else in it. */
export const OK = { RequestStatus: { StatusCode: 0, StatusText: '' } };

/** Both credential types, every interface at the given test servers. */
export function credentials(fax: string, mailMerge = fax, numbers = fax): TestCredentials {
	const urls = { fax: `${fax}/v1`, mailMerge: `${mailMerge}/mm/v1`, numbers };
	return testCredentials({ userId: 'alice@acme', password: PASSWORD }, TOKEN, urls);
}

/** Runs the shared helper inside a real n8n execution and returns its result or the node's error. */
export async function callHelper(
	creds: TestCredentials,
	call: (this: IExecuteFunctions) => Promise<unknown>,
) {
	const node = probeNode(async function (this: IExecuteFunctions) {
		const value = (await call.call(this)) as IDataObject;
		return [[{ json: { value }, pairedItem: { item: 0 } }]];
	});
	const result = await runNode({ node, parameters: {}, credentials: creds });
	return { value: result.items[0]?.json.value, error: result.error, run: result.run };
}
