import type { EmulatorContext } from '../context';
import { parseIso } from '../datetime';
import type { Fault, FaultSpec } from '../faults';
import { resolveOutcomeKey } from '../fax/outcomes';
import { formatInbound, formatOutbound } from '../fax/records';
import { IMAGE_FAULTS, type ImageFault } from '../fax/image-reply';
import { PAGING_KEYS, type PagingKeys } from '../fax/search';
import type { ConnectionStats } from '../http/listener';
import { mailMergeControl } from '../mailmerge/mailmerge-control';
import type { MailMergeService } from '../mailmerge/mailmerge-service';
import type { NumberRequestStore } from '../numbers/requests';
import type { RequestFilter, RequestRecord } from '../request-log';
import { bulkCreateInbound, bulkCreateOutbound, type BulkOptions, type BulkResult } from './bulk';
import { injectInbound, type InjectInboundOptions } from './inject';

export interface EmulatorStats {
	outboundCount: number;
	inboundCount: number;
	mailMergeJobCount: number;
	numberRequestCount: number;
	requestCount: number;
	pendingTimers: number;
	connections: { fax: ConnectionStats; mailMerge: ConnectionStats; numbers: ConnectionStats };
	/** Requests answered at once, counted like connections (reset by resetConnectionStats too). */
	requestsAtOnce: { fax: ConnectionStats; mailMerge: ConnectionStats; numbers: ConnectionStats };
}

export interface HistoryEntry {
	faxId: number;
	status: string;
	at: string;
}

export interface InboundGroundTruth extends Record<string, string | boolean> {
	deleted: boolean;
	/** When the fax became visible on the service (ISO); later than ReceivedTime for a late fax. */
	visibleAt: string;
}

export interface ControlHooks {
	connections(): EmulatorStats['connections'];
	requestsAtOnce(): EmulatorStats['requestsAtOnce'];
	resetConnections(): void;
	reset(): void;
	mailMerge: MailMergeService;
	numberRequests: NumberRequestStore;
}

/** A day: later than any allowance a poller would wait for a record. */
const MAX_LAG_MS = 24 * 60 * 60_000;

/** 1 GiB: a padded image is held in memory while it is served. */
const MAX_IMAGE_BYTES = 1024 * 1024 * 1024;

