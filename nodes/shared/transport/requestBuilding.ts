// Request building: a FaxCloudRequest becomes the HTTP options of one exchange, sent once.
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError, randomString } from 'n8n-workflow';

import { requestFailure } from './apiErrors';
import { decryptedCredential, resolvedRunCredentials, runCredentials } from './credentialRun';
import type { FaxCloudContext, FaxCloudInterface } from './faxCloudInterfaces';
import { BASE_URL_FIELD_OF, BASE_URL_LABEL_OF, CREDENTIAL_OF } from './faxCloudInterfaces';
import type { FilePart, RequestParams, WrittenFilePart } from './httpEncoding';
import { appendQuery, encodeForm, encodeMultipart } from './httpEncoding';
import {
	isHttpAddress,
	networkErrorCode,
	networkProblem,
	neverSent,
	withoutUserInfo,
} from './networkFailures';
import { timeoutWithinPoll } from './pollDeadline';

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

const DEFAULT_TIMEOUT_MS = 60_000;

interface ResolvedAddress {
	baseUrl: string;
	headers: IDataObject;
	credentials: ICredentialDataDecryptedObject;
}

/**
 * Each resolved credential's address, read once: within a run every request gets the same
 * credential object (credentialRun.ts), so a bulk send checks and trims its base URL once, not
 * per fax. Outside a run each resolution is a new object, and its entry goes with it.
 */
const addresses = new WeakMap<
	ICredentialDataDecryptedObject,
	Map<FaxCloudInterface, ResolvedAddress>
>();

async function resolveBaseUrl(
	this: FaxCloudContext,
	api: FaxCloudInterface,
	itemIndex?: number,
): Promise<ResolvedAddress> {
	const credentials = await runCredentials.call(this, CREDENTIAL_OF[api], itemIndex);
	let known = addresses.get(credentials);
	const resolved = known?.get(api);
	if (resolved) return resolved;
	const address = readAddress(this, api, credentials, itemIndex);
	if (!known) addresses.set(credentials, (known = new Map()));
	known.set(api, address);
	return address;
}

/** The address when the run has resolved it already: most requests of a run, without a wait. */
function knownAddress(
	context: FaxCloudContext,
	api: FaxCloudInterface,
): ResolvedAddress | undefined {
	const credentials = resolvedRunCredentials(context, CREDENTIAL_OF[api]);
	return credentials && addresses.get(credentials)?.get(api);
}

function readAddress(
	context: FaxCloudContext,
	api: FaxCloudInterface,
	credentials: ICredentialDataDecryptedObject,
	itemIndex?: number,
): ResolvedAddress {
	const raw = String(credentials[BASE_URL_FIELD_OF[api]] ?? '').trim();
	if (!isHttpAddress(raw)) {
		throw new NodeOperationError(
			context.getNode(),
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

/** Accept, the interface's own headers, then the body's type: the order n8n sends them in. */
function requestHeaders(
	request: FaxCloudRequest,
	interfaceHeaders: IDataObject,
	contentType: string | undefined,
): IDataObject {
	const headers: IDataObject = { Accept: request.accept ?? 'application/json' };
	Object.assign(headers, interfaceHeaders);
	if (contentType) headers['Content-Type'] = contentType;
	return headers;
}

/**
 * Sends one HTTP exchange and returns the full response whatever its HTTP status. A connection
 * that fails throws the NodeApiError the user will read, marked transient (a GET may try again).
 */
export async function sendOnce(
	this: FaxCloudContext,
	request: FaxCloudRequest,
	encoding: 'arraybuffer' | 'stream',
): Promise<IN8nHttpFullResponse> {
	const { baseUrl, headers, credentials } =
		knownAddress(this, request.api) ??
		(await resolveBaseUrl.call(this, request.api, request.itemIndex));
	const { body, contentType } = buildBody(request);
	const timeout = timeoutWithinPoll(this, request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: appendQuery(`${baseUrl}${request.path}`, request.query),
		headers: requestHeaders(request, headers, contentType),
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
		return (await this.helpers.httpRequestWithAuthentication.call(this, type, options, {
			credentialsDecrypted: decryptedCredential(this, type, credentials),
		})) as IN8nHttpFullResponse;
	} catch (error) {
		// The client's error object is dropped on purpose: its request config holds the Authorization header.
		const code = networkErrorCode(error);
		const unsent = neverSent(code);
		throw requestFailure(this, request, true, {
			message: `Could not reach the Fax Cloud service at ${withoutUserInfo(baseUrl)}: ${networkProblem(code, 'the timeout') ?? 'network error'}`,
			advice: unsent
				? `Check the ${BASE_URL_LABEL_OF[request.api]} of the credential and the network.`
				: 'The connection failed before an answer arrived. A send may still have been carried out: look the fax up before sending again.',
			mayHaveReachedService: !unsent && request.method !== 'GET',
		});
	}
}
