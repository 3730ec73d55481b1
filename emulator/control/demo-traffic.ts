import type { TimerHandle } from '../clock';
import type { EmulatorContext } from '../context';
import { injectInbound } from './inject';

/** Demo mode: an inbound fax for a random non-administrator user every 40 to 120 seconds. */
export function startDemoTraffic(ctx: EmulatorContext): { stop(): void } {
	let timer: TimerHandle | undefined;
	let stopped = false;
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
