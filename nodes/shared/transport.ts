import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError, randomString, sleep } from 'n8n-workflow';

import { decryptedCredential, runCredentials } from './credentialRun';
import type { FaxCloudErrorDetails } from './errors';
import {
	adviceForHttpStatus,
	faxCloudApiError,
	MAIL_MERGE_ADVICE,
	titleForHttpStatus,
} from './errors';
import {
	isHttpAddress,
	networkErrorCode,
	networkProblem,
	neverSent,
	withoutUserInfo,
} from './network';
import { retryFitsPoll, timeoutWithinPoll } from './pollDeadline';
import type { FaxCloudContext, FaxCloudInterface } from './faxCloudInterfaces';
import { BASE_URL_FIELD_OF, BASE_URL_LABEL_OF, CREDENTIAL_OF } from './faxCloudInterfaces';
import type { FilePart, RequestParams, WrittenFilePart } from './httpEncoding';
import { appendQuery, encodeForm, encodeMultipart, fileNameFromDisposition } from './httpEncoding';

export interface FaxCloudRequest {
	api: FaxCloudInterface;
	method: IHttpRequestMethods;
	/** Path below the interface's base URL, built with apiPath() so ids cannot change it. */
	path: string;
	query?: RequestParams;
	/** Parameters sent as an application/x-www-form-urlencoded body. */
	form?: RequestParams;
	/** Parameters and files sent as a multipart/form-data body. */
	multipart?: { fields?: RequestParams; files: Array<FilePart | WrittenFilePart> };
	/** JSON body (numbers interface). */
	json?: IDataObject;
	itemIndex?: number;
	timeoutMs?: number;
	/** How often a GET is tried in all; POST, PUT and DELETE are always tried once. */
	attempts?: number;
	/** Accept header; the JSON endpoints take the default, an image download names its format. */
	accept?: string;
}

