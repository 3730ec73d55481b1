import { SEED_USERS } from '../emulator';
import type { RequestRecord } from '../emulator/request-log';
import type { Sink } from '../test/harness/sink';
import { sleep, waitUntil } from '../test/harness/waitUntil';
import { measureCurve, type CurveFigures, type CurveRun } from './lib/curve';
import { finishedExecution } from './drain';
import { collectGarbage } from './lib/gc';
import { lastSeq, nextPoll, type Watched } from './lib/polls';
import { PeakRss } from './lib/proc';
import { callWebhook, executionsOf, type BenchServer } from './lib/server';
import { spanMs } from './lib/stats';

/**
 * The drain's cost curve: bursts of 1,000, 10,000 and 100,000 new inbound faxes, all new at one
 * poll, received at 1,000 a minute (the burst of 100,000 over 100 minutes, ending past the lateness
 * allowance before the poll: a backlog after an outage), drained by a Fax Cloud Trigger that polls
 * every 10 seconds (CURVE_POLL_EVERY_MS), once with Max Events per Poll at 10,000 (its cap; the
 * burst of 100,000 takes ten polls) and once at its default of 1,000 (bursts of 1,000 and 10,000: the
 * default at 100,000 would be a hundred polls). A burst received within one minute is paged whole
 * by each capped poll (a search's times are whole minutes: README, Trigger semantics);
 * test/nodes/FaxCloudTrigger/cappedDrain.test.ts counts both. The workflows run in an n8n of their
 * own (../run-bench.ts), without the polling part's, and log in to the second organization (globex)
 * and carol.
 *
 * The time of a drain is the sum of its polls' searches (each poll's span at the emulator, from
 * its first request to its last answer), up to the poll that emitted the last event; the capped
 * drain's is set against the helper floor making each poll's searches after it, in the same n8n
 * (drainOnce). A floor paging the whole burst at once, as it did before, held 100,000 items in one
 * execution and never met n8n between polls: per poll it took 94 to 198 ms (once 267) in the
 * full run at 961e87b, where paging 400 pages at once had taken 160 to 190 ms a poll's share.
 */

export const DRAIN_CURVE_WORKFLOWS = [
	'trigger-curve-capped.json',
	'trigger-curve-default.json',
	'page-helper-floor-globex.json',
];

const MINUTE = 60_000;
/**
 * The drain curves' workflows poll every 10 seconds (six Custom entries, each once a minute): twice
 * as often as the polling part's, since a curve waits on a poll per Max Events per Poll. The capped
 * one at seconds 0, 10, ..., 50, the default cap's five seconds later: polling in the same seconds,
 * the other workflow's poll (its credential read, its search) took n8n's thread during the capped
 * drain's searches, which the floor, paging between polls, never met. The figure is the searches'
 * own time, not the wait between polls.
 */
const CURVE_POLL_EVERY_MS = 10_000;
/** How many faxes the service receives a minute while a burst comes in. */
const RECEIVED_PER_MINUTE = 1_000;
/** How long before a poll the floor's uncounted warm-up pages (it takes a few hundred ms). */
const WARM_UP_LEAD_MS = 2_000;
/** Requests further apart than this belong to different polls (CURVE_POLL_EVERY_MS apart). */
const POLL_GAP_MS = 5_000;
const INBOUND_PATH = '^/v1/inboundfaxes$';

interface CurveTrigger {
	workflowId: string;
	/** What the workflow reports to the sink as `direction`. */
	direction: string;
	maxEventsPerPoll: number;
	watched: Watched;
	/** The helper floor's webhook paging with the same login, where the curve compares with it. */
	floorWebhook?: string;
}

export const CAPPED: CurveTrigger = {
	workflowId: 'BenchCurveCapped',
	direction: 'capped',
	maxEventsPerPoll: 10_000,
	watched: { label: 'capped drain', path: INBOUND_PATH, userId: SEED_USERS.globexAdmin.userId },
	floorWebhook: 'bench-page-floor-globex',
};

