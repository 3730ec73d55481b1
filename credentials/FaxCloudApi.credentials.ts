import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	Icon,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/**
 * HTTP Basic login for the fax REST interface (A) and the mail merge interface (B). Its Test
 * button is faxCloudApiConnectionTest, named by the nodes with `testedBy`: n8n runs a credential's
 * own `test` in preference, and that declarative form cannot try both base URLs nor fail on a
 * RequestStatus other than 0.
 */
export class FaxCloudApi implements ICredentialType {
	name = 'faxCloudApi';

	displayName = 'Fax Cloud API';

	icon: Icon = { light: 'file:icons/faxCloud.svg', dark: 'file:icons/faxCloud.dark.svg' };

	documentationUrl = 'https://github.com/fax-cloud/n8n-nodes-fax-cloud#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'User ID',
			name: 'userId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'name@organization',
			description:
				'Fax Cloud login in the form name@organization; a proxy (administrator) login can act for other users',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Fax API Base URL',
			name: 'faxBaseUrl',
			type: 'string',
			default: 'https://api.rpxtest.com/softlinx/replixfax/restapi/v1',
			required: true,
			description:
				'Base address of the fax REST interface, including the /v1 segment. The default is the published test environment; use the production address you received at onboarding.',
		},
		{
			displayName: 'Mail Merge Base URL',
			name: 'mailMergeBaseUrl',
			type: 'string',
			default: 'https://api-mm.rpxtest.com/softlinx/mailmerge/v1',
			required: true,
			description:
				'Base address of the mail merge interface, including the /v1 segment. The default is the published test environment.',
		},
	];

	/**
	 * HTTP Basic with the login. A function, not `={{$credentials...}}` expressions: n8n 2 evaluates
	 * each credential expression in an isolate on every request, which cost more than the request
	 * itself in a send run or a poll (see README, Benchmarks). The data is already resolved here.
	 * The login goes into a copy of the options: the caller's own never hold the password, whatever
	 * it does with them afterwards (an error that shows its request, a log).
	 */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => ({
		...requestOptions,
		auth: {
			username: String(credentials.userId ?? ''),
			password: String(credentials.password ?? ''),
		},
	});
}
