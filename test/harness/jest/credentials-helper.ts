import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INode,
	INodeProperties,
	INodeTypes,
} from 'n8n-workflow';
import { ICredentialsHelper, Workflow } from 'n8n-workflow';

import { FaxCloudApi } from '../../../credentials/FaxCloudApi.credentials';
import { FaxCloudNumbersApi } from '../../../credentials/FaxCloudNumbersApi.credentials';
import { faxCredentialData, numbersCredentialData } from '../n8n/credentials';

const nodeTypesOf = (): INodeTypes =>
	({
		getByName: () => undefined,
		getByNameAndVersion: () => undefined,
		getKnownTypes: () => ({}),
	}) as unknown as INodeTypes;

export type TestCredentials = Partial<
	Record<'faxCloudApi' | 'faxCloudNumbersApi', ICredentialDataDecryptedObject>
>;

/** Both credential types: `login` at the fax and mail merge URLs, `token` at the numbers URL. */
export function testCredentials(
	login: { userId: string; password: string },
	token: string,
	urls: { fax: string; mailMerge: string; numbers: string },
): TestCredentials {
	return {
		faxCloudApi: faxCredentialData(login, urls),
		faxCloudNumbersApi: numbersCredentialData(token, urls),
	};
}

export const CREDENTIAL_TYPES: Record<string, ICredentialType> = {
	faxCloudApi: new FaxCloudApi(),
	faxCloudNumbersApi: new FaxCloudNumbersApi(),
};

/** Resolves an expression of a credential declaration with `$credentials`, in n8n's own expression engine. */
export function resolveCredentialTemplate(
	template: unknown,
	credentials: ICredentialDataDecryptedObject,
	workflow?: Workflow,
	node?: INode,
): unknown {
	if (typeof template !== 'string' || !template.startsWith('=')) return template;
	const owner =
		workflow ??
		new Workflow({ nodes: [], connections: {}, active: false, nodeTypes: nodeTypesOf() });
	const host =
		node ??
		({
			name: 'credential',
			type: 'credential',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		} as unknown as INode);
	return owner.expression.getSimpleParameterValue(host, template, 'manual', {
		$credentials: credentials,
	} as never);
}

/**
 * The credentials side of an n8n instance for in-process executions: decrypted data by type,
 * and the package's own `authenticate` declarations applied to each request.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly credentials: TestCredentials) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = CREDENTIAL_TYPES[typeName]?.authenticate;
		if (!authenticate) return requestOptions;
		// As n8n's CredentialsHelper: a function gets the resolved data, a generic one is resolved here.
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		const resolve = (value: unknown) =>
			String(resolveCredentialTemplate(value, credentials, workflow, node));
		const resolveAll = (values: object = {}) =>
			Object.fromEntries(Object.entries(values).map(([name, value]) => [name, resolve(value)]));
		const { headers, qs, auth } = authenticate.properties;
		const result: IHttpRequestOptions = {
			...requestOptions,
			headers: { ...requestOptions.headers, ...resolveAll(headers) },
		};
		if (qs) result.qs = { ...result.qs, ...resolveAll(qs) };
		if (auth) result.auth = { username: resolve(auth.username), password: resolve(auth.password) };
		return result;
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used in tests');
	}

	async getDecrypted(_additionalData: unknown, _nodeCredentials: unknown, type: string) {
		const data = this.credentials[type as keyof TestCredentials];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return data;
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(): INodeProperties[] {
		return [];
	}
}
