// Network failures: a base URL and a failed connection in words a user can act on.
/**
 * What a base URL and a failed connection look like to a user, for the requests of the nodes and
 * for the credential's Test button alike.
 */

/** Whether a credential field holds an http(s) address with a host. */
export function isHttpAddress(url: string): boolean {
	return /^https?:\/\/[^\s/]+/i.test(url);
}

/** The address without a `user:password@` part, so a message never shows a login. */
export function withoutUserInfo(url: string): string {
	return url.replace(/^(https?:\/\/)[^/@]*@/i, '$1');
}

/** The code Node's HTTP stack gives a network failure, on the error or on its cause. */
export function networkErrorCode(error: unknown): string | undefined {
	const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
	const found = cause?.code ?? code;
	return found === undefined || found === null || found === '' ? undefined : String(found);
}

/**
 * Plain words instead of the raw code: n8n replaces any message mentioning a code such as
 * ECONNREFUSED by a generic sentence that would hide which address failed. `timeout` says how
 * long the caller waited ("the timeout", "15 seconds").
 */
export function networkProblem(code: string | undefined, timeout: string): string | undefined {
	switch (code) {
		case 'ECONNREFUSED':
			return 'connection refused';
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return 'host not found';
		case 'ECONNRESET':
		case 'EPIPE':
			return 'connection closed before an answer arrived';
		case 'ETIMEDOUT':
		case 'ECONNABORTED':
		case 'ESOCKETTIMEDOUT':
			return `no answer within ${timeout}`;
		case 'CERT_HAS_EXPIRED':
			return 'its TLS certificate has expired';
		case 'DEPTH_ZERO_SELF_SIGNED_CERT':
		case 'SELF_SIGNED_CERT_IN_CHAIN':
			return 'its TLS certificate is self-signed';
		case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
			return 'its TLS certificate cannot be verified';
		case 'ERR_TLS_CERT_ALTNAME_INVALID':
			return 'its TLS certificate is for another host';
		default:
			return undefined;
	}
}

/** Failures where the request never left: nothing can have been carried out. */
export function neverSent(code: string | undefined): boolean {
	return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}
