import type { EmulatorContext } from '../context';
import { parseIso } from '../datetime';
import { makeInbound, type InboundOverrides } from '../fax/inbound-factory';
import { formatInbound, type InboundFax } from '../fax/records';

/** A day: later than any allowance a poller would wait for a record. */
const MAX_LATE_MS = 24 * 60 * 60_000;

export interface InjectInboundOptions {
	userId: string;
	/** How many faxes; default 1. */
	count?: number;
	/** Receive time (ISO), the faxes' ReceivedTime. Default now. */
	at?: string;
	/**
	 * The faxes become visible (searches, GET) this many milliseconds after `at`, as a long
	 * reception or a slow conversion makes them; default 0. Visible means modified then: they sort
	 * (`SortColumn=dateTime`) at that time. A visible time still in the future makes the faxes
	 * arrive when the clock gets there; one in the past seeds them as if they had been there since.
	 */
	lateByMs?: number;
	/** Field overrides with wire names, e.g. { FaxStatus: 'recvIncomplete', PagesReceived: 3 }. */
	fields?: InboundOverrides;
}

/**
 * Faxes arriving for a user. Ids are taken at injection, so a fax that becomes visible later keeps
 * the id it was given here (ids then do not follow the order of visibility, as on a service that
 * numbers a reception when it starts).
 */
export function injectInbound(
	ctx: EmulatorContext,
	options: InjectInboundOptions,
): Record<string, string>[] {
	const user = ctx.accounts.user(options?.userId);
	if (!user) throw new Error(`unknown user ${options?.userId}`);
	const count = options.count ?? 1;
	if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
	const lateByMs = options.lateByMs ?? 0;
	if (!Number.isInteger(lateByMs) || lateByMs < 0 || lateByMs > MAX_LATE_MS) {
		throw new Error(`lateByMs must be an integer from 0 to ${MAX_LATE_MS}`);
	}
	const now = ctx.clock.now();
	const at = options.at ? parseIso(options.at) : now;
	const visibleAt = at + lateByMs;
	const faxes: InboundFax[] = [];
	for (let i = 0; i < count; i++) {
		const fax = makeInbound(ctx.inbound.allocateId(), user, at, ctx.random, options.fields);
		fax.visibleAt = visibleAt;
		fax.modifiedAt = visibleAt;
		faxes.push(fax);
	}
	const arrive = (): void => {
		for (const f of faxes) ctx.inbound.add(f);
	};
	if (visibleAt > now) ctx.clock.at(visibleAt, arrive);
	else arrive();
	return faxes.map((f) => formatInbound(f, ctx.precision));
}
