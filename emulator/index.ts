import { Clock, type ClockMode } from './clock';
import { createContext } from './context';
import { parseIso, type DatetimePrecision } from './datetime';
import { faxHandler } from './fax/fax-api';
import { errorReply } from './fax/status-codes';
import {
	inboundHasMoreResults,
	type InboundHasMoreResults,
	PAGING_KEYS,
	type PagingKeys,
} from './fax/search';
import { createControl, type EmulatorControl } from './control/control';
import { startDemoTraffic } from './control/inject';
import { CONTROL_PREFIX, controlHttp } from './control/http-routes';
import { Listener } from './http/listener';
import { withStatus } from './http/reply';
import { mailMergeHandler } from './mailmerge/mailmerge-api';
import type { KeywordType } from './mailmerge/keyword-type';
import { type ListOrder, MailMergeService } from './mailmerge/mailmerge-service';
import { type LookupOrder, NumberLookups, numbersHandler } from './numbers/numbers-api';
import { NumberRequestStore } from './numbers/requests';
import { Random } from './random';
import { loadSeed, type Seed } from './seed-data';

/** The options of startEmulator, each explained in emulator/README.md. */
export interface EmulatorOptions {
	/** Base port; 0 (default) = free ports. With N the listeners use N, N+1, N+2. */
	port?: number;
	/** Path to a seed JSON or the object; default emulator/seed.json. */
	seed?: string | Seed;
	/** manual (default): time moves only through control.advance(); real: wall clock (demo). */
	clock?: ClockMode;
	/** Initial time of the manual clock; default '2026-01-05T09:00:00Z'. */
	startTime?: string;
	/** How datetimes are written in responses; default 'second'. */
	datetimePrecision?: DatetimePrecision;
	/** IANA zone whose wall clock interface B writes its datetimes in, without designator; default UTC. */
	mailMergeTimeZone?: string;
	/** The order of interface B's `Jobs` and `Faxes` lists: `oldest-first` (default) or `newest-first`. */
	mailMergeListOrder?: ListOrder;
	/** How interface B writes a fax's `Keyword`: `string` (default, as sent) or `integer`. */
	mailMergeKeywordType?: KeywordType;
	/** The order of interface C's lookup lists: `as-listed` (default) or `reversed`. */
	numbersLookupOrder?: LookupOrder;
	/** ResultsReference of a search's pages: `per-page` (default), `session` or `withheld`. */
	pagingKeys?: PagingKeys;
	/** Whether inbound search answers carry HasMoreResults: `shown` (default) or `omitted`. */
	inboundHasMoreResults?: InboundHasMoreResults;
	/** Demo mode: inbound faxes arrive now and then on a timer. */
	demoTraffic?: boolean;
	log?: (line: string) => void;
}

