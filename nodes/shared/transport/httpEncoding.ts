// Parameter encoding: query string, form and multipart bodies as the service reads them, and paths.
/**
 * Encoding of request parameters the way the service reads them: query string, form body or
 * multipart body, with repeatable names (FaxNumber, FaxRecipient) sent once per value.
 * Built by hand because the strict community lint forbids the form-data package and n8n's own
 * query serialiser writes arrays as `name[0]=`, which the service would ignore.
 */

export type ParamValue = string | number | boolean | undefined | null;
export type RequestParams = Record<string, ParamValue | ParamValue[]>;

export interface FilePart {
	/** Part name; the fax interface accepts any name for attachments. */
	field: string;
	data: Buffer;
	fileName: string;
	mimeType: string;
}

/**
 * A file the node makes itself (a mail merge CSV from input items), written straight into the
 * request body so that a large file exists once in memory instead of as a buffer and its copy.
 */
export interface WrittenFilePart extends Omit<FilePart, 'data'> {
	byteLength: number;
	/** Writes the file at `offset`; returns how many bytes it wrote. */
	writeInto(target: Buffer, offset: number): number;
}

function paramPairs(params: RequestParams | undefined): Array<[string, string]> {
	const pairs: Array<[string, string]> = [];
	for (const [name, value] of Object.entries(params ?? {})) {
		const values = Array.isArray(value) ? value : [value];
		for (const single of values) {
			if (single === undefined || single === null) continue;
			pairs.push([name, String(single)]);
		}
	}
	return pairs;
}

export function encodeQuery(params: RequestParams | undefined): string {
	return paramPairs(params)
		.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
		.join('&');
}

export function appendQuery(url: string, params: RequestParams | undefined): string {
	if (params === undefined) return url;
	const query = encodeQuery(params);
	if (!query) return url;
	return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** Quotes a multipart header value; CR, LF and quotes cannot be sent raw inside it. */
function quoteHeaderValue(value: string): string {
	return UNQUOTED.test(value) ? value : value.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));
}

/** A header value with nothing to quote (the usual field and file names). */
const UNQUOTED = /^[^\r\n"]*$/;

export interface EncodedBody {
	body: Buffer | string;
	contentType: string;
}

/**
 * The multipart body. The text between files (part headers, field values) is joined first and
 * turned into bytes once per stretch: a buffer per header and value cost more than the encoding.
 */
export function encodeMultipart(
	fields: RequestParams | undefined,
	files: Array<FilePart | WrittenFilePart>,
	boundary: string,
): EncodedBody {
	const pieces: Array<Buffer | WrittenFilePart> = [];
	let text = '';
	const params = fields ?? {};
	for (const name of Object.keys(params)) {
		const value = params[name];
		const head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoteHeaderValue(name)}"\r\n\r\n`;
		// The pairs paramPairs gives, written as they come: one part per value, none for an empty one.
		for (const single of Array.isArray(value) ? value : [value]) {
			if (single !== undefined && single !== null) text += `${head}${String(single)}\r\n`;
		}
	}
	for (const file of files) {
		text +=
			`--${boundary}\r\nContent-Disposition: form-data; name="${quoteHeaderValue(file.field)}"; ` +
			`filename="${quoteHeaderValue(file.fileName)}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`;
		pieces.push(Buffer.from(text, 'utf8'), 'data' in file ? file.data : file);
		text = '\r\n';
	}
	pieces.push(Buffer.from(`${text}--${boundary}--\r\n`, 'utf8'));
	let size = 0;
	for (const piece of pieces) size += Buffer.isBuffer(piece) ? piece.length : piece.byteLength;
	const body = Buffer.alloc(size);
	let offset = 0;
	for (const piece of pieces) {
		if (Buffer.isBuffer(piece)) {
			offset += piece.copy(body, offset);
			continue;
		}
		const written = piece.writeInto(body, offset);
		if (written !== piece.byteLength) {
			throw new Error(`The file ${piece.fileName} was ${written} bytes, not ${piece.byteLength}`);
		}
		offset += written;
	}
	return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export function encodeForm(params: RequestParams | undefined): EncodedBody {
	// A string, because n8n's HTTP client rebuilds form bodies with new URLSearchParams(body).
	return { body: encodeQuery(params), contentType: 'application/x-www-form-urlencoded' };
}

/** Joins path segments, each percent-encoded, so no value can add or climb path levels. */
export function apiPath(...segments: Array<string | number>): string {
	return '/' + segments.map((segment) => encodeURIComponent(String(segment))).join('/');
}
