interface MultipartPart {
	name: string;
	/** Present (possibly empty) when the part carried a filename: it is then a file part. */
	filename?: string;
	contentType?: string;
	data: Buffer;
}

export class MultipartError extends Error {}

export function boundaryOf(contentType: string): string | undefined {
	const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	return m ? (m[1] ?? m[2]) : undefined;
}

function headerParam(header: string, name: string): string | undefined {
	const re = new RegExp(`(?:^|;)\\s*${name}\\*?=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i');
	const m = re.exec(header);
	if (!m) return undefined;
	const raw = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2].trim();
	if (/^utf-8''/i.test(raw)) return decodeURIComponent(raw.slice(7));
	return raw;
}

/** RFC 7578 multipart/form-data, the whole body in memory (uploads here are small test files). */
export function parseMultipart(body: Buffer, boundary: string): MultipartPart[] {
	const delimiter = Buffer.from(`--${boundary}`);
	const parts: MultipartPart[] = [];
	let pos = body.indexOf(delimiter);
	if (pos < 0) throw new MultipartError('multipart boundary not found in body');
	for (;;) {
		pos += delimiter.length;
		if (body.subarray(pos, pos + 2).toString() === '--') break;
		if (body.subarray(pos, pos + 2).toString() === '\r\n') pos += 2;
		const headerEnd = body.indexOf('\r\n\r\n', pos);
		if (headerEnd < 0) throw new MultipartError('malformed multipart part headers');
		const headerText = body.subarray(pos, headerEnd).toString('utf8');
		const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
		if (next < 0) throw new MultipartError('multipart body is not terminated');
		const data = body.subarray(headerEnd + 4, next);
		const headers = new Map<string, string>();
		for (const line of headerText.split('\r\n')) {
			const colon = line.indexOf(':');
			if (colon > 0)
				headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
		}
		const disposition = headers.get('content-disposition') ?? '';
		const name = headerParam(disposition, 'name');
		if (name === undefined) throw new MultipartError('multipart part without a name');
		const filename = headerParam(disposition, 'filename');
		parts.push({
			name,
			filename,
			contentType: headers.get('content-type'),
			data: Buffer.from(data),
		});
		pos = next + 2;
	}
	return parts;
}
