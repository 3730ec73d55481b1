// API errors: what the service's answers and failed connections say to a user, as NodeApiError.
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { FaxCloudInterface } from './faxCloudInterfaces';

/** What a user can do about each HTTP status, per interface where the advice differs. */
const HTTP_ADVICE: Record<number, string | Record<FaxCloudInterface, string>> = {
	400: 'The service rejected a parameter: check the values named in the message.',
	401: {
		fax: 'Check the User ID (name@organization) and Password of the Fax Cloud API credential.',
		mailMerge:
			'Check the User ID (name@organization) and Password of the Fax Cloud API credential.',
		numbers:
			'Check the Access Token of the Fax Cloud Numbers API credential: it must be generated in the portal for an administrator allowed to manage fax numbers.',
	},
	403: 'The login may not do this: acting for another user (Fax User ID, all users) needs a proxy login, and number requests need a portal administrator.',
	404: {
		fax: "The fax does not exist for this login (deleted, sent with Delete After Send, or another user's): check the Fax ID, and the Fax API Base URL of the credential.",
		mailMerge:
			'The job does not exist for this login: check the Job ID, and the Mail Merge Base URL of the credential.',
		numbers:
			'Nothing found at this address: check the country, region or city, and the Numbers Base URL of the credential.',
	},
	// Seen when a base URL leads to another web server or a proxy rather than to the interface itself.
	405: {
		fax: 'The address does not take this request: check that the Fax API Base URL of the credential is the fax REST address including /v1.',
		mailMerge:
			'The address does not take this request: check that the Mail Merge Base URL of the credential is the mail merge address including /v1.',
		numbers:
			'The address does not take this request: check that the Numbers Base URL of the credential is the numbers interface address, without /api/numbers.',
	},
	500: 'The service failed while processing the request: try again later.',
};

const HTTP_TITLE: Record<number, string> = {
	400: 'Bad request',
	401: 'Authorization failed',
	403: 'Access denied',
	404: 'Not found',
	405: 'Method not allowed',
	500: 'Service error',
};

/** Mail merge RequestStatus codes with what the user should change (interface B table). */
export const MAIL_MERGE_ADVICE: Record<string, string> = {
	'1000': 'Expected Faxes must be a whole number equal to the CSV data lines.',
	// The description lists 1001 twice; the second one sits between 1100 and 1102 and is most
	// likely 1101, so both codes advise on the PDF text and 1001 still covers the column name.
	'1001':
		'When the message says "No fields found in PDF template", use a PDF form whose fields are named like the CSV columns; otherwise set the Fax Number Column.',
	'1002': 'The request carried no files: provide both the CSV and the PDF template.',
	'1003': 'Provide the CSV file (binary property with the metadata).',
	'1004': 'Provide the PDF form template (binary property).',
	'1005': 'Send After must be a date and time such as 2026-01-05T09:00Z.',
	'1006': 'Notify On Success must be true or false.',
	'1007': 'Notify On Failure must be true or false.',
	'1100':
		'The files could not be read: the CSV must be UTF-8 text and the template a valid PDF form.',
	'1101':
		'The PDF template has no form fields: use a PDF form whose field names equal the CSV column headings.',
	'1102': 'The CSV has no columns: its first line must hold the column headings.',
	'1103': 'The Fax Number Column is not a heading of the CSV file.',
	'1104': 'The Keyword Column is not a heading of the CSV file.',
	'1105': 'The Barcode Column is not a heading of the CSV file.',
	'1106':
		'Expected Faxes must equal the number of CSV data lines (leave it empty to let the node count them).',
	'1200':
		'The service found a problem in the CSV lines or the template, named in the message: correct it and create the job again.',
	'1300':
		'The service failed while creating the job: look the job up with Get Many before creating it again, so its faxes are not sent twice.',
	'2000': 'The job list could not be read: try again later.',
	'2001': 'The job could not be read: check the Job ID.',
};

export interface FaxCloudErrorDetails {
	api: FaxCloudInterface;
	httpCode?: number;
	statusCode?: string;
	statusText?: string;
	message: string;
	advice?: string;
	itemIndex?: number;
	/** True when a POST/PUT/DELETE may have been carried out although no answer arrived. */
	mayHaveReachedService?: boolean;
}

export function adviceForHttpStatus(api: FaxCloudInterface, httpCode: number): string | undefined {
	const advice = HTTP_ADVICE[httpCode] ?? (httpCode >= 500 ? HTTP_ADVICE[500] : undefined);
	if (advice === undefined) return undefined;
	return typeof advice === 'string' ? advice : advice[api];
}

export function titleForHttpStatus(httpCode: number): string {
	return HTTP_TITLE[httpCode] ?? (httpCode >= 500 ? HTTP_TITLE[500] : 'Request failed');
}

/**
 * Builds the NodeApiError users see. It is built from plain facts, never from the HTTP client's
 * error object, whose request config holds the Authorization header.
 */
export function faxCloudApiError(node: INode, details: FaxCloudErrorDetails): NodeApiError {
	const response: JsonObject = {
		message: details.message,
		httpCode: details.httpCode !== undefined ? String(details.httpCode) : null,
		StatusCode: details.statusCode ?? null,
		StatusText: details.statusText ?? null,
	};
	const error = new NodeApiError(node, response, {
		message: details.message,
		description: details.advice,
		httpCode: details.httpCode !== undefined ? String(details.httpCode) : undefined,
		itemIndex: details.itemIndex,
	});
	error.context.api = details.api;
	if (details.statusCode !== undefined) error.context.statusCode = details.statusCode;
	if (details.statusText !== undefined) error.context.statusText = details.statusText;
	if (details.mayHaveReachedService) error.context.mayHaveReachedService = true;
	return error;
}

/** The failures a GET may try again: a failed connection, a 5xx, an answer that is not JSON. */
const transientFailures = new WeakSet<object>();

/**
 * The NodeApiError of one request's failure; `transient` says a GET may try it again
 * (`withGetRetries`).
 */
export function requestFailure(
	context: { getNode(): INode },
	request: { api: FaxCloudInterface; itemIndex?: number },
	transient: boolean,
	details: Omit<FaxCloudErrorDetails, 'api' | 'itemIndex'>,
): NodeApiError {
	const error = faxCloudApiError(context.getNode(), {
		api: request.api,
		itemIndex: request.itemIndex,
		...details,
	});
	if (transient) transientFailures.add(error);
	return error;
}

/** Whether `error` is a request's failure that a GET may try again. */
/** True for a failure after which a POST/PUT/DELETE may have been carried out (no answer came). */
export function mayHaveReachedService(error: unknown): error is NodeApiError {
	return error instanceof NodeApiError && error.context.mayHaveReachedService === true;
}

export function isTransient(error: unknown): boolean {
	return typeof error === 'object' && error !== null && transientFailures.has(error);
}
