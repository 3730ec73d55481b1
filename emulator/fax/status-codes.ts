import { withStatus, type Reply } from '../http/reply';

/**
 * RequestStatus.StatusCode values of interface A. The description lists none, so these are the
 * emulator's choice (table in emulator/README.md); each goes with one HTTP status.
 */
const A_CODES = {
	missingParameter: { code: 10, http: 400 },
	invalidParameter: { code: 11, http: 400 },
	noAttachment: { code: 12, http: 400 },
	noDestination: { code: 13, http: 400 },
	invalidRecipient: { code: 14, http: 400 },
	malformedBody: { code: 15, http: 400 },
	invalidReference: { code: 20, http: 400 },
	notResendable: { code: 30, http: 400 },
	unknownUser: { code: 40, http: 400 },
	authFailed: { code: 50, http: 401 },
	forbidden: { code: 60, http: 403 },
	faxNotFound: { code: 70, http: 404 },
	unknownResource: { code: 71, http: 404 },
	internal: { code: 99, http: 500 },
} as const;

/** A request error of interface A, thrown by validation and turned into a reply by the routes. */
export class ApiError extends Error {
	constructor(
		readonly codeName: keyof typeof A_CODES,
		message: string,
	) {
		super(message);
	}
}

/** An error answer; a 401 names the realm (`realm`: interface B's differs). */
export function errorReply(name: keyof typeof A_CODES, text: string, realm = 'Fax Cloud'): Reply {
	const { code, http } = A_CODES[name];
	const reply = withStatus(http, {}, code, text);
	if (http === 401) reply.headers = { 'www-authenticate': `Basic realm="${realm}"` };
	return reply;
}
