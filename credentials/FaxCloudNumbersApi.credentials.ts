import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/** Bearer token for the numbers interface (C): number requests and region/city/area code lookups. */
export class FaxCloudNumbersApi implements ICredentialType {
	name = 'faxCloudNumbersApi';

	displayName = 'Fax Cloud Numbers API';

	icon: Icon = { light: 'file:icons/faxCloud.svg', dark: 'file:icons/faxCloud.dark.svg' };

	documentationUrl = 'https://github.com/fax-cloud/n8n-nodes-fax-cloud#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Token generated in the web portal for a portal administrator allowed to manage fax numbers',
		},
		{
			displayName: 'Numbers Base URL',
			name: 'numbersBaseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://numbers.example.com',
			description:
				'Address of the numbers interface without the /api/numbers path. The provider hands it out; it is not final yet, so there is no default.',
		},
		{
			displayName: 'API Version Header Name',
			name: 'versionHeaderName',
			type: 'string',
			default: '',
			placeholder: 'X-API-Version',
			description:
				'Name of the request header that carries the interface version, if the provider gave you one; leave empty to send none',
		},
		{
			displayName: 'API Version Header Value',
			name: 'versionHeaderValue',
			type: 'string',
			default: '',
			description: 'Value of the version header, e.g. 1',
		},
	];

	/** Bearer token; a function for the same reason as the Fax Cloud API credential's. */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => ({
		...requestOptions,
		headers: {
			...requestOptions.headers,
			Authorization: `Bearer ${String(credentials.accessToken ?? '')}`,
		},
	});

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.numbersBaseUrl}}',
			url: '/api/numbers/regions/US',
			method: 'GET',
		},
	};
}
