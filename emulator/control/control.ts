import type { EmulatorContext } from '../context';
import { parseIso } from '../datetime';
import type { FaultSpec } from '../faults';
import { IMAGE_FAULTS, type ImageFault } from '../fax/images';
import { resolveOutcomeKey } from '../fax/outcomes';
import { formatInbound, formatOutbound } from '../fax/records';
import {
	inboundHasMoreResults,
	type InboundHasMoreResults,
	PAGING_KEYS,
	type PagingKeys,
} from '../fax/search';
import type { ConnectionStats } from '../http/listener';
import type { KeywordType } from '../mailmerge/keyword-type';
import type { ListOrder, MailMergeService } from '../mailmerge/mailmerge-service';
import type { LookupOrder, NumberLookups } from '../numbers/numbers-api';
import type { NumberRequestStore } from '../numbers/requests';
import type { RequestFilter } from '../request-log';
import { bulkCreateInbound, bulkCreateOutbound, injectInbound, type BulkOptions } from './inject';

type PerApi = { fax: ConnectionStats; mailMerge: ConnectionStats; numbers: ConnectionStats };

export interface HistoryEntry {
	faxId: number;
	status: string;
	at: string;
}

interface InboundGroundTruth extends Record<string, string | boolean> {
	deleted: boolean;
	/** When the fax became visible on the service (ISO); later than ReceivedTime for a late fax. */
	visibleAt: string;
}

interface ControlHooks {
	/** Connections open at once per listener, and requests being answered at once. */
	connections(): PerApi;
	requestsAtOnce(): PerApi;
	requestsInProcess(): PerApi;
	resetConnections(): void;
	reset(): void;
	mailMerge: MailMergeService;
	numberRequests: NumberRequestStore;
	numberLookups: NumberLookups;
}

/** A day: later than any allowance a poller would wait for a record. */
export const MAX_LAG_MS = 24 * 60 * 60_000;

/** 1 GiB: a padded image is held in memory while it is served. */
const MAX_IMAGE_BYTES = 1024 * 1024 * 1024;

/** `value` when it is an integer from `min` to `max`, else an error saying `problem`. */
export function intIn(value: unknown, min: number, max: number, problem: string): number {
	if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
		throw new Error(problem);
	}
	return value as number;
}

function toId(value: number | string, what: string): number {
	return intIn(Number(value), 1, Infinity, `${what} must be a positive integer`);
}

type FaxId = number | string;
type Direction = 'inbound' | 'outbound';
type FaxLookup<T> = { get(id: number): T | undefined };

/** The fax of a store a control call names, else an error. */
function faxIn<T>(store: FaxLookup<T> | null, direction: string, faxId: FaxId) {
	const id = toId(faxId, 'faxId');
	const fax = store?.get(id);
	if (!fax) throw new Error(`no ${direction} fax ${id}`);
	return fax;
}

/** What tests, the bench and the demo drive the emulator with; the same calls over HTTP: http-routes.ts. */
export type EmulatorControl = ReturnType<typeof createControl>;

