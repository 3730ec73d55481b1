import { readFileSync } from 'fs';
import { join } from 'path';

export interface SeedOrganization {
	id: string;
	name: string;
	accountNumber?: string;
}

export interface SeedUser {
	userId: string;
	password: string;
	name: string;
	email: string;
	/** The user's own fax line (DID); inbound faxes arrive on it. */
	faxNumber: string;
	tsi: string;
	/** Proxy privilege: may send as, and query faxes of, other users of the organization. */
	proxy: boolean;
}

export interface SeedToken {
	token: string;
	userId: string;
	portalAdmin: boolean;
	manageNumbers: boolean;
}

export interface Seed {
	organizations: SeedOrganization[];
	users: SeedUser[];
	tokens: SeedToken[];
	/** Cover page templates stored on the fax server. */
	coverPages: string[];
}

export function loadSeed(source?: string | Seed): Seed {
	const seed: Seed =
		source === undefined || typeof source === 'string'
			? JSON.parse(readFileSync(source ?? join(__dirname, 'seed.json'), 'utf8'))
			: source;
	if (!Array.isArray(seed.users) || !Array.isArray(seed.organizations)) {
		throw new Error('seed needs organizations and users arrays');
	}
	return {
		organizations: seed.organizations,
		users: seed.users,
		tokens: seed.tokens ?? [],
		coverPages: seed.coverPages ?? ['default'],
	};
}

/** Demo logins of emulator/seed.json, for tests and the demo. */
export const SEED_USERS = {
	alice: { userId: 'alice@acme', password: 'alice-pass-1' },
	bob: { userId: 'bob@acme', password: 'bob-pass-1' },
	acmeAdmin: { userId: 'admin@acme', password: 'admin-pass-1' },
	carol: { userId: 'carol@globex', password: 'carol-pass-1' },
	globexAdmin: { userId: 'admin@globex', password: 'admin-pass-1' },
} as const;

/** Bearer tokens of the numbers interface in emulator/seed.json. */
export const SEED_TOKENS = {
	acme: 'acme-numbers-token',
	globex: 'globex-numbers-token',
	/** Belongs to alice@acme, who is not a portal administrator: every call answers 403. */
	acmeNotAdmin: 'acme-readonly-token',
} as const;

/** The Authorization header of a login on the Basic interfaces (fax and mail merge), for clients. */
export function basicAuthorization(login: { userId: string; password: string }): string {
	return `Basic ${Buffer.from(`${login.userId}:${login.password}`).toString('base64')}`;
}
