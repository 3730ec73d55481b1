import { boundaryOf, MultipartError, parseMultipart } from './multipart';
import type { ParamValue, RequestFileInfo } from '../request-log';

export interface UploadedFile {
	field: string;
	filename: string;
	contentType: string;
	data: Buffer;
}

/**
 * Parameters as the service reads them: query string first, then the form or multipart body, in
 * order of appearance. Names are case sensitive; a name given more than once keeps every value.
 */
export class Params {
	readonly entries: Array<[string, string]> = [];
	readonly files: UploadedFile[] = [];

	constructor(search?: URLSearchParams) {
		for (const entry of search ?? []) this.entries.push(entry);
	}

	has(name: string): boolean {
		return this.entries.some(([n]) => n === name);
	}

	/** The first value given for the name. */
	get(name: string): string | undefined {
		return this.entries.find(([n]) => n === name)?.[1];
	}

	file(field: string): UploadedFile | undefined {
		return this.files.find((f) => f.field === field);
	}

	toRecord(): Record<string, ParamValue> {
		// No prototype: a parameter named constructor or __proto__ is a parameter like any other.
		const out: Record<string, ParamValue> = Object.create(null);
		for (const [name, value] of this.entries) {
			const prev = out[name];
			if (prev === undefined) out[name] = value;
			else out[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
		}
		return out;
	}

	fileInfo(): RequestFileInfo[] {
		return this.files.map(({ field, filename, contentType, data }) => {
			return { field, filename, contentType, size: data.length };
		});
	}
}

export const queryRecord = (search: URLSearchParams) => new Params(search).toRecord();

/**
 * The query and body of a request: a form or multipart body into the parameters, a JSON body
 * (numbers interface) parsed apart; a body that cannot be read gives `jsonError` or `bodyError`.
 */
export function parseRequestParams(
	search: URLSearchParams,
	contentType: string | undefined,
	body: Buffer,
): { params: Params; json?: unknown; jsonError?: string; bodyError?: string } {
	const params = new Params(search);
	const type = (contentType ?? '').toLowerCase();
	if (body.length === 0) return { params };
	if (type.startsWith('application/x-www-form-urlencoded')) {
		for (const entry of new URLSearchParams(body.toString('utf8'))) params.entries.push(entry);
	} else if (type.startsWith('multipart/form-data')) {
		const boundary = boundaryOf(contentType ?? '');
		if (!boundary) return { params, bodyError: 'multipart body without a boundary' };
		try {
			for (const part of parseMultipart(body, boundary)) {
				const { name, filename, contentType = 'application/octet-stream', data } = part;
				if (filename === undefined) params.entries.push([name, data.toString('utf8')]);
				else params.files.push({ field: name, filename, contentType, data });
			}
		} catch (e) {
			if (!(e instanceof MultipartError)) throw e;
			return { params, bodyError: e.message };
		}
	} else if (type.startsWith('application/json') || type.endsWith('+json')) {
		try {
			return { params, json: JSON.parse(body.toString('utf8')) };
		} catch (e) {
			return { params, jsonError: (e as Error).message };
		}
	}
	return { params };
}
