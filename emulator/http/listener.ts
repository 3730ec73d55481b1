import { createServer, type IncomingMessage, type ServerResponse } from 'http';
import type { Socket } from 'net';
import type { ApiName, RequestAuthInfo, RequestLog, RequestRecord } from '../request-log';
import type { Fault, FaultRegistry } from '../faults';
import type { SeedUser } from '../seed-data';
import { parseRequestParams, queryRecord, type Params } from './params';
import { htmlErrorPage, type Reply } from './reply';

export interface ServiceRequest {
	method: string;
	/** Raw (still percent-encoded) path. */
	path: string;
	/** Path segments, each percent-decoded on its own so an encoded '/' stays inside its segment. */
	segments: string[];
	headers: IncomingMessage['headers'];
	params: Params;
	json?: unknown;
	jsonError?: string;
	bodyError?: string;
}

export type ServiceHandler = (req: ServiceRequest) => Promise<Reply> | Reply;

/** A route of interface A or B: its state, the request, the Basic login and the path's id. */
export type LoginRoute<S> = (
	state: S,
	req: ServiceRequest,
	login: SeedUser,
	id: string,
) => Reply | Promise<Reply>;

interface ListenerDeps {
	api: ApiName;
	log: RequestLog;
	faults: FaultRegistry;
	/** The emulator clock (ISO): request log times and every answer's Date header. */
	now: () => string;
	/** How far this answer's Date header is off the emulator's clock (ms). */
	dateSkew: () => number;
	authInfo: (authorization: string | undefined) => RequestAuthInfo;
	handler: ServiceHandler;
	/** Fault-free side door (the control API); returns true when it answered. */
	control?: (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<boolean>;
	/** JSON answer for a 500 fault, in the dialect of the interface. */
	serverErrorBody: () => unknown;
	logLine: (line: string) => void;
}

export interface ConnectionStats {
	current: number;
	max: number;
}

/** A request the service has acted on, its answer still to write. */
interface Processed {
	log: RequestRecord;
	reply: Reply;
	fault: Fault | undefined;
	method: string;
}

const MAX_BODY = 64 * 1024 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (c: Buffer) => {
			size += c.length;
			if (size > MAX_BODY) {
				reject(new Error('body too large'));
				req.destroy();
				return;
			}
			chunks.push(c);
		});
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function decodeSegments(path: string): string[] {
	const raw = path.split('/').slice(1);
	if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
	return raw.map((s) => {
		try {
			return decodeURIComponent(s);
		} catch {
			return s;
		}
	});
}

/** The body of a reply and the content type it implies (JSON), if any. */
function serialize(reply: Reply): { body: Buffer; type?: string } {
	if (reply.body !== undefined) {
		return { body: typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body };
	}
	if (reply.json === undefined) return { body: Buffer.alloc(0) };
	return { body: Buffer.from(JSON.stringify(reply.json)), type: JSON_TYPE };
}

/** Counts one more open at once in `stats`; the returned function counts it closed (once). */
function countOpen(stats: ConnectionStats): () => void {
	stats.max = Math.max(stats.max, ++stats.current);
	let closed = false;
	return () => {
		if (!closed) stats.current--;
		closed = true;
	};
}

/** One HTTP listener (one "host" of the service) with request logging and fault injection. */
export class Listener {
	readonly stats: ConnectionStats = { current: 0, max: 0 };
	/**
	 * Requests being answered at once: what a client's "at most N at once" means (an idle keep-alive
	 * connection of an earlier run counts as a connection but is no request).
	 */
	readonly requestStats: ConnectionStats = { current: 0, max: 0 };
	/**
	 * Requests received whose processing has not ended: the body still being read, or the service
	 * still acting on it. An answer held by a delay fault is processed. Once a client is gone and
	 * this is 0, every request it sent has been processed or dropped: what it made is final.
	 */
	readonly processingStats: ConnectionStats = { current: 0, max: 0 };
	private server = createServer((req, res) => {
		const done = countOpen(this.requestStats);
		res.once('finish', done);
		res.once('close', done);
		this.handle(req, res).catch((e) => {
			this.deps.logLine(`[${this.deps.api}] internal error: ${(e as Error).stack ?? e}`);
			if (res.headersSent) {
				res.destroy();
				return;
			}
			res.writeHead(500, { 'content-type': JSON_TYPE, date: this.httpDate() });
			res.end(JSON.stringify(this.deps.serverErrorBody()));
		});
	});
	private sockets = new Set<Socket>();

