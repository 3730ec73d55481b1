import type { Sink } from '../test/harness/sink';
import type { BenchServer } from './lib/server';
import { advanceForNextPoll, executionsStarted, pollBoth } from './lib/trigger-polls';

/** Polls after a burst, +1 min each: they re-read it until their window passes its minute. */

const MINUTE = 60_000;

export interface AfterBurstPoll {
	/** Minutes on the service clock since the drain poll. */
	minutesAfter: number;
	/** Whether this poll's window still starts at or before the burst (computed from the clocks). */
	windowHoldsBurst: boolean;
	inbound: number;
	outbound: number;
	executions: number;
}

export interface AfterBurst {
	burstFrom: string;
	burstTo: string;
	latenessMinutes: number;
	polls: AfterBurstPoll[];
}

const floorMinute = (ms: number): number => Math.floor(ms / MINUTE) * MINUTE;

/** Whether a poll reads the burst: its window starts the allowance before the last poll's clock. */
export function windowHoldsBurst(
	previousPollClock: number,
	latenessMinutes: number,
	burstTo: number,
): boolean {
	return floorMinute(previousPollClock - latenessMinutes * MINUTE) <= burstTo;
}

export async function pollsAfterBurst(
	bench: BenchServer,
	sink: Sink,
	burst: { from: string; to: string; pollClock: string },
	latenessMinutes: number,
	log: (line: string) => void,
): Promise<AfterBurst> {
	const { control } = bench.emulator;
	const polls: AfterBurstPoll[] = [];
	let previous = Date.parse(burst.pollClock);
	const burstTo = Date.parse(burst.to);
	// Until the clock is past burst + allowance + 1 minute, and one poll more to show it stays so.
	for (let minute = 1; minute <= latenessMinutes + 2; minute++) {
		await advanceForNextPoll(bench, MINUTE);
		const both = await pollBoth(bench, sink);
		const poll: AfterBurstPoll = {
			minutesAfter: minute,
			windowHoldsBurst: windowHoldsBurst(previous, latenessMinutes, burstTo),
			inbound: both.inbound.length,
			outbound: both.outbound.length,
			executions: await executionsStarted(sink, both),
		};
		polls.push(poll);
		previous = Date.parse(control.now());
		log(
			`    after the burst, +${minute} min: ${poll.inbound} inbound, ${poll.outbound} outbound request(s), ${poll.executions} executions${poll.windowHoldsBurst ? ' (window still holds the burst)' : ''}`,
		);
	}
	return { burstFrom: burst.from, burstTo: burst.to, latenessMinutes, polls };
}