export function createControl(ctx: EmulatorContext, hooks: ControlHooks) {
	const { mailMerge, numberRequests, numberLookups } = hooks;
	/** An outbound fax still on its way: what its outcome or its lag may still be set for. */
	const pendingOutbound = (faxId: FaxId) => {
		const fax = faxIn(ctx.outboundStore, 'outbound', faxId);
		if (fax.status === 'sent' || fax.status === 'sendFailed') {
			throw new Error(`fax ${fax.id} is already final (${fax.status})`);
		}
		return fax;
	};
	const iso = (ms: number): string => new Date(ms).toISOString();
	const faults = {
		addFault: (spec: FaultSpec) => ctx.faults.add(spec),
		removeFault: (id: string) => ctx.faults.remove(id),
		clearFaults: (): void => ctx.faults.clear(),
		listFaults: () => ctx.faults.list(),
	};
	return {
		...faults,
		faults,
		now: (): string => iso(ctx.clock.now()),
		advance: (ms: number): string => {
			ctx.clock.advance(Number(ms));
			return iso(ctx.clock.now());
		},
		setTime: (time: string): string => {
			ctx.clock.setTime(parseIso(time));
			return iso(ctx.clock.now());
		},
		injectInbound: (options: Parameters<typeof injectInbound>[1]) => injectInbound(ctx, options),
		forceOutcome: (faxId: FaxId, outcome: string | number): void => {
			const fax = pendingOutbound(faxId);
			const key = resolveOutcomeKey(outcome);
			if (!key) throw new Error(`unknown outcome ${outcome}`);
			fax.forcedOutcome = key;
		},
		/** The completion of a fax not final yet shows `ms` late, with its real CompleteTime. */
		setCompletionLag: (faxId: FaxId, ms: number): void => {
			const problem = `ms must be an integer from 0 to ${MAX_LAG_MS}`;
			pendingOutbound(faxId).completionLagMs = intIn(ms, 0, MAX_LAG_MS, problem);
		},
		cancelJob: (jobId: FaxId): void => mailMerge.cancel(toId(jobId, 'jobId')),
		/** The next GET /Job of the job's owner leaves the job out; it is listed again after that. */
		omitJobOnce: (jobId: FaxId): void => mailMerge.omitOnce(toId(jobId, 'jobId')),
		/** The next `count` (default 1) GET /Job answers carry RequestStatus only, no `Jobs`. */
		listWithoutJobsOnce: (count = 1): void =>
			mailMerge.listWithoutJobs(
				intIn(Number(count), 1, 1000, 'count must be an integer from 1 to 1000'),
			),
		/** The job is gone: not listed, GET /Job/{id} and /Job/{id}/Faxes answer 2001 (HTTP 404). */
		removeJob: (jobId: FaxId): void => mailMerge.remove(toId(jobId, 'jobId')),
		/** GET /Job lists no jobs and GET /Job/{id} answers 2001 with this HTTP status; null ends it. */
		failJobLookups: (httpStatus: number | null): void => {
			const status = httpStatus ?? undefined;
			const problem = 'httpStatus must be an HTTP status from 200 to 599';
			mailMerge.lookupsFailing =
				status === undefined ? undefined : intIn(status, 200, 599, problem);
		},
		/** Interface B writes the wall clock of this IANA zone; null or '': UTC. */
		setMailMergeTimeZone: (zone: string | null): void => mailMerge.clock.setZone(zone ?? undefined),
		/** Interface B lists jobs and a job's faxes `oldest-first` or `newest-first`. */
		setMailMergeListOrder: (order: ListOrder): void => mailMerge.setListOrder(order),
		/** Interface B writes a fax's Keyword as sent (`string`) or as a whole number (`integer`). */
		setMailMergeKeywordType: (type: KeywordType): void => mailMerge.setKeywordType(type),
		/** Interface C lists regions, cities and area codes `as-listed` or `reversed`. */
		setNumbersLookupOrder: (order: LookupOrder): void => numberLookups.setOrder(order),
		/** Makes the mail merge job store fail (codes 1300, 2000, 2001) until switched off. */
		setMailMergeOutage: (on: boolean): void => {
			mailMerge.down = on;
		},
		setNumberRequestStatus: (id: FaxId, status: string): void =>
			numberRequests.setStatus(toId(id, 'id'), status),
		numberRequests: () => numberRequests.list(),
		requests: (filter?: RequestFilter) => ctx.log.list(filter),
		/** Sequence number of the newest request logged: "the requests since now" start after it. */
		lastSeq: (): number => ctx.log.lastSeq(),
		clearRequests: (): void => ctx.log.clear(),
		reset: (): void => hooks.reset(),
		stats: () => ({
			outboundCount: ctx.outboundStore.index.size,
			inboundCount: ctx.inbound.index.size,
			mailMergeJobCount: mailMerge.count(),
			numberRequestCount: numberRequests.count(),
			requestCount: ctx.log.count(),
			pendingTimers: ctx.clock.pending(),
			connections: hooks.connections(),
			/** Requests answered at once, counted like connections (reset by resetConnectionStats too). */
			requestsAtOnce: hooks.requestsAtOnce(),
			/**
			 * Requests received and not yet processed (body being read, service acting; a held answer
			 * is processed): 0 with a client gone means what it sent is all made or dropped.
			 */
			requestsInProcess: hooks.requestsInProcess(),
		}),
		/** Starts counting the connection maxima of stats() again from the connections open now. */
		resetConnectionStats: (): void => hooks.resetConnections(),
		/** The Date header of the next `answers` answers (default all) is `ms` off; 0 ends it. */
		setDateHeaderOffset: (ms: number, answers?: number): void => {
			const offset = Number(ms);
			const count = answers === undefined ? Number.MAX_SAFE_INTEGER : Number(answers);
			intIn(offset, -MAX_LAG_MS, MAX_LAG_MS, 'ms must be an integer of at most a day either way');
			intIn(count, 0, Infinity, 'answers must be a non-negative integer');
			ctx.dateSkew = { ms: offset, answers: offset === 0 ? 0 : count };
		},
		/** How ResultsReference keys are issued from now on: a new one per page, or one per search. */
		setPagingKeys: (mode: PagingKeys): void => {
			if (!PAGING_KEYS.includes(mode)) {
				throw new Error(`mode must be one of ${PAGING_KEYS.join(', ')}`);
			}
			ctx.references.keys = mode;
		},
		/** Inbound search answers carry HasMoreResults (`shown`) or leave it out (`omitted`). */
		setInboundHasMoreResults: (mode: InboundHasMoreResults): void => {
			ctx.inboundHasMoreResults = inboundHasMoreResults(mode);
		},
		/** Makes the image of one fax fail (IMAGE_FAULTS) until set to null; the fax stays as it is. */
		setImageFault: (direction: Direction, faxId: FaxId, fault: ImageFault | null): void => {
			const store =
				direction === 'inbound' ? ctx.inbound : direction === 'outbound' ? ctx.outboundStore : null;
			const fax = faxIn<{ imageFault?: ImageFault }>(store, direction, faxId);
			if (fault !== null && !IMAGE_FAULTS.includes(fault)) {
				throw new Error(`fault must be one of ${IMAGE_FAULTS.join(', ')}, or null`);
			}
			fax.imageFault = fault ?? undefined;
		},
		/** Makes the image of an inbound fax `bytes` long (its pages, then PDF/TIFF-neutral padding). */
		padInboundImage: (faxId: FaxId, bytes: number): void => {
			const problem = `bytes must be an integer from 1 to ${MAX_IMAGE_BYTES}`;
			faxIn(ctx.inbound, 'inbound', faxId).imageBytes = intIn(bytes, 1, MAX_IMAGE_BYTES, problem);
		},
		bulkCreateOutbound: (n: number, options?: BulkOptions) => bulkCreateOutbound(ctx, n, options),
		bulkCreateInbound: (n: number, options?: BulkOptions) => bulkCreateInbound(ctx, n, options),
		outboundHistory: (): HistoryEntry[] =>
			ctx.outboundStore.history.map((h) => ({ faxId: h.faxId, status: h.status, at: iso(h.at) })),
		/** Wire form of one outbound fax, also after deletion (null when never created). */
		outboundFax: (faxId: FaxId): Record<string, string> | null => {
			const id = toId(faxId, 'faxId');
			const fax = ctx.outboundStore.get(id) ?? ctx.outboundStore.deletedFax(id);
			return fax ? formatOutbound(fax, ctx.precision) : null;
		},
		/** Every inbound fax that became visible, with `deleted` and `visibleAt`. */
		inboundAll: (): InboundGroundTruth[] =>
			ctx.inbound.all.map((f) => ({
				...formatInbound(f, ctx.precision),
				deleted: f.deleted,
				visibleAt: iso(f.visibleAt),
			})),
	};
}
