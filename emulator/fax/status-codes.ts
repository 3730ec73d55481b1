import { withStatus, type Reply } from '../http/reply';

/**
 * RequestStatus.StatusCode values of interface A. The description lists none, so these are the
 * emulator's choice (table in emulator/README.md); each goes with one HTTP status.
 */
export const A_CODES = {
	missingParameter: { code: 100, http: 400 },
	invalidParameter: { code: 101, http: 400 },
	noAttachment: { code: 102, http: 400 },
	noDestination: { code: 103, http: 400 },
	invalidRecipient: { code: 104, http: 400 },
	malformedBody: { code: 105, http: 400 },
	invalidReference: { code: 110, http: 400 },
	notResendable: { code: 120, http: 400 },
	unknownUser: { code: 130, http: 400 },
	authFailed: { code: 200, http: 401 },
	forbidden: { code: 210, http: 403 },
	faxNotFound: { code: 300, http: 404 },
	unknownResource: { code: 310, http: 404 },
	internal: { code: 500, http: 500 },
} as const;

export type ACodeName = keyof typeof A_CODES;

/** A request error of interface A, thrown by validation and turned into a reply by the routes. */
export class ApiError extends Error {
	constructor(
		readonly codeName: ACodeName,
		message: string,
	) {
		super(message);
	}
}

export function errorReply(name: ACodeName, text: string): Reply {
	const { code, http } = A_CODES[name];
	const reply = withStatus(http, {}, code, text);
	if (http === 401) reply.headers = { 'www-authenticate': 'Basic realm="Fax Cloud"' };
	return reply;
}

export function apiErrorReply(e: ApiError): Reply {
	return errorReply(e.codeName, e.message);
}
