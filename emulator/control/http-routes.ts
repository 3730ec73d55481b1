import type { IncomingMessage, ServerResponse } from 'http';
import type { RequestFilter } from '../request-log';
import type { EmulatorControl } from './control';

export const CONTROL_PREFIX = '/__emulator';

/**
 * A route of the control API: method, path under the control prefix, and what it answers; a call
 * that answers nothing (undefined) answers `{ ok: true }`.
 */
type ControlRoute = [
	string,
	RegExp,
	(body: any, match: RegExpMatchArray, query: URLSearchParams) => unknown,
];

function filterFrom(query: URLSearchParams): RequestFilter {
	const f: RequestFilter = {};
	for (const name of ['api', 'method', 'path', 'userId'] as const) {
		const value = query.get(name);
		if (value) (f as Record<string, string>)[name] = value;
	}
	if (query.get('sinceSeq')) f.sinceSeq = Number(query.get('sinceSeq'));
	return f;
}

/** The control API over HTTP: JSON in, JSON out, no authentication, never faulted or logged. */
function routes(control: EmulatorControl): ControlRoute[] {
	return [
		['GET', /^\/now$/, () => ({ now: control.now() })],
		['POST', /^\/advance$/, (b) => ({ now: control.advance(Number(b.ms)) })],
		['POST', /^\/set-time$/, (b) => ({ now: control.setTime(String(b.time ?? b.iso)) })],
		['POST', /^\/inbound$/, (b) => ({ faxes: control.injectInbound(b) })],
		['GET', /^\/inbound$/, () => ({ faxes: control.inboundAll() })],
		['POST', /^\/outbound\/([^/]+)\/outcome$/, (b, m) => control.forceOutcome(m[1], b.outcome)],
		[
			'POST',
			/^\/outbound\/([^/]+)\/completion-lag$/,
			(b, m) => control.setCompletionLag(m[1], Number(b.ms)),
		],
		['GET', /^\/outbound\/([^/]+)$/, (_b, m) => ({ fax: control.outboundFax(m[1]) })],
		['GET', /^\/outbound-history$/, () => ({ history: control.outboundHistory() })],
		['POST', /^\/jobs\/([^/]+)\/cancel$/, (_b, m) => control.cancelJob(m[1])],
		[
			'POST',
			/^\/number-requests\/([^/]+)\/status$/,
			(b, m) => control.setNumberRequestStatus(m[1], b.status),
		],
		['POST', /^\/jobs\/([^/]+)\/omit-once$/, (_b, m) => control.omitJobOnce(m[1])],
		['POST', /^\/jobs\/([^/]+)\/remove$/, (_b, m) => control.removeJob(m[1])],
		[
			'POST',
			/^\/mail-merge\/fail-job-lookups$/,
			(b) => control.failJobLookups(b.httpStatus ?? null),
		],
		[
			'POST',
			/^\/mail-merge\/list-without-jobs$/,
			(b) => control.listWithoutJobsOnce(b.count === undefined ? 1 : Number(b.count)),
		],
		['POST', /^\/mail-merge\/time-zone$/, (b) => control.setMailMergeTimeZone(b.zone ?? null)],
		['GET', /^\/number-requests$/, () => ({ requests: control.numberRequests() })],
		['POST', /^\/mail-merge-outage$/, (b) => control.setMailMergeOutage(Boolean(b.on))],
		['GET', /^\/requests$/, (_b, _m, q) => ({ requests: control.requests(filterFrom(q)) })],
		['DELETE', /^\/requests$/, () => control.clearRequests()],
		['POST', /^\/faults$/, (b) => ({ id: control.addFault(b) })],
		['GET', /^\/faults$/, () => ({ faults: control.listFaults() })],
		['DELETE', /^\/faults$/, () => control.clearFaults()],
		['DELETE', /^\/faults\/([^/]+)$/, (_b, m) => ({ ok: control.removeFault(m[1]) })],
		[
			'POST',
			/^\/reset$/,
			() => {
				control.reset();
				return { ok: true, now: control.now() };
			},
		],
		['GET', /^\/stats$/, () => control.stats()],
		['POST', /^\/connection-stats\/reset$/, () => control.resetConnectionStats()],
		[
			'POST',
			/^\/inbound\/([^/]+)\/image-size$/,
			(b, m) => control.padInboundImage(m[1], Number(b.bytes)),
		],
		[
			'POST',
			/^\/(inbound|outbound)\/([^/]+)\/image-fault$/,
			(b, m) => control.setImageFault(m[1] as 'inbound' | 'outbound', m[2], b.fault ?? null),
		],
		['POST', /^\/date-header-offset$/, (b) => control.setDateHeaderOffset(b.ms, b.answers)],
		['POST', /^\/paging-keys$/, (b) => control.setPagingKeys(b.mode)],
		['POST', /^\/bulk\/outbound$/, (b) => control.bulkCreateOutbound(Number(b.n), b)],
		['POST', /^\/bulk\/inbound$/, (b) => control.bulkCreateInbound(Number(b.n), b)],
	];
}

export function controlHttp(control: EmulatorControl) {
	const table = routes(control);
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
