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

	add(name: string, value: string): void {
		this.entries.push([name, value]);
	}

	has(name: string): boolean {
		return this.entries.some(([n]) => n === name);
	}

	/** The first value given for the name. */
	get(name: string): string | undefined {
		return this.entries.find(([n]) => n === name)?.[1];
	}

	all(name: string): string[] {
		return this.entries.filter(([n]) => n === name).map(([, v]) => v);
	}

	file(field: string): UploadedFile | undefined {
		return this.files.find((f) => f.field === field);
	}

	toRecord(): Record<string, ParamValue> {
		const out: Record<string, ParamValue> = {};
		for (const [name, value] of this.entries) {
			const prev = out[name];
			if (prev === undefined) out[name] = value;
			else out[name] = Array.isArray(prev) ? [...prev, value] : [prev, value];
		}
		return out;
	}

	fileInfo(): RequestFileInfo[] {
		return this.files.map((f) => ({
			field: f.field,
			filename: f.filename,
			contentType: f.contentType,
			size: f.data.length,
		}));
	}
}

export interface ParsedBody {
	params: Params;
	/** Parsed JSON body (numbers interface); undefined when the body is not JSON. */
	json?: unknown;
	jsonError?: string;
	bodyError?: string;
}

export function queryRecord(search: URLSearchParams): Record<string, ParamValue> {
	const p = new Params();
	for (const [k, v] of search) p.add(k, v);
	return p.toRecord();
}

export function parseRequestParams(
	search: URLSearchParams,
	contentType: string | undefined,
	body: Buffer,
): ParsedBody {
	const params = new Params();
	for (const [k, v] of search) params.add(k, v);
	const type = (contentType ?? '').toLowerCase();
	const result: ParsedBody = { params };
	if (body.length === 0) return result;
	if (type.startsWith('application/x-www-form-urlencoded')) {
		for (const [k, v] of new URLSearchParams(body.toString('utf8'))) params.add(k, v);
	} else if (type.startsWith('multipart/form-data')) {
		const boundary = boundaryOf(contentType ?? '');
		if (!boundary) {
			result.bodyError = 'multipart body without a boundary';
			return result;
		}
		try {
			for (const part of parseMultipart(body, boundary)) {
				if (part.filename !== undefined) {
					params.files.push({
						field: part.name,
						filename: part.filename,
						contentType: part.contentType ?? 'application/octet-stream',
						data: part.data,
					});
				} else {
					params.add(part.name, part.data.toString('utf8'));
				}
			}
		} catch (e) {
			if (!(e instanceof MultipartError)) throw e;
			result.bodyError = e.message;
		}
	} else if (type.startsWith('application/json') || type.endsWith('+json')) {
		try {
			result.json = JSON.parse(body.toString('utf8'));
		} catch (e) {
			result.jsonError = (e as Error).message;
		}
	}
	return result;
}