export const DEFAULT_CAP: CurveTrigger = {
	workflowId: 'BenchCurveDefault',
	direction: 'default',
	maxEventsPerPoll: 1_000,
	watched: { label: 'default-cap drain', path: INBOUND_PATH, userId: SEED_USERS.carol.userId },
};

export interface DrainCurveRun extends CurveRun {
	polls: number;
	/** Each poll's searches and their span at the emulator, in order (absent in older results). */
	perPoll?: Array<{ searches: number; ms: number }>;
	/** The same for the helper floor's repeat of each poll's searches (absent in older results). */
	floorPerPoll?: Array<{ searches: number; ms: number }>;
	requests: number;
	floorRequests?: number;
	emitted: number;
}

export interface DrainCurves {
	capped: CurveFigures;
	defaultCap: CurveFigures;
}

const searchesSince = (bench: BenchServer, trigger: CurveTrigger, sinceSeq: number) =>
	bench.emulator.control.requests({
		path: INBOUND_PATH,
		userId: trigger.watched.userId,
		sinceSeq,
	});

/** Requests grouped into polls: a gap of more than POLL_GAP_MS starts the next. */
export function pollsOf(records: RequestRecord[]): RequestRecord[][] {
	const polls: RequestRecord[][] = [];
	let lastEnd = -Infinity;
	for (const record of [...records].sort((a, b) => a.receivedMs - b.receivedMs)) {
		if (record.receivedMs - lastEnd > POLL_GAP_MS) polls.push([]);
		polls.at(-1)!.push(record);
		lastEnd = Math.max(lastEnd, record.finishedMs ?? record.receivedMs);
	}
	return polls;
}

const searchesAndMs = (poll: RequestRecord[]) => ({
	searches: poll.length,
	ms: Math.round(spanMs(poll)),
});

const perPollText = (polls: DrainCurveRun['perPoll']) =>
	(polls ?? []).map((p) => `${p.searches}/${p.ms}`).join(', ');

/**
 * A poll's searches in order, as the helper floor repeats them: each first query (a request without
 * GetNextResults) with how many pages of it the poll read (it and the next pages after it).
 */
export function searchesOf(
	poll: RequestRecord[],
): Array<{ query: Record<string, string>; pages: number }> {
	const searches: Array<{ query: Record<string, string>; pages: number }> = [];
	for (const record of poll) {
		const query = queryOf(record);
		if (query.GetNextResults && searches.length > 0) searches[searches.length - 1].pages++;
		else searches.push({ query, pages: 1 });
	}
	return searches;
}

/** A search's query, as sent, one value per name. */
function queryOf(record: RequestRecord): Record<string, string> {
	return Object.fromEntries(
		Object.entries(record.query).map(([name, value]) => [
			name,
			Array.isArray(value) ? value[0] : value,
		]),
	);
}

/**
 * The helper floor making one poll's searches (`floorWebhook`); its requests, which are also added
 * to `floorSeqs` so that the trigger's are told apart from them.
 */
async function floorPaging(
	bench: BenchServer,
	trigger: CurveTrigger,
	poll: RequestRecord[],
	floorSeqs: Set<number>,
): Promise<RequestRecord[]> {
	const searches = searchesOf(poll);
	const since = lastSeq(bench.emulator);
	await callWebhook(bench, trigger.floorWebhook!, { query: searches });
	const paged = searchesSince(bench, trigger, since);
	const expected = searches.reduce((sum, search) => sum + search.pages, 0);
	if (paged.length !== expected) {
		throw new Error(
			`the floor made ${paged.length} searches for a poll of ${expected}: a poll of the trigger came while it paged`,
		);
	}
	for (const record of paged) floorSeqs.add(record.seq);
	return paged;
}

