import type { TimerHandle } from '../clock';
import type { EmulatorContext } from '../context';
import { parseIso } from '../datetime';
import { makeInbound, type InboundOverrides } from '../fax/inbound-store';
import { OUTCOMES } from '../fax/outcomes';
import { blankOutbound, formatInbound, type OutboundFax, type SendFaxStatus } from '../fax/records';
import { intIn, MAX_LAG_MS } from './control';

export interface InjectInboundOptions {
	userId: string;
	/** How many faxes; default 1. */
	count?: number;
	/** Receive time (ISO), the faxes' ReceivedTime. Default now. */
	at?: string;
	/** Visible (and modified) this long after `at`, as after a long reception; README, late records. */
	lateByMs?: number;
	/** Field overrides with wire names, e.g. { FaxStatus: 'recvIncomplete', PagesReceived: 3 }. */
	fields?: InboundOverrides;
}

/**
 * Faxes arriving for a user. Ids are taken now, so a fax visible later keeps an earlier id (as on
 * a service that numbers a reception when it starts).
 */
export function injectInbound(
	ctx: EmulatorContext,
	options: InjectInboundOptions,
): Record<string, string>[] {
	const user = ctx.accounts.user(options?.userId);
	if (!user) throw new Error(`unknown user ${options?.userId}`);
	const count = intIn(options.count ?? 1, 1, Infinity, 'count must be a positive integer');
	const lateByMs = options.lateByMs ?? 0;
	intIn(lateByMs, 0, MAX_LAG_MS, `lateByMs must be an integer from 0 to ${MAX_LAG_MS}`);
	const now = ctx.clock.now();
	const at = options.at ? parseIso(options.at) : now;
	const visibleAt = at + lateByMs;
	const faxes = Array.from({ length: count }, () => {
		const fax = makeInbound(ctx.inbound.allocateId(), user, at, ctx.random, options.fields);
		return { ...fax, visibleAt, modifiedAt: visibleAt };
	});
	if (visibleAt > now) ctx.clock.at(visibleAt, () => ctx.inbound.add(faxes));
	else ctx.inbound.add(faxes);
	return faxes.map((f) => formatInbound(f, ctx.precision));
}

/**
 * Demo mode: each non-administrator user starts with two faxes received in the last hour (so the
 * demo has something to show at once), then an inbound fax for a random user every 40 to 120 s.
 */
export function startDemoTraffic(ctx: EmulatorContext): { stop(): void } {
	let timer: TimerHandle | undefined;
	let stopped = false;
	const now = ctx.clock.now();
	for (const user of ctx.accounts.allUsers().filter((u) => !u.proxy)) {
		for (let i = 0; i < 2; i++) {
			const at = new Date(now - ctx.random.int(5, 60) * 60_000).toISOString();
			injectInbound(ctx, { userId: user.userId, at });
		}
	}
	const plan = (): void => {
		if (stopped) return;
		timer = ctx.clock.after(ctx.random.int(40, 120) * 1000, () => {
			const users = ctx.accounts.allUsers().filter((u) => !u.proxy);
			if (users.length > 0) {
				const user = ctx.random.pick(users);
				const fields = ctx.random.next() < 0.1 ? { FaxStatus: 'recvIncomplete' } : {};
				const [fax] = injectInbound(ctx, { userId: user.userId, fields });
				ctx.logLine(`demo: inbound fax ${fax.FaxId} for ${user.userId} from ${fax.TSI}`);
			}
			plan();
		});
	};
	plan();
	return {
		stop: () => {
			stopped = true;
			timer?.cancel();
		},
	};
}

export interface BulkOptions {
	/** Owner of every record; default: round robin over `users`, or over every seed user. */
	userId?: string;
	users?: string[];
	/** Time span the records are spread over (ISO); default the 30 days before now. */
	from?: string;
	to?: string;
	/** Statuses cycled through for outbound records; default mostly sent, every tenth sendFailed. */
	statuses?: SendFaxStatus[];
	/** Value of Mark for every record; default false. */
	mark?: boolean;
	batchName?: string;
}

/** The owners of n faxes, the span's start and the time of the i-th, evenly over the span. */
function spread(ctx: EmulatorContext, n: number, options: BulkOptions) {
	if (!Number.isInteger(n) || n < 1) throw new Error('n must be a positive integer');
	const to = options.to ? parseIso(options.to) : ctx.clock.now();
	const from = options.from ? parseIso(options.from) : to - 30 * 86_400_000;
	if (from > to) throw new Error('from must not be after to');
	const step = n > 1 ? (to - from) / (n - 1) : 0;
	const ids = options.userId ? [options.userId] : (options.users ?? []);
	const users = ids.map((id) => {
		const user = ctx.accounts.user(id);
		if (!user) throw new Error(`unknown user ${id}`);
		return user;
	});
	return {
		users: users.length > 0 ? users : ctx.accounts.allUsers(),
		from,
		at: (i: number) => Math.round(from + i * step),
	};
}

const bulkResult = (faxes: { id: number }[]) => ({
	count: faxes.length,
	firstId: faxes[0].id,
	lastId: faxes[faxes.length - 1].id,
});

/** Many finished outbound faxes at once, inserted in one sort, without lifecycle timers. */
export function bulkCreateOutbound(ctx: EmulatorContext, n: number, options: BulkOptions = {}) {
	const { users, from, at: timeOf } = spread(ctx, n, options);
	const faxes: OutboundFax[] = [];
	const statuses: SendFaxStatus[] = options.statuses || [...Array(9).fill('sent'), 'sendFailed'];
	for (let i = 0; i < n; i++) {
		const id = ctx.outboundStore.allocateId();
		const user = users[i % users.length];
		const at = timeOf(i);
		const status = statuses[i % statuses.length];
		const fax = blankOutbound(id, user.userId, user.userId, Math.max(from, at - 60_000));
		const sent = status === 'sent';
		const failed = status === 'sendFailed';
		faxes.push({
			...fax,
			faxNumber: `1212555${String(i % 10_000).padStart(4, '0')}`,
			status,
			updatedAt: at,
			modifiedAt: at,
			tsi: user.tsi,
			pagesTotal: 1 + (i % 4),
			pagesSent: sent ? 1 + (i % 4) : 0,
			duration: sent ? 20 + 10 * (i % 4) : 0,
			csi: sent ? '+1 212 555 0000' : '',
			errorCode: failed ? OUTCOMES.busy.errorCode : 0,
			errorText: failed ? OUTCOMES.busy.errorText : '',
			retryCountLeft: sent || failed ? 0 : 3,
			mark: options.mark ?? false,
			batchName: options.batchName ?? '',
			projectCodes: [ctx.accounts.organization(user.userId)?.accountNumber ?? '', '', '', '', ''],
		});
	}
	ctx.outboundStore.add(faxes);
	return bulkResult(faxes);
}

export function bulkCreateInbound(ctx: EmulatorContext, n: number, options: BulkOptions = {}) {
	const { users, at } = spread(ctx, n, options);
	const faxes = Array.from({ length: n }, (_, i) => ({
		...makeInbound(ctx.inbound.allocateId(), users[i % users.length], at(i), ctx.random),
		mark: options.mark ?? false,
	}));
	ctx.inbound.add(faxes);
	return bulkResult(faxes);
}
