import type { Emulator } from '../../../emulator';
import { SEED_TOKENS, SEED_USERS } from '../../../emulator/seed-data';
import type { Login } from '../emulatorHttp';
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

type EmulatorUrls = Emulator['urls'];

export type { Login };

/** The data of a Fax Cloud API credential: `login` at the fax and mail merge URLs. */
export function faxCredentialData(login: Login, urls: Pick<EmulatorUrls, 'fax' | 'mailMerge'>) {
	return { ...login, faxBaseUrl: urls.fax, mailMergeBaseUrl: urls.mailMerge };
}

/** The data of a Fax Cloud Numbers API credential: `token` at the numbers URL. */
export function numbersCredentialData(token: string, urls: Pick<EmulatorUrls, 'numbers'>) {
	return {
		accessToken: token,
		numbersBaseUrl: urls.numbers,
		versionHeaderName: '',
		versionHeaderValue: '',
	};
}

/** A Fax Cloud API credential logging in as `login` at the emulator's fax and mail merge URLs. */
export function faxCredential(id: string, name: string, login: Login, urls: EmulatorUrls) {
	return { id, name, type: 'faxCloudApi', data: faxCredentialData(login, urls) };
}

/** A Fax Cloud Numbers API credential with `token` at the emulator's numbers URL. */
export function numbersCredential(id: string, name: string, token: string, urls: EmulatorUrls) {
	return { id, name, type: 'faxCloudNumbersApi', data: numbersCredentialData(token, urls) };
}

/**
 * The package's two credential types pointing at an emulator with its seed logins (alice, the
 * acme admin as proxy, acme's numbers token), as `n8n import:credentials` takes them.
 */
export function emulatorCredentials(urls: EmulatorUrls): CredentialImport[] {
	return [
		faxCredential(CREDENTIAL_IDS.fax, CREDENTIAL_NAMES.fax, SEED_USERS.alice, urls),
		faxCredential(CREDENTIAL_IDS.faxProxy, CREDENTIAL_NAMES.faxProxy, SEED_USERS.acmeAdmin, urls),
		numbersCredential(CREDENTIAL_IDS.numbers, CREDENTIAL_NAMES.numbers, SEED_TOKENS.acme, urls),
	];
}
