import { SEED_USERS, type Emulator } from '../emulator';
import type { RequestRecord } from '../emulator/request-log';
import { PAGE_SIZE } from '../nodes/FaxCloudTrigger/fax/faxEventSearch';
import type { Sink } from '../test/harness/sink';
import { pollsAfterBurst, type AfterBurst } from './after-burst';
import { burstAndDrain, DRAIN_WORKFLOWS, firstQuery, STEP_LEAD_MS, type DrainRound } from './drain';
import { bytesOf, nextPoll } from './lib/polls';
import { executionsOf, type BenchServer } from './lib/server';
import { median, round } from './lib/stats';
import {
	advanceForNextPoll,
	clearOfNextPoll,
	executionsStarted,
	INBOUND,
	OUTBOUND,
	pollBoth,
	waitForSink,
} from './lib/trigger-polls';

/**
 * Polling over `stored` faxes per direction: a poll with nothing new, polls with a few new, per drain
 * round a jump past the allowance and a burst (./drain.ts), then the polls after it (./after-burst.ts).
 */

export const TRIGGER_WORKFLOWS = [
	'trigger-inbound.json',
	'trigger-outbound.json',
	...DRAIN_WORKFLOWS,
];
const INBOUND_WORKFLOW = 'BenchTriggerInbx';
const USERS = [SEED_USERS.alice.userId, SEED_USERS.bob.userId];
const MINUTE = 60_000;

export interface PollingFigures {
	storedPerDirection: number;
	pageSize: number;
	latenessMinutes: number;
	/** Requests of the polls with nothing new before the bursts (per direction); not in --quick. */
	quiet?: { inbound: number[]; outbound: number[] };
	few?: { newFaxes: number; requests: number; bytes: number; pollMs: number; emitted: number };
	drains: DrainRound[];
	/** The polls after a jump of the clock past a burst: they read it once more, emit nothing. */
	jumps: Array<{ inbound: number; executions: number }>;
	afterBurst?: AfterBurst;
}

/** Fills the emulator before n8n starts, so activation sees the full store. */
export function fillForPolling(
	emulator: Emulator,
	stored: number,
	latenessMinutes: number,
	drainsOnly: boolean,
): void {
	// Drains alone: nothing stored lies in the first burst's window (see drainsOnly below).
	const to = drainsOnly
		? new Date(Date.parse(emulator.control.now()) - (latenessMinutes + 1) * MINUTE).toISOString()
		: undefined;
	emulator.control.bulkCreateInbound(stored, { users: USERS, to });
	emulator.control.bulkCreateOutbound(stored, { userId: SEED_USERS.alice.userId, to });
}

/** What the trigger workflows read from n8n's environment: the sink and the Lateness Allowance. */
export function triggerEnv(sink: Sink, latenessMinutes: number): NodeJS.ProcessEnv {
	return { BENCH_SINK_URL: sink.url, BENCH_LATENESS_MINUTES: String(latenessMinutes) };
}

interface PollingOptions {
	stored: number;
	fewNew: number;
	fewPolls: number;
	drain: number;
	drainRounds: number;
	latenessMinutes: number;
	/** The drain pairs alone (--quick): one poll per pair, no other polls. */
	drainsOnly: boolean;
	log: (line: string) => void;
}

/** What the figures say of the run's setting, in --quick as in the full run. */
const setting = (options: PollingOptions) => ({
	storedPerDirection: options.stored,
	pageSize: PAGE_SIZE,
	latenessMinutes: options.latenessMinutes,
});

