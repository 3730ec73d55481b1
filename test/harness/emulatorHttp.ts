import { FormData, request, type Agent } from 'undici';
import { basicAuthorization, SEED_USERS, type Emulator } from '../../emulator';
import { TEXT_LINES_PER_PAGE } from '../../emulator/fax/documents';
import { formPdf } from './formPdf';
import { numberedPdf } from './textPdf';

/** The emulator over HTTP as its clients call it: logins, sends, mail merge jobs, uploads. */
export type Login = { userId: string; password: string };

export const USERS = SEED_USERS;

export interface CallOptions {
	auth?: Login | string | null;
	query?: Record<string, string | string[] | number | boolean>;
	form?: Record<string, string | string[]>;
	multipart?: FormData;
	json?: unknown;
	headers?: Record<string, string>;
	body?: string | Buffer;
}

export interface CallResult {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	body: Buffer;
	json: any;
}

export const basic = (login: Login): string => basicAuthorization(login);

export async function call(method: string, url: string, options: CallOptions = {}) {
	const target = new URL(url);
	appendAll(target.searchParams, options.query ?? {});
	const headers: Record<string, string> = { ...(options.headers ?? {}) };
	if (options.auth)
		headers.authorization = typeof options.auth === 'string' ? options.auth : basic(options.auth);
	let body: string | Buffer | FormData | undefined = options.body;
	if (options.form) {
		const p = new URLSearchParams();
		appendAll(p, options.form);
		body = p.toString();
		headers['content-type'] = 'application/x-www-form-urlencoded';
	} else if (options.multipart) {
		body = options.multipart;
	} else if (options.json !== undefined) {
		body = JSON.stringify(options.json);
		headers['content-type'] = 'application/json';
	}
	// One connection per call: a kept-alive socket the emulator closes as idle just as the next call
	// reuses it fails that call with ECONNRESET. These tests are about answers, not sockets.
	const res = await request(target, { method: method as any, headers, body, reset: true });
	const buf = Buffer.from(await res.body.arrayBuffer());
	let json: any;
	if (String(res.headers['content-type'] ?? '').includes('json')) {
		try {
			json = JSON.parse(buf.toString('utf8'));
		} catch {
			json = undefined;
		}
	}
	return { status: res.statusCode, headers: res.headers as CallResult['headers'], body: buf, json };
}

/** Appends each value of a record to a form or a query; an array repeats the name. */
function appendAll(
	to: { append(name: string, value: string): void },
	values: Record<string, string | number | boolean | Array<string | number | boolean>>,
) {
	for (const [name, value] of Object.entries(values)) {
		for (const one of Array.isArray(value) ? value : [value]) to.append(name, String(one));
	}
}

// The status code alone: many checks only ask whether the service allowed or refused a call.
export async function statusOf(method: string, url: string, options: CallOptions = {}) {
	return (await call(method, url, options)).status;
}

/** Calls the control API (under /__emulator) of the emulator `emu()` returns, with a JSON body. */
export const controlOf =
	(emu: () => Emulator) =>
	(method: string, path: string, json?: unknown): Promise<CallResult> =>
		call(method, `${emu().urls.control}${path}`, { json });

export const MINUTE = 60_000;

/** A tiny valid text attachment. */
export function textFile(text = 'Hello fax\nSecond line\n'): Blob {
	return new Blob([text], { type: 'text/plain' });
}

/** A text attachment the emulator counts as `pages` pages ("line 1", "line 2", ...). */
export function textPages(pages: number): Blob {
	const lines = Array.from({ length: pages * TEXT_LINES_PER_PAGE }, (_, i) => `line ${i + 1}`);
	return textFile(lines.join('\n'));
}

export async function pdfFile(pages = 2): Promise<Blob> {
	return new Blob([await numberedPdf(pages)], { type: 'application/pdf' });
}

/** Multipart send form: one attachment plus the given parameters (arrays repeat the name). */
export function sendForm(
	params: Record<string, string | string[]>,
	file: Blob = textFile(),
	filename = 'letter.txt',
): FormData {
	const fd = new FormData();
	appendAll(fd, params);
	fd.append('attachment', file, filename);
	return fd;
}

export async function sendFax(
	emu: Emulator,
	login: Login,
	params: Record<string, string | string[]>,
	file?: Blob,
): Promise<CallResult> {
	return call('POST', `${emu.urls.fax}/outboundfaxes`, {
		auth: login,
		multipart: sendForm(params, file),
	});
}

/** Alice's outbound faxes asked for through `agent` (its own sockets), the answer's status. */
export async function searchThrough(agent: Agent, emu: Emulator): Promise<number> {
	const res = await agent.request({
		origin: new URL(emu.urls.fax).origin,
		path: '/v1/outboundfaxes',
		method: 'GET',
		headers: { authorization: basic(USERS.alice) },
	});
	await res.body.dump();
	return res.statusCode;
}

export async function getOutbound(emu: Emulator, login: Login, id: string | number): Promise<any> {
	const res = await call('GET', `${emu.urls.fax}/outboundfaxes/${id}`, { auth: login });
	return res.json?.FaxInfo?.[0];
}

let jobTemplate: Promise<Buffer> | undefined;

/**
 * Creates a mail merge job of `lines` CSV lines (Name, Fax) for `login`, its id; the emulator
 * reads one line every 2 s, then the job is COMPLETE.
 */
export async function postMailMergeJob(
	emu: Emulator,
	lines: number,
	login: Login = USERS.alice,
	keywords?: string[],
) {
	jobTemplate ??= formPdf(['Name', 'Fax']);
	const ref = (i: number) => (keywords ? `,${keywords[i]}` : '');
	const csv = [
		`Name,Fax${keywords ? ',Ref' : ''}`,
		...Array.from({ length: lines }, (_, i) => `N${i},12125550000${ref(i)}`),
	];
	const form = new FormData();
	form.append('FaxNumerColumnName', 'Fax');
	if (keywords) form.append('KeywordColumnName', 'Ref');
	form.append('CSV', new Blob([`${csv.join('\r\n')}\r\n`], { type: 'text/csv' }), 'list.csv');
	form.append('Template', new Blob([await jobTemplate], { type: 'application/pdf' }), 'form.pdf');
	const res = await call('POST', `${emu.urls.mailMerge}/Job`, { auth: login, multipart: form });
	if (res.status !== 201) throw new Error(`job not created: ${res.body.toString()}`);
	return Number(res.json.JobID);
}
