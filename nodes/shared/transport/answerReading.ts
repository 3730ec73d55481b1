// Answer reading: an HTTP answer becomes a checked JSON body, a fax image, or a thrown NodeApiError.
import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';

import {
	adviceForHttpStatus,
	MAIL_MERGE_ADVICE,
	requestFailure,
	titleForHttpStatus,
} from './apiErrors';
import type { FaxCloudContext } from './faxCloudInterfaces';
import type { FaxCloudRequest } from './requestBuilding';

/** A response body stream, typed without importing Node's stream module (not allowed in nodes). */
export type ByteStream = AsyncIterable<Buffer | Uint8Array | string>;

export interface FaxCloudDownload {
	body: ByteStream;
	mimeType: string;
	fileName?: string;
}

const RETRYABLE_HTTP = new Set([500, 502, 503, 504]);

export function header(response: IN8nHttpFullResponse, name: string): string | undefined {
	const value = response.headers?.[name] ?? response.headers?.[name.toLowerCase()];
	if (Array.isArray(value)) return String(value[0]);
	return value === undefined ? undefined : String(value);
}

/** The body as a JSON object, or undefined when it is not one. */
export function parseJsonObject(text: string): IDataObject | undefined {
	try {
		const parsed = JSON.parse(text) as unknown;
		return parsed && typeof parsed === 'object' ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

/** Interfaces A and B report errors in RequestStatus; StatusCode may be 0 or "0" on success. */
export function requestStatusOf(
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

/** The parsed JSON body of an HTTP answer; throws the failure the user will read. */
function checkedBody(
	context: FaxCloudContext,
	request: FaxCloudRequest,
	httpCode: number,
	contentType: string,
	buffer: Buffer,
): IDataObject {
	const body = parseJsonObject(buffer.toString('utf8'));
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
		throw requestFailure(context, request, transient, {
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
		return text ? { httpCode, message: text.slice(0, 2000) } : { httpCode };
	}
	if (!body) {
		throw requestFailure(context, request, true, {
			httpCode,
			message: `The service answered HTTP ${httpCode} with a body that is not valid JSON (${contentType || 'no content type'})`,
			advice: mayHaveReachedService
				? 'The request may have been carried out: look the fax up before sending again.'
				: 'Try again later.',
			mayHaveReachedService,
		});
	}
	return body;
}

/** The JSON body of an answer read whole, checked (HTTP status, RequestStatus, JSON). */
export function readJson(
	context: FaxCloudContext,
	request: FaxCloudRequest,
	response: IN8nHttpFullResponse,
): IDataObject {
	return checkedBody(
		context,
		request,
		response.statusCode,
		header(response, 'content-type') ?? '',
		toBuffer(response.body),
	);
}

/** The answer's HTTP Date header (epoch ms, whole seconds); undefined when absent or unreadable. */
export function serviceTimeOf(response: IN8nHttpFullResponse): number | undefined {
	const time = Date.parse(header(response, 'date') ?? '');
	return isNaN(time) ? undefined : time;
}

/** File name from a Content-Disposition header (`filename*=` UTF-8 form first). */
export function fileNameFromDisposition(value: string | undefined): string | undefined {
	if (!value) return undefined;
	const extended = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(value);
	if (extended) {
		try {
			return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
		} catch {
			// fall through to the plain form
		}
	}
	const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(value);
	if (!plain) return undefined;
	return (plain[2] ?? plain[1]).trim();
}

/** A fax image answered as a stream; an error page or a JSON answer instead throws. */
export async function readDownload(
	context: FaxCloudContext,
	request: FaxCloudRequest,
	response: IN8nHttpFullResponse,
): Promise<FaxCloudDownload> {
	const contentType = header(response, 'content-type') ?? 'application/octet-stream';
	const stream = response.body as ByteStream;
	if (response.statusCode >= 400 || /json|text\/html/i.test(contentType)) {
		checkedBody(context, request, response.statusCode, contentType, await readAll(stream));
		throw requestFailure(context, request, true, {
			httpCode: response.statusCode,
			message: `The service answered with ${contentType} instead of a fax image`,
			advice: 'Try again later.',
		});
	}
	return {
		body: stream,
		mimeType: contentType.split(';')[0].trim(),
		fileName: fileNameFromDisposition(header(response, 'content-disposition')),
	};
}
