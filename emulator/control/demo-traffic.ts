import type { TimerHandle } from '../clock';
import type { EmulatorContext } from '../context';
import { injectInbound } from './inject';

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
				const incomplete = ctx.random.next() < 0.1;
				const [fax] = injectInbound(ctx, {
					userId: user.userId,
					fields: incomplete ? { FaxStatus: 'recvIncomplete' } : {},
				});
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
