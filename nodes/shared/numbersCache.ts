import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * Cache of the numbers interface's lookups (regions, cities, area codes). The description says
 * they rarely change and clients should cache them; dropdowns reload on every parameter change,
 * so without it each click would call the service. Kept in the module: it lives as long as the
 * n8n process, per credential and arguments, a day at most, with a bounded number of entries.
 */

export const LOOKUP_CACHE_TTL_MS = 24 * 60 * 60 * 1000;
export const LOOKUP_CACHE_MAX_ENTRIES = 500;

interface Entry {
	expiresAt: number;
	/** The pending or settled answer; concurrent loads of one key share one request. */
	value: Promise<unknown>;
}

const entries = new Map<string, Entry>();

/** A 64-bit digest (cyrb53 style) that tells credentials apart inside this process; never shown. */
function fingerprint(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		h1 = Math.imul(h1 ^ code, 2654435761);
		h2 = Math.imul(h2 ^ code, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0');
}

/**
 * Who is asking: the numbers base URL and a digest of the token and version header. Not n8n's
 * credential id, which stays when a user replaces the token: a token without access must not be
 * answered from the cache of the token before it. The digest keeps the token itself out of the
 * cache keys; n8n-workflow has no hash function and nodes may not import Node's crypto.
 */
export function numbersCredentialIdentity(credentials: ICredentialDataDecryptedObject): string {
	const baseUrl = String(credentials.numbersBaseUrl ?? '')
		.trim()
		.replace(/\/+$/, '')
		.toLowerCase();
	const secret = [
		credentials.accessToken,
		credentials.versionHeaderName,
		credentials.versionHeaderValue,
	]
		.map((part) => String(part ?? ''))
		.join('\n');
	return `${baseUrl}#${fingerprint(secret)}`;
}

function dropExpired(now: number): void {
	for (const [key, entry] of entries) {
		if (entry.expiresAt <= now) entries.delete(key);
	}
}

/**
 * The cached answer for `key`, or `load()`'s answer, kept for a day. A failed load is not kept,
 * so the next call asks the service again.
 */
export async function cachedLookup<T>(
	identity: string,
	args: readonly string[],
	load: () => Promise<T>,
): Promise<T> {
	const key = JSON.stringify([identity, ...args]);
	const now = Date.now();
	const cached = entries.get(key);
	if (cached && cached.expiresAt > now) return (await cached.value) as T;
	if (cached) entries.delete(key);
	if (entries.size >= LOOKUP_CACHE_MAX_ENTRIES) {
		dropExpired(now);
		while (entries.size >= LOOKUP_CACHE_MAX_ENTRIES) {
			const oldest = entries.keys().next().value;
			if (oldest === undefined) break;
			entries.delete(oldest);
		}
	}
	const value = load();
	const entry: Entry = { expiresAt: now + LOOKUP_CACHE_TTL_MS, value };
	entries.set(key, entry);
	// A failed load is forgotten at once; the caller still receives the failure from `await value`.
	value.then(undefined, () => {
		if (entries.get(key) === entry) entries.delete(key);
	});
	return (await value) as T;
}

export function numbersCacheSize(): number {
	return entries.size;
}

/** Forgets every cached lookup (tests, or a user who wants fresh lists). */
export function clearNumbersCache(): void {
	entries.clear();
}