async function drainOnce(
	bench: BenchServer,
	sink: Sink,
	trigger: CurveTrigger,
	faxes: number,
	latenessMinutes: number,
): Promise<DrainCurveRun> {
	const { control } = bench.emulator;
	const since = lastSeq(bench.emulator);
	const reportsBefore = sink.received.length;
	const emitted = () =>
		sink.received
			.slice(reportsBefore)
			.filter((r) => r.direction === trigger.direction)
			.reduce((sum, r) => sum + Number(r.count), 0);
	// Called right after a poll; the clock's moves and the burst are one synchronous step, so no
	// poll sees one without the other. The burst starts a minute before the last poll's clock,
	// inside the next poll's window (the allowance), and ends past the allowance before the next
	// poll's clock: the clock stands still while the polls drain it, and a burst inside the allowance
	// would be read again by each of them as possibly late (README, Trigger semantics), a cost that
	// the bench's after-burst polls measure, not this curve.
	// Evenly, half a step inside each end, so each minute receives RECEIVED_PER_MINUTE, for every
	// burst alike (spread over its span less a second, the burst of 10,000 came at 1,001.6 a minute
	// against the 1,000 of the burst of 1,000, and each of its minutes took a fifth page at the
	// default cap: a different rate, not a larger size).
	const minutes = Math.ceil(faxes / RECEIVED_PER_MINUTE);
	const end = Date.parse(bench.clock.advance((minutes - 1) * MINUTE));
	const stepMs = MINUTE / RECEIVED_PER_MINUTE;
	control.bulkCreateInbound(faxes, {
		userId: trigger.watched.userId,
		from: new Date(end - minutes * MINUTE + stepMs / 2).toISOString(),
		to: new Date(end - stepMs / 2).toISOString(),
	});
	bench.clock.advance((latenessMinutes + 1) * MINUTE);
	collectGarbage();
	const peak = new PeakRss(bench.pid);
	const reports = () =>
		sink.received.slice(reportsBefore).filter((r) => r.direction === trigger.direction).length;
	const deadline =
		Date.now() + (Math.ceil(faxes / trigger.maxEventsPerPoll) + 4) * 2 * CURVE_POLL_EVERY_MS;
	const floor: RequestRecord[][] = [];
	const floorSeqs = new Set<number>();
	let pollSince = since;
	for (let executions = 1; emitted() < faxes; executions++) {
		await waitUntil(
			`execution ${executions} of the ${trigger.watched.label} of ${faxes}`,
			() => reports() >= executions,
			Math.max(0, deadline - Date.now()),
			{ intervalMs: 50, detail: () => `${emitted()} events so far` },
		);
		if (!trigger.floorWebhook) continue;
		await finishedExecution(bench, trigger.workflowId);
		// After each poll, once its execution is finished and saved (the next poll comes
		// CURVE_POLL_EVERY_MS after it), the floor makes that poll's searches: the same queries, each
		// as many pages as the trigger read. Left out of the drain's memory: its items are not the
		// trigger's.
		peak.pause();
		const polls = pollsOf(searchesSince(bench, trigger, pollSince));
		for (const poll of polls) floor.push(await floorPaging(bench, trigger, poll, floorSeqs));
		const lastPollStart = polls.at(-1)?.[0].receivedMs;
		const warmUpAt = (lastPollStart ?? -Infinity) + CURVE_POLL_EVERY_MS - WARM_UP_LEAD_MS;
		if (emitted() < faxes && Date.now() < warmUpAt) {
			// Whatever pages first after a while idle runs slower, the floor as the trigger (README,
			// Benchmarks): the floor pages the same searches once more, not counted, seconds before
			// the next poll, so that poll meets n8n as the floor's counted paging did, busy just before.
			await sleep(warmUpAt - Date.now());
			await floorPaging(bench, trigger, polls.at(-1)!, floorSeqs);
		}
		pollSince = lastSeq(bench.emulator);
		peak.resume();
	}
	const memory = peak.stop();
	// The searches up to the poll that emitted the last event: its execution started right after.
	const [last] = await executionsOf(bench, trigger.workflowId, 1);
	const lastStarted = Date.parse(last.startedAt) - bench.clock.n8nOffsetMs;
	const drain = searchesSince(bench, trigger, since).filter(
		(r) => !floorSeqs.has(r.seq) && (r.finishedMs ?? r.receivedMs) <= lastStarted,
	);
	const drainPolls = pollsOf(drain);

	// Past the allowance: the next poll reads the burst once more and moves its window past it.
	bench.clock.advance((latenessMinutes + 2) * MINUTE);
	await nextPoll(bench.emulator, trigger.watched, lastSeq(bench.emulator));
	if (emitted() !== faxes) {
		throw new Error(
			`the ${trigger.direction} drain emitted ${emitted()} events for ${faxes} faxes`,
		);
	}
	const floorRuns = trigger.floorWebhook ? floor : undefined;
	return {
		units: faxes,
		ms: drainPolls.reduce((sum, poll) => sum + spanMs(poll), 0),
		rssRiseBytes: memory.riseBytes,
		floorMs: floorRuns?.reduce((sum, paged) => sum + spanMs(paged), 0),
		floorRequests: floorRuns?.reduce((sum, paged) => sum + paged.length, 0),
		polls: drainPolls.length,
		perPoll: drainPolls.map(searchesAndMs),
		floorPerPoll: floorRuns?.map(searchesAndMs),
		requests: drain.length,
		emitted: faxes,
	};
}