export interface Emulator {
	urls: { fax: string; mailMerge: string; numbers: string; control: string };
	control: EmulatorControl;
	close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	const seed = loadSeed(options.seed);
	const mode = options.clock ?? 'manual';
	const start =
		mode === 'real' && !options.startTime
			? Date.now()
			: parseIso(options.startTime ?? '2026-01-05T09:00:00Z');
	const clock = new Clock(mode, start);
	const pagingKeys = options.pagingKeys ?? 'per-page';
	if (!PAGING_KEYS.includes(pagingKeys)) {
		throw new Error(`pagingKeys must be one of ${PAGING_KEYS.join(', ')}`);
	}
	const hasMore = inboundHasMoreResults(options.inboundHasMoreResults ?? 'shown');
	const logLine = options.log ?? (() => undefined);
	const ctx = createContext(clock, seed, options.datetimePrecision ?? 'second', logLine);
	const { accounts, outboundStore, lifecycle } = ctx;
	ctx.references.keys = pagingKeys;
	ctx.inboundHasMoreResults = hasMore;
	const mailMerge = new MailMergeService(
		ctx,
		options.mailMergeTimeZone,
		options.mailMergeListOrder,
		options.mailMergeKeywordType,
	);
	const numberRequests = new NumberRequestStore(ctx);
	const numberLookups = new NumberLookups(options.numbersLookupOrder);
	let demo = options.demoTraffic ? startDemoTraffic(ctx) : undefined;
	/** A copy of one count of every listener: connections, requests being answered, or in process. */
	const statsOf = (count: 'stats' | 'requestStats' | 'processingStats') => ({
		fax: { ...listeners.fax[count] },
		mailMerge: { ...listeners.mailMerge[count] },
		numbers: { ...listeners.numbers[count] },
	});
	const eachListener = (run: (listener: Listener) => unknown) =>
		Promise.all(Object.values(listeners).map(run));
	const control = createControl(ctx, {
		connections: () => statsOf('stats'),
		requestsAtOnce: () => statsOf('requestStats'),
		requestsInProcess: () => statsOf('processingStats'),
		resetConnections: () => eachListener((l) => l.resetStats()),
		reset: () => {
			demo?.stop();
			clock.reset();
			ctx.random = new Random('fax-cloud-emulator');
			for (const store of [outboundStore, lifecycle, ctx.inbound, ctx.log]) store.reset();
			for (const store of [mailMerge, numberRequests, numberLookups]) store.reset();
			ctx.references.clear();
			ctx.references.keys = pagingKeys;
			ctx.inboundHasMoreResults = hasMore;
			ctx.dateSkew = { ms: 0, answers: 0 };
			ctx.faults.clear();
			eachListener((l) => l.resetStats());
			demo = options.demoTraffic ? startDemoTraffic(ctx) : undefined;
		},
		mailMerge,
		numberRequests,
		numberLookups,
	});
	/** What the three interfaces' listeners share: the log, the faults, the clock and the log line. */
	const served = {
		log: ctx.log,
		faults: ctx.faults,
		now: () => new Date(clock.now()).toISOString(),
		/** The skew of one answer's Date header (control.setDateHeaderOffset), counted down. */
		dateSkew: () => {
			if (ctx.dateSkew.answers <= 0) return 0;
			ctx.dateSkew.answers--;
			return ctx.dateSkew.ms;
		},
		logLine,
	};
	const listeners = {
		fax: new Listener({
			...served,
			api: 'fax',
			authInfo: (h) => accounts.basic(h).info,
			handler: faxHandler(ctx),
			control: controlHttp(control),
			serverErrorBody: () => errorReply('internal', 'Internal server error').json,
		}),
		mailMerge: new Listener({
			...served,
			api: 'mailMerge',
			authInfo: (h) => accounts.basic(h).info,
			handler: mailMergeHandler(ctx, mailMerge),
			serverErrorBody: () => withStatus(500, {}, 1300, 'Exception: internal server error').json,
		}),
		numbers: new Listener({
			...served,
			api: 'numbers',
			authInfo: (h) => accounts.bearer(h).info,
			handler: numbersHandler(ctx, numberRequests, numberLookups),
			serverErrorBody: () => ({ error: 'internal_error', message: 'Internal server error' }),
		}),
	};
	const base = options.port ?? 0;
	const ports: number[] = [];
	try {
		for (const [i, listener] of Object.values(listeners).entries()) {
			ports.push(await listener.listen(base === 0 ? 0 : base + i));
		}
	} catch (e) {
		await eachListener((l) => l.close().catch(() => undefined));
		clock.stop();
		throw e;
	}
	const host = 'http://127.0.0.1';
	return {
		urls: {
			fax: `${host}:${ports[0]}/v1`,
			mailMerge: `${host}:${ports[1]}/v1`,
			numbers: `${host}:${ports[2]}`,
			control: `${host}:${ports[0]}${CONTROL_PREFIX}`,
		},
		control,
		close: async () => {
			demo?.stop();
			clock.stop();
			await eachListener((l) => l.close());
		},
	};
}

export type { EmulatorControl } from './control/control';
export type { Seed } from './seed-data';
export { SEED_USERS, SEED_TOKENS, basicAuthorization } from './seed-data';
