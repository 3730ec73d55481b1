/** The three services of the emulator, named as in the request log and in fault filters. */
export type ApiName = 'fax' | 'mailMerge' | 'numbers';

export type ParamValue = string | string[];

export interface RequestFileInfo {
	field: string;
	filename: string;
	contentType: string;
	size: number;
}

export interface RequestAuthInfo {
	scheme: 'Basic' | 'Bearer' | null;
	/** The user id the request claimed (Basic) or the token's user (Bearer); never a secret. */
	userId?: string;
}

export interface RequestRecord {
	seq: number;
	api: ApiName;
	method: string;
	path: string;
	query: Record<string, ParamValue>;
	params: Record<string, unknown>;
	files: RequestFileInfo[];
	auth: RequestAuthInfo;
	/** The Accept header as received, when there was one: what the client asked the answer to be. */
	accept?: string;
	/** HTTP status sent; null when the connection was reset without a response. */
	status: number | null;
	fault?: string;
	processed: boolean;
	time: string;
	/** Wall-clock milliseconds when the request was read, and when its answer was fully written. */
	receivedMs: number;
	finishedMs?: number;
	/** Bytes of the answer's body (0 when the connection was reset). */
	responseBytes: number;
}

export interface RequestFilter {
	api?: ApiName;
	method?: string;
	/** Regular expression source tested against the path. */
	path?: string;
	userId?: string;
	sinceSeq?: number;
}

/** Oldest entries are dropped past this size so a long demo run does not grow without bound. */
const MAX_RECORDS = 200_000;

export class RequestLog {
	private records: RequestRecord[] = [];
	private seq = 0;

	add(record: Omit<RequestRecord, 'seq'>): RequestRecord {
		const full: RequestRecord = { seq: ++this.seq, ...record };
		if (this.records.push(full) > MAX_RECORDS) this.records.shift();
		return full;
	}

	/**
	 * Copies of the matching requests, oldest first. Records are in seq order without gaps, so a
	 * `sinceSeq` walk starts at its record: a repeated wait reads only what came since.
	 */
	list(filter: RequestFilter = {}): RequestRecord[] {
		const pathRe = filter.path === undefined ? undefined : new RegExp(filter.path);
		const method = filter.method?.toUpperCase();
		const first = this.records[0]?.seq ?? 0;
		const start = filter.sinceSeq === undefined ? 0 : Math.max(0, filter.sinceSeq + 1 - first);
		const out: RequestRecord[] = [];
		for (let i = start; i < this.records.length; i++) {
			const r = this.records[i];
			if (filter.api !== undefined && r.api !== filter.api) continue;
			if (method !== undefined && r.method !== method) continue;
			if (pathRe !== undefined && !pathRe.test(r.path)) continue;
			if (filter.userId === undefined || r.auth.userId === filter.userId)
				out.push(structuredClone(r));
		}
		return out;
	}

	/** Sequence number of the newest request logged (0 when none). */
	lastSeq(): number {
		return this.records.at(-1)?.seq ?? this.seq;
	}

	count(): number {
		return this.records.length;
	}

	/** Keeps the sequence going, so a `sinceSeq` taken before still means the same thing. */
	clear(): void {
		this.records = [];
	}

	reset(): void {
		this.records = [];
		this.seq = 0;
	}
}

/** Sequence number of the newest request logged (0 when none): "requests since now" for tests. */
export function lastSeq(emulator: { control: { lastSeq(): number } }): number {
	return emulator.control.lastSeq();
}

/**
 * Faxes created per fax number by the sends the service processed (since `sinceSeq`): what a
 * test counts "sent once" by, whether n8n lived to read the answers or not.
 */
export function faxesMadePerNumber(
	emulator: { control: { requests(filter: RequestFilter): RequestRecord[] } },
	sinceSeq?: number,
): Map<string, number> {
	const counts = new Map<string, number>();
	const onSend = { method: 'POST', path: '^/v1/outboundfaxes$', sinceSeq };
	const sends = emulator.control.requests(onSend);
	for (const send of sends.filter((s) => s.processed)) {
		const number = String(send.params.FaxNumber ?? '');
		counts.set(number, (counts.get(number) ?? 0) + 1);
	}
	return counts;
}
