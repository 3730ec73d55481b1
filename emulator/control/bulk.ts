import type { EmulatorContext } from '../context';
import { parseIso } from '../datetime';
import { makeInbound } from '../fax/inbound-factory';
import { OUTCOMES } from '../fax/outcomes';
import { blankOutbound } from '../fax/outbound-service';
import type { InboundFax, OutboundFax, SendFaxStatus } from '../fax/records';
import type { SeedUser } from '../seed-data';

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

export interface BulkResult {
	count: number;
	firstId: number;
	lastId: number;
}

function owners(ctx: EmulatorContext, options: BulkOptions): SeedUser[] {
	const ids = options.userId ? [options.userId] : (options.users ?? []);
	if (ids.length === 0) return ctx.accounts.allUsers();
	return ids.map((id) => {
		const user = ctx.accounts.user(id);
		if (!user) throw new Error(`unknown user ${id}`);
		return user;
	});
}

function span(ctx: EmulatorContext, options: BulkOptions): [number, number] {
	const to = options.to ? parseIso(options.to) : ctx.clock.now();
	const from = options.from ? parseIso(options.from) : to - 30 * 86_400_000;
	if (from > to) throw new Error('from must not be after to');
	return [from, to];
}

/** The owners of n faxes and the time of the i-th, evenly from the span's start to its end. */
function spread(ctx: EmulatorContext, n: number, options: BulkOptions) {
	if (!Number.isInteger(n) || n < 1) throw new Error('n must be a positive integer');
	const [from, to] = span(ctx, options);
	const step = n > 1 ? (to - from) / (n - 1) : 0;
	return { users: owners(ctx, options), from, at: (i: number) => Math.round(from + i * step) };
}

/** Many finished outbound faxes at once, inserted in one sort, without lifecycle timers. */
export function bulkCreateOutbound(
	ctx: EmulatorContext,
	n: number,
	options: BulkOptions = {},
): BulkResult {
	const { users, from, at: timeOf } = spread(ctx, n, options);
	const faxes: OutboundFax[] = [];
	for (let i = 0; i < n; i++) {
		const id = ctx.outboundStore.allocateId();
		const user = users[i % users.length];
		const at = timeOf(i);
		const status = options.statuses
			? options.statuses[i % options.statuses.length]
			: i % 10 === 9
				? 'sendFailed'
				: 'sent';
		const fax = blankOutbound(id, user.userId, user.userId, Math.max(from, at - 60_000));
		const failed = status === 'sendFailed';
		Object.assign(fax, {
			faxNumber: `1212555${String(i % 10_000).padStart(4, '0')}`,
			status,
			updatedAt: at,
			modifiedAt: at,
			tsi: user.tsi,
			pagesTotal: 1 + (i % 4),
			pagesSent: status === 'sent' ? 1 + (i % 4) : 0,
			duration: status === 'sent' ? 20 + 10 * (i % 4) : 0,
			csi: status === 'sent' ? '+1 212 555 0000' : '',
			errorCode: failed ? OUTCOMES.busy.errorCode : 0,
			errorText: failed ? OUTCOMES.busy.errorText : '',
			retryCountLeft: status === 'sent' || failed ? 0 : 3,
			mark: options.mark ?? false,
			batchName: options.batchName ?? '',
			projectCodes: [ctx.accounts.organization(user.userId)?.accountNumber ?? '', '', '', '', ''],
		});
		faxes.push(fax);
	}
	ctx.outboundStore.addMany(faxes);
	return { count: n, firstId: faxes[0].id, lastId: faxes[n - 1].id };
}

export function bulkCreateInbound(
	ctx: EmulatorContext,
	n: number,
	options: BulkOptions = {},
): BulkResult {
	const { users, at } = spread(ctx, n, options);
	const faxes: InboundFax[] = [];
	for (let i = 0; i < n; i++) {
		const fax = makeInbound(ctx.inbound.allocateId(), users[i % users.length], at(i), ctx.random);
		fax.mark = options.mark ?? false;
		faxes.push(fax);
	}
	ctx.inbound.addMany(faxes);
	return { count: n, firstId: faxes[0].id, lastId: faxes[n - 1].id };
}