export async function benchPolling(
	bench: BenchServer,
	sink: Sink,
	options: PollingOptions,
): Promise<PollingFigures> {
	const { emulator } = bench;
	const { control } = emulator;
	const { log } = options;
	const [activation] = await nextPoll(emulator, INBOUND, 0);
	await nextPoll(emulator, OUTBOUND, 0);
	log('    trigger: both workflows active, activation polls done');
	if (options.drainsOnly) return drainsOnly(bench, sink, options, firstQuery(activation));

	const quiet = { inbound: [] as number[], outbound: [] as number[] };
	/** A poll with nothing new: its inbound searches. */
	const quietPoll = async (): Promise<RequestRecord[]> => {
		const polls = await pollBoth(bench, sink);
		quiet.inbound.push(polls.inbound.length);
		quiet.outbound.push(polls.outbound.length);
		const executions = await executionsStarted(sink, polls);
		if (executions > 0) throw new Error(`a poll with nothing new started ${executions} executions`);
		return polls.inbound;
	};
	log(`    trigger, nothing new: ${(await quietPoll()).length} inbound request(s)`);

	const few: Array<{ requests: number; bytes: number; pollMs: number; emitted: number }> = [];
	for (let rep = 1; rep <= options.fewPolls; rep++) {
		await advanceForNextPoll(bench, MINUTE);
		control.injectInbound({ userId: SEED_USERS.alice.userId, count: options.fewNew });
		const polls = await pollBoth(bench, sink);
		await waitForSink(sink, polls.reports + 1);
		const [execution] = await executionsOf(bench, INBOUND_WORKFLOW, 1);
		few.push({
			requests: polls.inbound.length,
			bytes: bytesOf(polls.inbound),
			pollMs:
				Date.parse(execution.startedAt) - bench.clock.n8nOffsetMs - polls.inbound[0].receivedMs,
			emitted: Number(sink.received.at(-1)?.count),
		});
		log(
			`    trigger ${rep}/${options.fewPolls}, ${options.fewNew} new: ${few.at(-1)!.requests} request(s), ${few.at(-1)!.bytes} bytes, ${few.at(-1)!.pollMs} ms`,
		);
	}

	const drains: DrainRound[] = [];
	const jumps: PollingFigures['jumps'] = [];
	for (let rep = 1; rep <= options.drainRounds; rep++) {
		// Past the allowance: this poll moves the window past everything, so the next reads the burst alone.
		await advanceForNextPoll(bench, (options.latenessMinutes + 2) * MINUTE);
		// The first search of the poll before the burst's: the warm-up pages the burst with it.
		let warmUpQuery: Record<string, string>;
		if (rep === 1) {
			const searches = await quietPoll();
			warmUpQuery = firstQuery(searches[0]);
			log(
				`    trigger, clock moved past the allowance, nothing new: ${searches.length} request(s)`,
			);
		} else {
			warmUpQuery = drains.at(-1)!.query;
			const polls = await pollBoth(bench, sink);
			jumps.push({
				inbound: polls.inbound.length,
				executions: await executionsStarted(sink, polls),
			});
			log(
				`    trigger, clock moved past the allowance after burst ${rep - 1}: ${jumps.at(-1)!.inbound} requests (the burst once more), ${jumps.at(-1)!.executions} executions`,
			);
		}
		log(`    drain round ${rep}/${options.drainRounds}:`);
		drains.push(await burstAndDrain(bench, sink, options.drain, log, undefined, warmUpQuery));
	}

	const last = drains.at(-1)!;
	const afterBurst = await pollsAfterBurst(
		bench,
		sink,
		{ from: last.burstFrom, to: last.burstTo, pollClock: last.pollClock },
		options.latenessMinutes,
		log,
	);
	return {
		...setting(options),
		quiet,
		few: {
			newFaxes: options.fewNew,
			requests: median(few.map((o) => o.requests)),
			bytes: median(few.map((o) => o.bytes)),
			pollMs: round(median(few.map((o) => o.pollMs)), 0),
			emitted: Math.min(...few.map((o) => o.emitted)),
		},
		drains,
		jumps,
		afterBurst,
	};
}

/**
 * The drain pairs alone (--quick): no poll moves the window past a burst; the clock jumps past the
 * allowance and the burst lands in the new window's first minute, so each poll reads one burst.
 */
async function drainsOnly(
	bench: BenchServer,
	sink: Sink,
	options: PollingOptions,
	/** The first search of the activation poll: the first round's warm-up pages with it. */
	activationQuery: Record<string, string>,
): Promise<PollingFigures> {
	const { control } = bench.emulator;
	const drains: DrainRound[] = [];
	let previousPollClock = Date.parse(control.now());
	for (let rep = 1; rep <= options.drainRounds; rep++) {
		options.log(`    drain round ${rep}/${options.drainRounds}:`);
		const windowStart = previousPollClock - options.latenessMinutes * MINUTE;
		await clearOfNextPoll(bench, sink, STEP_LEAD_MS);
		await advanceForNextPoll(bench, (options.latenessMinutes + 1) * MINUTE);
		const round = await burstAndDrain(
			bench,
			sink,
			options.drain,
			options.log,
			{
				from: new Date(windowStart + 1000).toISOString(),
				to: new Date(windowStart + MINUTE - 1000).toISOString(),
			},
			drains.at(-1)?.query ?? activationQuery,
		);
		drains.push(round);
		previousPollClock = Date.parse(round.pollClock);
	}
	return { ...setting(options), drains, jumps: [] };
}
