import { timingSafeEqual } from 'crypto';
import type { RequestAuthInfo } from './request-log';
import type { Seed, SeedOrganization, SeedToken, SeedUser } from './seed-data';

/** Who a request's Authorization header names, if the secret holds, and what the log keeps of it. */
interface AuthResult {
	token?: SeedToken;
	user?: SeedUser;
	info: RequestAuthInfo;
}

function same(a: string, b: string): boolean {
	const x = Buffer.from(a);
	const y = Buffer.from(b);
	return x.length === y.length && timingSafeEqual(x, y);
}

export function orgOf(userId: string): string {
	const at = userId.lastIndexOf('@');
	return at < 0 ? '' : userId.slice(at + 1);
}

export class Accounts {
	private users = new Map<string, SeedUser>();
	private orgs = new Map<string, SeedOrganization>();

	constructor(private readonly seed: Seed) {
		for (const u of seed.users) this.users.set(u.userId, u);
		for (const o of seed.organizations) this.orgs.set(o.id, o);
	}

	user(userId: string): SeedUser | undefined {
		return this.users.get(userId);
	}

	allUsers(): SeedUser[] {
		return [...this.users.values()];
	}

	organization(userId: string): SeedOrganization | undefined {
		return this.orgs.get(orgOf(userId));
	}

	basic(header: string | undefined): AuthResult {
		const m = /^Basic\s+(.+)$/i.exec(header ?? '');
		if (!m) return { info: { scheme: header?.match(/^Bearer\s/i) ? 'Bearer' : null } };
		const decoded = Buffer.from(m[1].trim(), 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		if (colon < 0) return { info: { scheme: 'Basic' } };
		const userId = decoded.slice(0, colon);
		const password = decoded.slice(colon + 1);
		const user = this.users.get(userId);
		const info: RequestAuthInfo = { scheme: 'Basic', userId };
		return user && same(user.password, password) ? { user, info } : { info };
	}

	bearer(header: string | undefined): AuthResult {
		const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
		if (!m) return { info: { scheme: header?.match(/^Basic\s/i) ? 'Basic' : null } };
		const token = this.seed.tokens.find((t) => same(t.token, m[1]));
		if (!token) return { info: { scheme: 'Bearer' } };
		const info: RequestAuthInfo = { scheme: 'Bearer', userId: token.userId };
		return { token, user: this.users.get(token.userId), info };
	}
}
