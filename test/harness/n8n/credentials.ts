import type { CredentialImport } from './n8n-cli';

/** Fixed ids so workflow files can name their credentials (n8n ids are 16 characters). */
export const CREDENTIAL_IDS = {
	fax: 'FaxCloudApiLocal',
	faxProxy: 'FaxCloudProxyLoc',
	numbers: 'FaxNumbersLocal1',
} as const;

export const CREDENTIAL_NAMES = {
	fax: 'Fax Cloud account (local emulator)',
	faxProxy: 'Fax Cloud administrator (local emulator)',
	numbers: 'Fax Cloud numbers (local emulator)',
} as const;

export interface EmulatorUrls {
	fax: string;
	mailMerge: string;
	numbers: string;
}

export interface Login {
	userId: string;
	password: string;
}

/** The package's two credential types pointing at an emulator, as `n8n import:credentials` takes them. */
export function emulatorCredentials(
	urls: EmulatorUrls,
	logins: { user: Login; proxy: Login; numbersToken: string },
): CredentialImport[] {
	return [
		{
			id: CREDENTIAL_IDS.fax,
			name: CREDENTIAL_NAMES.fax,
			type: 'faxCloudApi',
			data: { ...logins.user, faxBaseUrl: urls.fax, mailMergeBaseUrl: urls.mailMerge },
		},
		{
			id: CREDENTIAL_IDS.faxProxy,
			name: CREDENTIAL_NAMES.faxProxy,
			type: 'faxCloudApi',
			data: { ...logins.proxy, faxBaseUrl: urls.fax, mailMergeBaseUrl: urls.mailMerge },
		},
		{
			id: CREDENTIAL_IDS.numbers,
			name: CREDENTIAL_NAMES.numbers,
			type: 'faxCloudNumbersApi',
			data: {
				accessToken: logins.numbersToken,
				numbersBaseUrl: urls.numbers,
				versionHeaderName: '',
				versionHeaderValue: '',
			},
		},
	];
}
