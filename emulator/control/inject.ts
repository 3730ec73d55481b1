import type { EmulatorContext } from '../context';
import { parseIso } from '../datetime';
import { makeInbound, type InboundOverrides } from '../fax/inbound-factory';
import { formatInbound, type InboundFax } from '../fax/records';

export interface InjectInboundOptions {
	userId: string;
	/** How many faxes; default 1. */
	count?: number;
	/** Receive time (ISO). Default now; a future time makes the faxes arrive when the clock gets there. */
	at?: string;
	/** Field overrides with wire names, e.g. { FaxStatus: 'recvIncomplete', PagesReceived: 3 }. */
	fields?: InboundOverrides;
}

/**
 * Faxes arriving for a user. Ids are taken at injection, so a fax injected for a later time keeps
 * the id it was given here.
 */
export function injectInbound(
	ctx: EmulatorContext,
	options: InjectInboundOptions,
): Record<string, string>[] {
	const user = ctx.accounts.user(options?.userId);
	if (!user) throw new Error(`unknown user ${options?.userId}`);
	const count = options.count ?? 1;
	if (!Number.isInteger(count) || count < 1) throw new Error('count must be a positive integer');
	const now = ctx.clock.now();
	const at = options.at ? parseIso(options.at) : now;
	const faxes: InboundFax[] = [];
	for (let i = 0; i < count; i++) {
		faxes.push(makeInbound(ctx.inbound.allocateId(), user, at, ctx.random, options.fields));
	}
	const arrive = (): void => {
		for (const f of faxes) ctx.inbound.add(f);
	};
	if (at > now) ctx.clock.at(at, arrive);
	else arrive();
	return faxes.map((f) => formatInbound(f, ctx.precision));
}