function toId(value: number | string, what: string): number {
	const n = Number(value);
	if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a positive integer`);
	return n;
}

type FaxId = number | string;

/** What tests, the bench and the demo drive the emulator with; the same calls over HTTP: http-routes.ts. */
export type EmulatorControl = ReturnType<typeof createControl>;

export function createControl(ctx: EmulatorContext, hooks: ControlHooks) {
	/** An outbound fax still on its way: what its outcome or its lag may still be set for. */
	const pendingOutbound = (faxId: FaxId) => {
		const id = toId(faxId, 'faxId');
		const fax = ctx.outboundStore.get(id);
		if (!fax) throw new Error(`no outbound fax ${id}`);
		if (fax.status === 'sent' || fax.status === 'sendFailed') {
			throw new Error(`fax ${id} is already final (${fax.status})`);
		}
		return fax;
	};
	const iso = (ms: number): string => new Date(ms).toISOString();
	const faults = {
		addFault: (spec: FaultSpec): string => ctx.faults.add(spec),
		removeFault: (id: string): boolean => ctx.faults.remove(id),
		clearFaults: (): void => ctx.faults.clear(),
		listFaults: (): Fault[] => ctx.faults.list(),
	};
	return {
		...faults,
		...mailMergeControl(hooks.mailMerge),
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
		injectInbound: (options: InjectInboundOptions) => injectInbound(ctx, options),
		forceOutcome: (faxId: FaxId, outcome: string | number): void => {
			const fax = pendingOutbound(faxId);
			const key = resolveOutcomeKey(outcome);
			if (!key) throw new Error(`unknown outcome ${outcome}`);
			fax.forcedOutcome = key;
		},
		/**
		 * The completion (sent or sendFailed) of an outbound fax not yet completed becomes visible `ms`
		 * after it happens; until then the fax shows its previous status. CompleteTime stays the time
		 * it completed, so the record appears `ms` late.
		 */
		setCompletionLag: (faxId: FaxId, ms: number): void => {
			const fax = pendingOutbound(faxId);
			if (!Number.isInteger(ms) || ms < 0 || ms > MAX_LAG_MS) {
				throw new Error(`ms must be an integer from 0 to ${MAX_LAG_MS}`);
			}
			fax.completionLagMs = ms;
		},
		cancelJob: (jobId: FaxId): void => hooks.mailMerge.cancel(toId(jobId, 'jobId')),
		setNumberRequestStatus: (id: FaxId, status: string): void =>
			hooks.numberRequests.setStatus(toId(id, 'id'), status),
		numberRequests: () => hooks.numberRequests.list(),
		/** Makes the mail merge job store fail (codes 1300, 2000, 2001) until switched off. */
		setMailMergeOutage: (on: boolean): void => hooks.mailMerge.setOutage(on),
		requests: (filter?: RequestFilter): RequestRecord[] => ctx.log.list(filter),
		/** Sequence number of the newest request logged: "the requests since now" start after it. */
		lastSeq: (): number => ctx.log.lastSeq(),
		clearRequests: (): void => ctx.log.clear(),
		reset: (): void => hooks.reset(),
		stats: (): EmulatorStats => ({
			outboundCount: ctx.outboundStore.index.size,
			inboundCount: ctx.inbound.index.size,
			mailMergeJobCount: hooks.mailMerge.count(),
			numberRequestCount: hooks.numberRequests.count(),
			requestCount: ctx.log.count(),
			pendingTimers: ctx.clock.pending(),
			connections: hooks.connections(),
			requestsAtOnce: hooks.requestsAtOnce(),
		}),
		/** Starts counting the connection maxima of stats() again from the connections open now. */
		resetConnectionStats: (): void => hooks.resetConnections(),
		/**
		 * The Date header of the next `answers` answers (any interface; every answer until changed
		 * when left out) is `ms` off the emulator's clock: a front end whose clock is wrong. The
		 * records keep the emulator's clock. 0 ends it.
		 */
		setDateHeaderOffset: (ms: number, answers?: number): void => {
			const offset = Number(ms);
			const count = answers === undefined ? Number.MAX_SAFE_INTEGER : Number(answers);
			if (!Number.isInteger(offset) || Math.abs(offset) > MAX_LAG_MS) {
				throw new Error('ms must be an integer of at most a day either way');
			}
			if (!Number.isInteger(count) || count < 0) {
				throw new Error('answers must be a non-negative integer');
			}
			ctx.dateSkew = { ms: offset, answers: offset === 0 ? 0 : count };
		},
		/** How ResultsReference keys are issued from now on: a new one per page, or one per search. */
		setPagingKeys: (mode: PagingKeys): void => {
			if (!PAGING_KEYS.includes(mode)) {
				throw new Error(`mode must be one of ${PAGING_KEYS.join(', ')}`);
			}
			ctx.references.keys = mode;
		},
		/** Makes the image of one fax fail (IMAGE_FAULTS) until set to null; the fax stays as it is. */
		setImageFault: (
			direction: 'inbound' | 'outbound',
			faxId: FaxId,
			fault: ImageFault | null,
		): void => {
			const id = toId(faxId, 'faxId');
			const fax =
				direction === 'inbound'
					? ctx.inbound.get(id)
					: direction === 'outbound'
						? ctx.outboundStore.get(id)
						: undefined;
			if (!fax) throw new Error(`no ${direction} fax ${id}`);
			if (fault !== null && !IMAGE_FAULTS.includes(fault)) {
				throw new Error(`fault must be one of ${IMAGE_FAULTS.join(', ')}, or null`);
			}
			fax.imageFault = fault ?? undefined;
		},
		/** Makes the image of an inbound fax `bytes` long (its pages, then PDF/TIFF-neutral padding). */
		padInboundImage: (faxId: FaxId, bytes: number): void => {
			const id = toId(faxId, 'faxId');
			const fax = ctx.inbound.get(id);
			if (!fax) throw new Error(`no inbound fax ${id}`);
			if (!Number.isInteger(bytes) || bytes < 1 || bytes > MAX_IMAGE_BYTES) {
				throw new Error(`bytes must be an integer from 1 to ${MAX_IMAGE_BYTES}`);
			}
			fax.imageBytes = bytes;
		},
		bulkCreateOutbound: (n: number, options?: BulkOptions): BulkResult =>
			bulkCreateOutbound(ctx, n, options),
		bulkCreateInbound: (n: number, options?: BulkOptions): BulkResult =>
			bulkCreateInbound(ctx, n, options),
		outboundHistory: (): HistoryEntry[] =>
			ctx.outboundStore.history.map((h) => ({ faxId: h.faxId, status: h.status, at: iso(h.at) })),
		/** Wire form of one outbound fax, also after deletion (null when never created). */
		outboundFax: (faxId: FaxId): Record<string, string> | null => {
			const id = toId(faxId, 'faxId');
			const fax = ctx.outboundStore.get(id) ?? ctx.outboundStore.deletedFax(id);
			return fax ? formatOutbound(fax, ctx.precision) : null;
		},
		inboundAll: (): InboundGroundTruth[] =>
			ctx.inbound.all.map((f) => ({
				...formatInbound(f, ctx.precision),
				deleted: f.deleted,
				visibleAt: iso(f.visibleAt),
			})),
	};
}
