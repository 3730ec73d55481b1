export interface Reply {
	status: number;
	headers?: Record<string, string>;
	/** Serialized as JSON unless body is given. */
	json?: unknown;
	body?: Buffer | string;
}

export function json(status: number, value: unknown, headers?: Record<string, string>): Reply {
	return { status, json: value, headers };
}

/** Interfaces A and B: every JSON answer carries RequestStatus, last, 0 and empty text on success. */
export function withStatus(
	status: number,
	fields: Record<string, unknown> = {},
	statusCode = 0,
	statusText = '',
): Reply {
	const RequestStatus = { StatusCode: statusCode, StatusText: statusText };
	return json(status, { ...fields, RequestStatus });
}

export function htmlErrorPage(status: number): string {
	const title = status === 503 ? '503 Service Temporarily Unavailable' : `${status} Bad Gateway`;
	return (
		`<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n` +
		`<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
	);
}