export interface FaxCloudDownload {
	body: ByteStream;
	mimeType: string;
	fileName?: string;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_GET_ATTEMPTS = 3;
const RETRY_DELAYS_MS = [300, 1_000, 3_000];
const RETRYABLE_HTTP = new Set([500, 502, 503, 504]);

/** Outcome of one exchange; failures carry what the user will read, `transient` ones may be retried. */
type Attempt<T> =
	| { ok: true; value: T }
	| { ok: false; details: FaxCloudErrorDetails; transient: boolean };

/** A failed exchange of this request; `transient` failures of a GET are tried again. */
function failure(
	request: FaxCloudRequest,
	transient: boolean,
	details: Omit<FaxCloudErrorDetails, 'api' | 'itemIndex'>,
): Attempt<never> {
	return {
		ok: false,
		transient,
		details: { api: request.api, itemIndex: request.itemIndex, ...details },
	};
}

/** A response body stream, typed without importing Node's stream module (not allowed in nodes). */
export type ByteStream = AsyncIterable<Buffer | Uint8Array | string>;

async function resolveBaseUrl(this: FaxCloudContext, api: FaxCloudInterface, itemIndex?: number) {
	const credentials = await runCredentials.call(this, CREDENTIAL_OF[api], itemIndex);
	const raw = String(credentials[BASE_URL_FIELD_OF[api]] ?? '').trim();
	if (!isHttpAddress(raw)) {
		throw new NodeOperationError(
			this.getNode(),
			`The ${BASE_URL_LABEL_OF[api]} of the credential is not an http(s) address`,
			{
				itemIndex,
				description: `Open the credential and enter the ${BASE_URL_LABEL_OF[api]}, e.g. https://host/path/v1.`,
			},
		);
	}
	const headers: IDataObject = {};
	if (api === 'numbers' && credentials.versionHeaderName) {
		headers[String(credentials.versionHeaderName)] = String(credentials.versionHeaderValue ?? '');
	}
	return { baseUrl: raw.replace(/\/+$/, ''), headers, credentials };
}

/**
 * A multipart boundary per request: a random part drawn once per process and a count. Drawing
 * random text costs more than encoding a one-page fax (n8n's randomString asks the system for
 * random values each time), and a boundary only has to be absent from the body.
 */
const boundaries = { random: '', count: 0 };
function nextBoundary(): string {
	if (!boundaries.random) boundaries.random = randomString(16);
	boundaries.count++;
	return `----FaxCloudBoundary${boundaries.random}${boundaries.count.toString(36).padStart(8, '0')}`;
}

function buildBody(request: FaxCloudRequest): {
	body?: Buffer | string | IDataObject;
	contentType?: string;
} {
	if (request.multipart) {
		return encodeMultipart(request.multipart.fields, request.multipart.files, nextBoundary());
	}
	if (request.form) return encodeForm(request.form);
	if (request.json) return { body: request.json, contentType: 'application/json' };
	return {};
}

function header(response: IN8nHttpFullResponse, name: string): string | undefined {
	const value = response.headers?.[name] ?? response.headers?.[name.toLowerCase()];
	if (Array.isArray(value)) return String(value[0]);
	return value === undefined ? undefined : String(value);
}

/** Sends one HTTP exchange; returns the full response whatever its HTTP status. */
async function send(
	this: FaxCloudContext,
	request: FaxCloudRequest,
	encoding: 'arraybuffer' | 'stream',
): Promise<Attempt<IN8nHttpFullResponse>> {
	const { baseUrl, headers, credentials } = await resolveBaseUrl.call(
		this,
		request.api,
		request.itemIndex,
	);
	const { body, contentType } = buildBody(request);
	const timeout = timeoutWithinPoll(this, request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: appendQuery(`${baseUrl}${request.path}`, request.query),
		headers: {
			Accept: request.accept ?? 'application/json',
			...headers,
			...(contentType ? { 'Content-Type': contentType } : {}),
		},
		body,
		json: false,
		encoding,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		timeout,
	};
	try {
		const type = CREDENTIAL_OF[request.api];
		const response = (await this.helpers.httpRequestWithAuthentication.call(this, type, options, {
			credentialsDecrypted: decryptedCredential(this, type, credentials),
		})) as IN8nHttpFullResponse;
		return { ok: true, value: response };
	} catch (error) {
		// The client's error object is dropped on purpose: its request config holds the Authorization header.
		const code = networkErrorCode(error);
		const unsent = neverSent(code);
		return failure(request, true, {
			message: `Could not reach the Fax Cloud service at ${withoutUserInfo(baseUrl)}: ${networkProblem(code, 'the timeout') ?? 'network error'}`,
			advice: unsent
				? `Check the ${BASE_URL_LABEL_OF[request.api]} of the credential and the network.`
				: 'The connection failed before an answer arrived. A send may still have been carried out: look the fax up before sending again.',
			mayHaveReachedService: !unsent && request.method !== 'GET',
		});
	}
}

function parseJson(buffer: Buffer): IDataObject | undefined {
	try {
		const parsed = JSON.parse(buffer.toString('utf8')) as unknown;
		return parsed && typeof parsed === 'object' ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

/** Interfaces A and B report errors in RequestStatus; StatusCode may be 0 or "0" on success. */
function requestStatusOf(
	body: IDataObject | undefined,
): { code: string; text: string } | undefined {
	const status = body?.RequestStatus as IDataObject | undefined;
	if (!status || typeof status !== 'object') return undefined;
	return { code: String(status.StatusCode ?? '').trim(), text: String(status.StatusText ?? '') };
}

function toBuffer(body: unknown): Buffer {
	if (Buffer.isBuffer(body)) return body;
	if (body instanceof ArrayBuffer) return Buffer.from(body);
	if (typeof body === 'string') return Buffer.from(body, 'utf8');
	if (body === undefined || body === null) return Buffer.alloc(0);
	return Buffer.from(JSON.stringify(body), 'utf8');
}

async function readAll(stream: ByteStream): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(Buffer.from(chunk));
	return Buffer.concat(chunks);
}

function plainText(buffer: Buffer): string {
	return buffer
		.toString('utf8')
		.replace(/<[^>]*>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, 200);
}

/** Field-level problems some answers list (`details: [{field, message}]`), as one sentence. */
function fieldProblems(body: IDataObject | undefined): string {
	if (!Array.isArray(body?.details)) return '';
	return (body.details as unknown[])
		.map((detail) => {
			if (!detail || typeof detail !== 'object') return String(detail);
			const { field, message } = detail as IDataObject;
			return [field, message].filter((part) => part !== undefined && part !== '').join(': ');
		})
		.filter(Boolean)
		.join('; ');
}

/** Turns an HTTP answer into the parsed JSON body, or the failure the user will read. */
function checkResponse(
	request: FaxCloudRequest,
	httpCode: number,
	contentType: string,
	buffer: Buffer,
): Attempt<IDataObject> {
	const body = parseJson(buffer);
	const status = requestStatusOf(body);
	const failedStatus = status && status.code !== '' && status.code !== '0' ? status : undefined;
	const mayHaveReachedService = request.method !== 'GET';
	if (httpCode >= 400 || failedStatus) {
		const serviceText =
			failedStatus?.text ||
			[String(body?.message ?? body?.error ?? ''), fieldProblems(body)].filter(Boolean).join(' ') ||
			(body ? '' : plainText(buffer));
		const title =
			httpCode >= 400
				? `${titleForHttpStatus(httpCode)} (HTTP ${httpCode})`
				: 'The service reported an error';
		const codePart = failedStatus ? ` [StatusCode ${failedStatus.code}]` : '';
		const transient = RETRYABLE_HTTP.has(httpCode);
		return failure(request, transient, {
			httpCode,
			statusCode: failedStatus?.code,
			statusText: failedStatus?.text,
			message: `${title}${codePart}${serviceText ? `: ${serviceText}` : ''}`,
			advice:
				(request.api === 'mailMerge' && failedStatus
					? MAIL_MERGE_ADVICE[failedStatus.code]
					: undefined) ?? adviceForHttpStatus(request.api, httpCode),
			mayHaveReachedService: transient && mayHaveReachedService,
		});
	}
	if (!body && request.api === 'numbers' && !/json/i.test(contentType)) {
		// The numbers interface's success bodies are not described: an empty or plain-text 2xx is
		// still a success, and reporting it as a failure would invite a duplicate number request.
		const text = buffer.toString('utf8').trim();
		return { ok: true, value: text ? { httpCode, message: text.slice(0, 2000) } : { httpCode } };
	}
	if (!body) {
		return failure(request, true, {
			httpCode,
			message: `The service answered HTTP ${httpCode} with a body that is not valid JSON (${contentType || 'no content type'})`,
			advice: mayHaveReachedService
				? 'The request may have been carried out: look the fax up before sending again.'
				: 'Try again later.',
			mayHaveReachedService,
		});
	}
	return { ok: true, value: body };
}

/**
 * Sends the request and reads the answer with `read`, trying a GET again after transient failures;
 * raises NodeApiError at the end.
 */
async function exchange<T>(
	context: FaxCloudContext,
	request: FaxCloudRequest,
	encoding: 'arraybuffer' | 'stream',
	read: (response: IN8nHttpFullResponse) => Attempt<T> | Promise<Attempt<T>>,
): Promise<T> {
	const attempts =
		request.method === 'GET' ? Math.max(1, request.attempts ?? DEFAULT_GET_ATTEMPTS) : 1;
	for (let tryNumber = 1; ; tryNumber++) {
		const sent = await send.call(context, request, encoding);
		const outcome = sent.ok ? await read(sent.value) : sent;
		if (outcome.ok) return outcome.value;
		const delay = RETRY_DELAYS_MS[Math.min(tryNumber - 1, RETRY_DELAYS_MS.length - 1)];
		if (!outcome.transient || tryNumber >= attempts || !retryFitsPoll(context, delay)) {
			throw faxCloudApiError(context.getNode(), outcome.details);
		}
		await sleep(delay);
	}
}

/** A JSON answer with the service's clock at the time it answered. */
export interface DatedBody {
	body: IDataObject;
	/** The answer's HTTP Date header (epoch ms, whole seconds); undefined when absent or unreadable. */
	serviceTime?: number;
}

function serviceTimeOf(response: IN8nHttpFullResponse): number | undefined {
	const time = Date.parse(header(response, 'date') ?? '');
	return isNaN(time) ? undefined : time;
}

/**
 * One JSON request, as faxCloudRequest, with the Date header of the answer: the service's own
 * clock, which a poller may trust where the n8n host's clock may be off.
 */
export async function faxCloudRequestDated(
	this: FaxCloudContext,
	request: FaxCloudRequest,
): Promise<DatedBody> {
	return await jsonExchange(this, request, true);
}

/** The JSON answer, checked; with the service's clock only when `dated` (parsing it costs). */
async function jsonExchange(
	context: FaxCloudContext,
	request: FaxCloudRequest,
	dated: boolean,
): Promise<DatedBody> {
	return await exchange(context, request, 'arraybuffer', (response): Attempt<DatedBody> => {
		const checked = checkResponse(
			request,
			response.statusCode,
			header(response, 'content-type') ?? '',
			toBuffer(response.body),
		);
		if (!checked.ok) return checked;
		const serviceTime = dated ? serviceTimeOf(response) : undefined;
		return { ok: true, value: { body: checked.value, serviceTime } };
	});
}

/** One JSON request to any of the three interfaces, with the RequestStatus check and retries of GETs. */
export async function faxCloudRequest(
	this: FaxCloudContext,
	request: FaxCloudRequest,
): Promise<IDataObject> {
	return (await jsonExchange(this, request, false)).body;
}

/** A binary download (fax image); the body stays a stream so large images are never held in memory. */
export async function faxCloudDownload(
	this: FaxCloudContext,
	request: FaxCloudRequest,
): Promise<FaxCloudDownload> {
	return await exchange(
		this,
		request,
		'stream',
		async (response): Promise<Attempt<FaxCloudDownload>> => {
			const contentType = header(response, 'content-type') ?? 'application/octet-stream';
			const stream = response.body as ByteStream;
			if (response.statusCode >= 400 || /json|text\/html/i.test(contentType)) {
				const checked = checkResponse(
					request,
					response.statusCode,
					contentType,
					await readAll(stream),
				);
				if (!checked.ok) return checked;
				return failure(request, true, {
					httpCode: response.statusCode,
					message: `The service answered with ${contentType} instead of a fax image`,
					advice: 'Try again later.',
				});
			}
			return {
				ok: true,
				value: {
					body: stream,
					mimeType: contentType.split(';')[0].trim(),
					fileName: fileNameFromDisposition(header(response, 'content-disposition')),
				},
			};
		},
	);
}

export interface PagingOptions {
	/** Records per request (ResultLimit). */
	pageSize?: number;
	/** Stop after this many records; undefined returns all. */
	limit?: number;
}

export interface FaxCloudPage {
	records: IDataObject[];
	body: IDataObject;
	/** The service's clock when it answered (Date header, epoch ms); undefined when absent. */
	serviceTime?: number;
	/** Whether another page follows; stopping the iteration here leaves it unread. */
	more: boolean;
	/** The key of the next page (GetNextResults) when `more`. */
	reference?: string;
}

/**
 * Pages in a row that bring no record not read before in the same paging, before the paging is
 * given up as stuck. More than one: a record modified while the pages are read comes again on a
 * later page, and a page can hold only such records.
 */
export const MAX_PAGES_WITHOUT_PROGRESS = 3;

/** What makes a record a new one for the progress check: the fax and the fields a change moves. */
function recordIdentity(record: IDataObject): string {
	if (record.FaxId === undefined) return JSON.stringify(record);
	return `${String(record.FaxId)}|${String(record.FaxStatus ?? '')}|${String(record.CompleteTime ?? '')}|${String(record.ReceivedTime ?? '')}`;
}

/** How a fax search is paged (faxCloudPages). */
export interface PagesOptions {
	/** Records per request (ResultLimit); 100 by default. */
	pageSize?: number;
	/** A ResultsReference of an earlier answer to go on from; the first page by default. */
	startAt?: string;
	/**
	 * Ask for the next page as soon as a page arrives, while the caller reads this one, for a
	 * caller that reads every page: the service sees the same requests in the same order, and the
	 * caller's work on a page no longer adds to the paging's time. A caller that stops early leaves
	 * that one request unread (its answer or error is dropped), so it is off by default.
	 */
	readAhead?: boolean;
}

/**
 * An answer that says more results exist but gives no ResultsReference to read them: the rest of
 * the list cannot be had, and taking the page for the whole list would lose the rest in silence.
 */
function pagesWithoutKey(context: FaxCloudContext, request: FaxCloudRequest, page: number) {
	return faxCloudApiError(context.getNode(), {
		api: request.api,
		itemIndex: request.itemIndex,
		message: `The service's answer to ${request.method} ${request.path} (page ${page}) says HasMoreResults is true but gives no ResultsReference, so the rest of the results cannot be read`,
		advice:
			'Nothing of this search was taken as complete. Try again later; if it persists, the service is not returning the key of the next page.',
	});
}

/**
 * Pages of a fax search: repeats the query with GetNextResults = ResultsReference while the
 * service says more results exist, from the first page or from `startAt`. Interface A omits
 * HasMoreResults for inbound searches, so a ResultsReference alone also means "more". The key may
 * be the same on every page (a session cursor, which the description allows), so paging ends only
 * when the service says there is no more; a paging that stops bringing new records fails, so a
 * caller never takes a part of the list for all of it.
 */
export async function* faxCloudPages(
	this: FaxCloudContext,
	request: FaxCloudRequest,
	options: PagesOptions = {},
): AsyncGenerator<FaxCloudPage> {
	const { pageSize = 100, readAhead = false } = options;
	const fetchPage = (reference?: string): Promise<DatedBody> =>
		faxCloudRequestDated.call(this, {
			...request,
			query: reference
				? { ...request.query, ResultLimit: pageSize, GetNextResults: reference }
				: { ...request.query, ResultLimit: pageSize },
		});
	let next = fetchPage(options.startAt);
	let pageNumber = 1;
	const read = new Set<string>();
	let pagesWithoutProgress = 0;
	for (;;) {
		const { body, serviceTime } = await next;
		const records = Array.isArray(body.FaxInfo) ? (body.FaxInfo as IDataObject[]) : [];
		const reference = body.ResultsReference ? String(body.ResultsReference) : '';
		const saysMore = String(body.HasMoreResults) === 'true';
		if (saysMore && reference === '') throw pagesWithoutKey(this, request, pageNumber);
		const more = reference !== '' && (body.HasMoreResults === undefined || saysMore);
		pageNumber++;
		if (more && readAhead) {
			next = fetchPage(reference);
			// Handled where it is awaited; a caller that stops early never awaits it.
			next.catch(() => undefined);
		}
		let progress = false;
		for (const record of records) {
			const identity = recordIdentity(record);
			if (read.has(identity)) continue;
			read.add(identity);
			progress = true;
		}
		yield { records, body, serviceTime, more, reference: more ? reference : undefined };
		if (!more) return;
		pagesWithoutProgress = progress ? 0 : pagesWithoutProgress + 1;
		if (pagesWithoutProgress >= MAX_PAGES_WITHOUT_PROGRESS) {
			throw faxCloudApiError(this.getNode(), {
				api: request.api,
				itemIndex: request.itemIndex,
				message: `The service answered the same page of search results again: ${MAX_PAGES_WITHOUT_PROGRESS} pages in a row brought no new record although it said more results exist`,
				advice:
					'The search was stopped so that no record is skipped, and nothing of it was used. Try again later; if it persists, the service’s paging (ResultsReference) is not moving on.',
			});
		}
		if (!readAhead) next = fetchPage(reference);
	}
}

/** Every record of a fax search (Return All), or the first `limit` records. */
export async function faxCloudRequestAllItems(
	this: FaxCloudContext,
	request: FaxCloudRequest,
	options: PagingOptions = {},
): Promise<IDataObject[]> {
	const all: IDataObject[] = [];
	const pageSize = Math.max(1, Math.min(options.pageSize ?? 100, options.limit ?? Infinity));
	for await (const { records } of faxCloudPages.call(this, request, { pageSize })) {
		all.push(...records);
		if (options.limit !== undefined && all.length >= options.limit) {
			return all.slice(0, options.limit);
		}
	}
	return all;
}
