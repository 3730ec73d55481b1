// The Fax Cloud API credential's Test button: both interfaces tried with the login, read as requests are.
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { parseJsonObject, requestStatusOf } from './answerReading';
import { BASE_URL_LABEL_OF } from './faxCloudInterfaces';
import {
	isHttpAddress,
	networkErrorCode,
	networkProblem,
	withoutUserInfo,
} from './networkFailures';

/**
 * The Test button of the Fax Cloud API credential. It is a function the Fax Cloud node names with
 * `testedBy`, not a declarative `test`: one credential serves two interfaces on two base URLs,
 * both must be tried, and a declarative test makes one request and compares values for equality
 * only, so it cannot fail on "StatusCode other than 0" under HTTP 200.
 *
 * Messages are built from the answer's status and RequestStatus, never from the HTTP client's
 * error object, whose request config holds the Authorization header.
 */

interface InterfaceCheck {
	/** Credential field and its label in the credential form. */
	field: 'faxBaseUrl' | 'mailMergeBaseUrl';
	label: string;
	name: string;
	/** A read that changes nothing and answers with a RequestStatus. */
	path: string;
	example: string;
}

const CHECKS: InterfaceCheck[] = [
	{
		field: 'faxBaseUrl',
		label: BASE_URL_LABEL_OF.fax,
		name: 'fax interface',
		path: '/inboundfaxes?ResultLimit=1',
		example: 'https://api.rpxtest.com/softlinx/replixfax/restapi/v1',
	},
	{
		field: 'mailMergeBaseUrl',
		label: BASE_URL_LABEL_OF.mailMerge,
		name: 'mail merge interface',
		path: '/Job',
		example: 'https://api-mm.rpxtest.com/softlinx/mailmerge/v1',
	},
];

const TIMEOUT_MS = 15_000;

interface Answer {
	statusCode: number;
	statusMessage: string;
	contentType: string;
	body: string;
}

function networkFailure(error: unknown): string {
	const code = networkErrorCode(error);
	return (
		networkProblem(code, `${TIMEOUT_MS / 1000} seconds`) ??
		(code ? `network error ${code}` : 'network error')
	);
}

async function fetchAnswer(
	helpers: ICredentialTestFunctions['helpers'],
	url: string,
	data: ICredentialDataDecryptedObject,
): Promise<Answer> {
	// The legacy request helper is the only one n8n gives a credential test.
	const response = (await helpers.request({
		method: 'GET',
		uri: url,
		headers: { Accept: 'application/json' },
		auth: { user: String(data.userId ?? '').trim(), pass: String(data.password ?? '') },
		json: false,
		simple: false,
		resolveWithFullResponse: true,
		// A redirect could carry the Basic login to another host.
		followRedirect: false,
		timeout: TIMEOUT_MS,
	})) as { statusCode?: number; statusMessage?: string; headers?: object; body?: unknown };
	const headers = (response.headers ?? {}) as Record<string, unknown>;
	return {
		statusCode: Number(response.statusCode ?? 0),
		statusMessage: String(response.statusMessage ?? ''),
		contentType: String(headers['content-type'] ?? ''),
		body: typeof response.body === 'string' ? response.body : String(response.body ?? ''),
	};
}

/** What is wrong with one interface for this login, or undefined when it answered StatusCode 0. */
async function problemWith(
	helpers: ICredentialTestFunctions['helpers'],
	check: InterfaceCheck,
	data: ICredentialDataDecryptedObject,
): Promise<string | undefined> {
	const baseUrl = String(data[check.field] ?? '').trim();
	if (!isHttpAddress(baseUrl)) {
		return `The ${check.label} is not an http(s) address: enter the address including /v1, e.g. ${check.example}`;
	}
	const url = `${baseUrl.replace(/\/+$/, '')}${check.path}`;
	const shown = withoutUserInfo(url.split('?')[0]);
	let answer: Answer;
	try {
		answer = await fetchAnswer(helpers, url, data);
	} catch (error) {
		return `Could not reach the ${check.name} at ${shown}: ${networkFailure(error)}. Check the ${check.label}.`;
	}
	const status = requestStatusOf(parseJsonObject(answer.body));
	const statusText = status?.text.trim();
	const statusPart = statusText ? `: ${statusText}` : '';
	if (answer.statusCode === 401) {
		return `The ${check.name} refused the User ID or Password (HTTP 401)${statusPart}. Check both; the User ID has the form name@organization.`;
	}
	if (answer.statusCode === 403) {
		return `The ${check.name} refused this login (HTTP 403)${statusPart}. Ask the provider whether the login may use the ${check.name}.`;
	}
	if (answer.statusCode < 200 || answer.statusCode > 299) {
		const reason = statusPart || (answer.statusMessage ? ` ${answer.statusMessage}` : '');
		return `The ${check.name} at ${shown} answered HTTP ${answer.statusCode}${reason}. Check the ${check.label}: the address of the interface including /v1.`;
	}
	if (!status) {
		return `The ${check.label} does not lead to the ${check.name}: ${shown} answered without a RequestStatus (${answer.contentType || 'no content type'}). Enter the address including /v1.`;
	}
	if (status.code === '' || Number(status.code) !== 0) {
		return `The ${check.name} answered HTTP ${answer.statusCode} with StatusCode ${status.code || '(none)'}${statusPart}: the login cannot use it.`;
	}
	return undefined;
}

export async function faxCloudApiConnectionTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	for (const check of CHECKS) {
		const problem = await problemWith(this.helpers, check, data);
		if (problem) return { status: 'Error', message: problem };
	}
	return {
		status: 'OK',
		message: 'Connection successful: the fax and mail merge interfaces accepted the login',
	};
}
