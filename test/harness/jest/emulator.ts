import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { startEmulator, type Emulator, type EmulatorOptions } from '../../../emulator';
import { SEED_TOKENS, SEED_USERS } from '../../../emulator/seed-data';
import { closedAfterEach } from './closedAfterEach';
import { testCredentials, type TestCredentials } from './credentials-helper';

export { SEED_TOKENS, SEED_USERS };
export type SeedUser = keyof typeof SEED_USERS;

/** Credentials of the package pointing at a running emulator, logged in as a seed user. */
export function credentialsFor(
	emulator: Emulator,
	user: SeedUser = 'alice',
	token: string = SEED_TOKENS.acme,
): TestCredentials {
	const { userId, password } = SEED_USERS[user];
	return testCredentials({ userId, password }, token, emulator.urls);
}

/** Who the node logs in as: a seed user of the emulator, or what a test puts instead. */
export interface Login {
	user?: SeedUser;
	/** Replaces the password of the login, for authentication failures. */
	password?: string;
	/** The numbers interface's access token. */
	token?: string;
	/** The whole numbers credential, instead of the emulator's with `token`. */
	numbersCredential?: ICredentialDataDecryptedObject;
}

/** The package's credentials pointing at the emulator, as `login` says. */
export function loginCredentials(emulator: Emulator, login: Login = {}): TestCredentials {
	const credentials = credentialsFor(emulator, login.user, login.token);
	if (login.password !== undefined) credentials.faxCloudApi!.password = login.password;
	if (login.numbersCredential) credentials.faxCloudNumbersApi = login.numbersCredential;
	return credentials;
}

/** An emulator on free ports (manual clock unless the options say otherwise). */
export const startTestEmulator = (options: EmulatorOptions = {}): Promise<Emulator> =>
	startEmulator({ port: 0, ...options });

/** Starts one emulator for a test file (manual clock) and resets it before each test. */
export function useEmulator(options: EmulatorOptions = {}): () => Emulator {
	let emulator: Emulator | undefined;
	beforeAll(async () => {
		emulator = await startTestEmulator(options);
	});
	beforeEach(() => emulator?.control.reset());
	afterAll(async () => {
		await emulator?.close();
	});
	return () => {
		if (!emulator) throw new Error('emulator not started');
		return emulator;
	};
}

/** Emulators a test starts with options of its own, each closed after that test. */
export function useOwnEmulators(): (options?: EmulatorOptions) => Promise<Emulator> {
	const keep = closedAfterEach();
	return async (options) => keep(await startTestEmulator(options));
}
