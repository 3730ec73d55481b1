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

	/**
	 * Bearer token, and the version header when its name is filled in. Both here because n8n passes
	 * every request made with this credential through this function: the node's requests and the
	 * Test button's lookup carry the same headers. A function for the same reason as the Fax Cloud
	 * API credential's.
	 */
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		const versionHeader = String(credentials.versionHeaderName ?? '').trim();
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				...(versionHeader
					? { [versionHeader]: String(credentials.versionHeaderValue ?? '').trim() }
					: {}),
				Authorization: `Bearer ${String(credentials.accessToken ?? '')}`,
			},
		};
	};

	/**
	 * One lookup: the numbers interface has no RequestStatus, its HTTP status is the whole answer.
	 * n8n applies `authenticate` to it as to the node's requests.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.numbersBaseUrl}}',
			url: '/api/numbers/regions/US',
			method: 'GET',
			headers: { Accept: 'application/json' },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The numbers interface refused the Access Token (HTTP 401): generate a new one in the portal.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						"The token's user may not manage fax numbers (HTTP 403): generate the token for a portal administrator allowed to.",
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'Nothing found at /api/numbers/regions/US (HTTP 404): check the Numbers Base URL, given without /api/numbers.',
				},
			},
		],
	};
}
