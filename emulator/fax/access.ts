import { orgOf } from '../accounts';
import type { SeedUser } from '../seed-data';
import { parseFaxId } from './param-rules';
import { ApiError } from './status-codes';

/**
 * Who may read or change a fax: its owner, or a proxy login of the same organization. A fax of
 * another organization does not exist for the login (404); one of a colleague is forbidden (403).
 */
export function assertAccess(login: SeedUser, ownerId: string, faxId: number): void {
	if (login.userId === ownerId) return;
	if (orgOf(login.userId) !== orgOf(ownerId)) {
		throw new ApiError('faxNotFound', `Fax ${faxId} not found`);
	}
	if (!login.proxy) {
		throw new ApiError(
			'forbidden',
			`Access denied: fax ${faxId} belongs to another user and ${login.userId} is not a proxy user`,
		);
	}
}

/** The fax a path's FaxId names in a store, if the login may see it (else 404 or 403, as above). */
export function findFax<T extends { userId: string }>(
	store: { get(id: number): T | undefined },
	login: SeedUser,
	rawId: string,
): T {
	const id = parseFaxId(rawId);
	const fax = store.get(id);
	if (!fax) throw new ApiError('faxNotFound', `Fax ${id} not found`);
	assertAccess(login, fax.userId, id);
	return fax;
}
