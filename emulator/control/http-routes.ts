import type { IncomingMessage, ServerResponse } from 'http';
import type { RequestFilter } from '../request-log';
import type { EmulatorControl } from './control';

export const CONTROL_PREFIX = '/__emulator';

/** A route's answer from the JSON body, the path's match and the query; undefined: `{ ok: true }`. */
type ControlCall = (body: any, match: RegExpMatchArray, query: URLSearchParams) => unknown;

function filterFrom(query: URLSearchParams): RequestFilter {
	const f: RequestFilter = {};
	for (const name of ['api', 'method', 'path', 'userId'] as const) {
		const value = query.get(name);
		if (value) (f as Record<string, string>)[name] = value;
	}
	if (query.get('sinceSeq')) f.sinceSeq = Number(query.get('sinceSeq'));
	return f;
}

/**
 * The control API over HTTP, by `METHOD /path` under the prefix (`:id` one path segment, `:dir`
 * inbound or outbound): JSON in, JSON out, no authentication, never faulted or logged.
 */
function routes(c: EmulatorControl): Record<string, ControlCall> {
	return {
		'GET /now': () => ({ now: c.now() }),
		'POST /advance': (b) => ({ now: c.advance(Number(b.ms)) }),
		'POST /set-time': (b) => ({ now: c.setTime(String(b.time ?? b.iso)) }),
		'POST /inbound': (b) => ({ faxes: c.injectInbound(b) }),
		'GET /inbound': () => ({ faxes: c.inboundAll() }),
		'POST /outbound/:id/outcome': (b, m) => c.forceOutcome(m[1], b.outcome),
		'POST /outbound/:id/completion-lag': (b, m) => c.setCompletionLag(m[1], Number(b.ms)),
		'GET /outbound/:id': (_b, m) => ({ fax: c.outboundFax(m[1]) }),
		'GET /outbound-history': () => ({ history: c.outboundHistory() }),
		'POST /jobs/:id/cancel': (_b, m) => c.cancelJob(m[1]),
		'POST /number-requests/:id/status': (b, m) => c.setNumberRequestStatus(m[1], b.status),
		'POST /jobs/:id/omit-once': (_b, m) => c.omitJobOnce(m[1]),
		'POST /jobs/:id/remove': (_b, m) => c.removeJob(m[1]),
		'POST /mail-merge/fail-job-lookups': (b) => c.failJobLookups(b.httpStatus ?? null),
		'POST /mail-merge/list-without-jobs': (b) =>
			c.listWithoutJobsOnce(b.count === undefined ? 1 : Number(b.count)),
		'POST /mail-merge/time-zone': (b) => c.setMailMergeTimeZone(b.zone ?? null),
		'POST /mail-merge/list-order': (b) => c.setMailMergeListOrder(b.order),
		'POST /mail-merge/keyword-type': (b) => c.setMailMergeKeywordType(b.type),
		'GET /number-requests': () => ({ requests: c.numberRequests() }),
		'POST /numbers/lookup-order': (b) => c.setNumbersLookupOrder(b.order),
		'POST /mail-merge-outage': (b) => c.setMailMergeOutage(Boolean(b.on)),
		'GET /requests': (_b, _m, q) => ({ requests: c.requests(filterFrom(q)) }),
		'DELETE /requests': () => c.clearRequests(),
		'POST /faults': (b) => ({ id: c.addFault(b) }),
		'GET /faults': () => ({ faults: c.listFaults() }),
		'DELETE /faults': () => c.clearFaults(),
		'DELETE /faults/:id': (_b, m) => ({ ok: c.removeFault(m[1]) }),
		'POST /reset': () => {
			c.reset();
			return { ok: true, now: c.now() };
		},
		'GET /stats': () => c.stats(),
		'POST /connection-stats/reset': () => c.resetConnectionStats(),
		'POST /inbound/:id/image-size': (b, m) => c.padInboundImage(m[1], Number(b.bytes)),
		'POST /:dir/:id/image-fault': (b, m) =>
			c.setImageFault(m[1] as 'inbound' | 'outbound', m[2], b.fault ?? null),
		'POST /date-header-offset': (b) => c.setDateHeaderOffset(b.ms, b.answers),
		'POST /paging-keys': (b) => c.setPagingKeys(b.mode),
		'POST /inbound-has-more-results': (b) => c.setInboundHasMoreResults(b.mode),
		'POST /bulk/outbound': (b) => c.bulkCreateOutbound(Number(b.n), b),
		'POST /bulk/inbound': (b) => c.bulkCreateInbound(Number(b.n), b),
	};
}

export function controlHttp(control: EmulatorControl) {
	const table = Object.entries(routes(control)).map(([route, call]) => {
		const [method, path] = route.split(' ');
		const pattern = path.replace(/:id/g, '([^/]+)').replace(':dir', '(inbound|outbound)');
		return [method, new RegExp(`^${pattern}$`), call] as const;
	});
	return async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<boolean> => {
		const url = new URL(req.url ?? '/', 'http://emulator.local');
		if (url.pathname !== CONTROL_PREFIX && !url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
			return false;
		}
		const sub = url.pathname.slice(CONTROL_PREFIX.length) || '/';
		const send = (status: number, value: unknown): void => {
			res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
			res.end(JSON.stringify(value));
		};
		for (const [method, re, handler] of table) {
			const m = sub.match(re);
			if (!m || method !== req.method) continue;
			try {
				const parsed = body.length > 0 ? JSON.parse(body.toString('utf8')) : {};
				send(200, (await handler(parsed, m, url.searchParams)) ?? { ok: true });
			} catch (e) {
				send(400, { error: (e as Error).message });
			}
			return true;
		}
		send(404, { error: `no control route ${req.method} ${sub}` });
		return true;
	};
}