export async function benchDrainCurves(
	bench: BenchServer,
	sink: Sink,
	options: {
		cappedSizes: number[];
		defaultSizes: number[];
		/** Rounds of the capped curve, whose largest burst is set against the floor, and the default's. */
		cappedRounds: number;
		defaultRounds: number;
		latenessMinutes: number;
		log: (line: string) => void;
	},
): Promise<DrainCurves> {
	const curve = async (
		trigger: CurveTrigger,
		sizes: number[],
		rounds: number,
		warmUpSmallestOnly = true,
	) => {
		const drain = async (faxes: number) => {
			const run = await drainOnce(bench, sink, trigger, faxes, options.latenessMinutes);
			options.log(
				`      ${trigger.direction} drain of ${faxes}: ${run.polls} polls, ${run.requests} searches in ${Math.round(run.ms)} ms${run.floorRequests === undefined ? '' : `; floor ${run.floorRequests} in ${Math.round(run.floorMs!)} ms`}${run.polls > 1 ? ` (searches/ms per poll: ${perPollText(run.perPoll)}${run.floorPerPoll ? `; floor ${perPollText(run.floorPerPoll)}` : ''})` : ''}`,
			);
			return run;
		};
		return await measureCurve({
			unit: 'event',
			label: `${trigger.direction} drain`,
			sizes,
			rounds,
			log: options.log,
			warmUpSmallestOnly,
			run: drain,
		});
	};
	// A whole poll of each workflow after n8n started, so its activation is behind its burst.
	const started = lastSeq(bench.emulator);
	await nextPoll(bench.emulator, DEFAULT_CAP.watched, started);
	await nextPoll(bench.emulator, CAPPED.watched, started);
	// The default cap's small curve first: after the capped drain of 100,000, n8n stalled about
	// 220 ms in the first poll of the default cap's 10,000 (three runs of three; 67 ms when first),
	// the large drain's aftermath in a row about the default cap. Warmed up at both its sizes: first
	// in a fresh n8n, its 10,000 grew n8n's heap (RSS rise per event x2.85 the 1,000's, where after
	// the capped drain it was x0.19), which is n8n's start, not the curve's growth.
	const defaultCap = await curve(DEFAULT_CAP, options.defaultSizes, options.defaultRounds, false);
	return {
		capped: await curve(CAPPED, options.cappedSizes, options.cappedRounds),
		defaultCap,
	};
}