	constructor(private readonly deps: ListenerDeps) {
		this.server.on('connection', (socket: Socket) => {
			this.sockets.add(socket);
			const done = countOpen(this.stats);
			socket.on('close', () => {
				this.sockets.delete(socket);
				done();
			});
		});
	}

	listen(port: number): Promise<number> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, '127.0.0.1', () => {
				this.server.off('error', reject);
				const addr = this.server.address();
				resolve(typeof addr === 'object' && addr ? addr.port : port);
			});
		});
	}

	resetStats(): void {
		this.stats.max = this.stats.current;
		this.requestStats.max = this.requestStats.current;
	}

	close(): Promise<void> {
		return new Promise((resolve) => {
			this.server.close(() => resolve());
			for (const s of this.sockets) s.destroy();
		});
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const settled = countOpen(this.processingStats);
		let processed: Processed | undefined;
		try {
			processed = await this.process(req, res);
		} finally {
			settled();
		}
		if (!processed) return;
		const { log, reply, fault, method } = processed;
		if (fault?.kind === 'delay') await this.deps.faults.hold(fault);
		if (fault?.kind !== 'truncatedJson') return this.write(res, log, reply);
		const { body: full, type } = serialize(reply);
		const status = reply.status >= 400 ? (method === 'POST' ? 201 : 200) : reply.status;
		const cut = { ...reply, status, body: full.subarray(0, Math.floor(full.length / 2)) };
		this.write(res, log, cut, type ?? JSON_TYPE);
	}

	/**
	 * Reads the request and lets the service act on it; what is left to answer, or undefined when
	 * it was answered (control, faults that answer for the service) or its connection reset.
	 */
	private async process(req: IncomingMessage, res: ServerResponse): Promise<Processed | undefined> {
		const { deps } = this;
		const body = await readBody(req);
		if (deps.control && (await deps.control(req, res, body))) return;
		const { pathname: path, searchParams } = new URL(req.url ?? '/', 'http://emulator.local');
		const method = (req.method ?? 'GET').toUpperCase();
		const parsed = parseRequestParams(searchParams, req.headers['content-type'], body);
		const { json } = parsed;
		const params = parsed.params.toRecord();
		const log = deps.log.add({
			api: deps.api,
			method,
			path,
			query: queryRecord(searchParams),
			params: typeof json === 'object' && json !== null ? { ...params, ...json } : params,
			files: parsed.params.fileInfo(),
			auth: deps.authInfo(req.headers.authorization),
			...(req.headers.accept === undefined ? {} : { accept: req.headers.accept }),
			status: null,
			processed: false,
			time: deps.now(),
			receivedMs: Date.now(),
			responseBytes: 0,
		});
		const fault = deps.faults.match(deps.api, method, path);
		if (fault) log.fault = fault.kind;
		if (fault?.kind === 'resetBeforeProcessing') {
			req.socket.destroy();
			return;
		}
		if (fault?.kind === 'htmlError') {
			const status = fault.status ?? 502;
			const headers = { 'content-type': 'text/html' };
			this.write(res, log, { status, headers, body: htmlErrorPage(status) });
			return;
		}
		if (fault?.kind === 'http500') {
			this.write(res, log, { status: fault.status ?? 500, json: deps.serverErrorBody() });
			return;
		}
		const segments = decodeSegments(path);
		const reply = await deps.handler({ ...parsed, method, path, segments, headers: req.headers });
		log.processed = true;
		if (fault?.kind === 'resetAfterProcessing') {
			req.socket.destroy();
			return;
		}
		return { log, reply, fault, method };
	}

	/** The emulator clock as an HTTP Date (whole seconds), not the host's clock. */
	private httpDate(): string {
		return new Date(Date.parse(this.deps.now()) + this.deps.dateSkew()).toUTCString();
	}

	private write(res: ServerResponse, log: RequestRecord, reply: Reply, forcedType?: string): void {
		const { body, type } = serialize(reply);
		const headers: Record<string, string | number> = { ...(reply.headers ?? {}) };
		const contentType = forcedType ?? type;
		if (contentType && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
			headers['content-type'] = contentType;
		}
		headers['content-length'] = body.length;
		// Node would stamp its own wall-clock Date; a client may read the service's clock from it.
		headers.date = this.httpDate();
		log.status = reply.status;
		log.responseBytes = body.length;
		res.once('finish', () => {
			log.finishedMs = Date.now();
		});
		res.writeHead(reply.status, headers);
		res.end(body);
	}
}
