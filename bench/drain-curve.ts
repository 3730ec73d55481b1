import { SEED_USERS } from '../emulator';
import type { RequestRecord } from '../emulator/request-log';
import type { Sink } from '../test/harness/sink';
import { sleep, waitUntil } from '../test/harness/waitUntil';
import { measureCurve, type CurveFigures, type CurveRun } from './lib/curve';
import { finishedExecution, firstQuery, WARM_UP_LEAD_MS } from './drain';
import { collectAllGarbage, GcPauses, N8nGcPauses } from './lib/gc';
import { lastSeq, nextPoll, requestsOf, type Watched } from './lib/polls';
import { PeakRss } from './lib/proc';
import { callWebhook, executionsOf, type BenchServer } from './lib/server';
import { spanMs } from './lib/stats';

/**
 * The drain's cost curve: bursts of 1,000 to 100,000 inbound faxes at 1,000 a minute (a backlog
 * after an outage), drained by a trigger at Max Events per Poll 10,000, and at its default 1,000 up
 * to 10,000 (100,000 would take a hundred polls). A drain's time is the sum of its polls' spans up
 * to the last event; the capped one's is set against the floor repeating each poll right after it
 * in the same n8n, so that both meet n8n as a poll does.
 */

export const DRAIN_CURVE_WORKFLOWS = [
	'trigger-curve-capped.json',
	'trigger-curve-default.json',
	'page-helper-floor-globex.json',
];

const MINUTE = 60_000;
/** How many faxes the service receives a minute while a burst comes in. */
const RECEIVED_PER_MINUTE = 1_000;
const INBOUND_PATH = '^/v1/inboundfaxes$';

interface CurveTrigger {
	workflowId: string;
	/** What the workflow reports to the sink as `direction`. */
	direction: string;
	maxEventsPerPoll: number;
	/**
	 * How often it polls: capped at seconds 0, 10, ... 50, the default at 2, 7, ... 57, never in the
	 * same second, since the other's poll took n8n's thread during the capped drain's searches.
	 */
	pollEveryMs: number;
	watched: Watched;
	/** The helper floor's webhook paging with the same login, where the curve compares with it. */
	floorWebhook?: string;
}

const CAPPED: CurveTrigger = {
	workflowId: 'BenchCurveCapped',
	direction: 'capped',
	maxEventsPerPoll: 10_000,
	pollEveryMs: 10_000,
	watched: { label: 'capped drain', path: INBOUND_PATH, userId: SEED_USERS.globexAdmin.userId },
	floorWebhook: 'bench-page-floor-globex',
};

const DEFAULT_CAP: CurveTrigger = {
	workflowId: 'BenchCurveDefault',
	direction: 'default',
	maxEventsPerPoll: 1_000,
	pollEveryMs: 5_000,
	watched: { label: 'default-cap drain', path: INBOUND_PATH, userId: SEED_USERS.carol.userId },
};

/** A poll's searches, their span at the emulator, and the GC ms inside it in n8n and the emulator. */
type PollSpan = ReturnType<ReturnType<typeof searchesAndMs>>;

export interface DrainCurveRun extends CurveRun {
	polls: number;
	/** Per poll in order (absent in older results), and the floor's repeat of each poll's searches. */
	perPoll?: PollSpan[];
	floorPerPoll?: PollSpan[];
	requests: number;
	floorRequests?: number;
	emitted: number;
}

export interface DrainCurves {
	capped: CurveFigures;
	defaultCap: CurveFigures;
}

const searchesSince = (bench: BenchServer, trigger: CurveTrigger, sinceSeq: number) =>
	requestsOf(bench.emulator, trigger.watched, sinceSeq);

/** Requests grouped into polls `pollEveryMs` apart: a gap of over half that starts the next. */
export function pollsOf(records: RequestRecord[], pollEveryMs: number): RequestRecord[][] {
	const polls: RequestRecord[][] = [];
	let lastEnd = -Infinity;
	for (const record of [...records].sort((a, b) => a.receivedMs - b.receivedMs)) {
		if (record.receivedMs - lastEnd > pollEveryMs / 2) polls.push([]);
		polls.at(-1)!.push(record);
		lastEnd = Math.max(lastEnd, record.finishedMs ?? record.receivedMs);
	}
	return polls;
}

const searchesAndMs = (emulatorGc: GcPauses, n8nGc: N8nGcPauses) => (poll: RequestRecord[]) => ({
	searches: poll.length,
	ms: Math.round(spanMs(poll)),
	emulatorGcMs: Math.round(emulatorGc.during(poll)),
	n8nGcMs: Math.round(n8nGc.during(poll) ?? NaN),
});

const gcText = (p: { emulatorGcMs?: number; n8nGcMs?: number }) =>
	[p.n8nGcMs ? `n8n ${p.n8nGcMs}` : '', p.emulatorGcMs ? `emulator ${p.emulatorGcMs}` : '']
		.filter(Boolean)
		.join(', ');

const perPollText = (polls: DrainCurveRun['perPoll']) =>
	(polls ?? [])
		.map((p) => `${p.searches}/${p.ms}${gcText(p) ? ` (GC ${gcText(p)})` : ''}`)
		.join(', ');

type PollSearch = { query: Record<string, string>; pages: number };

/** A poll's searches as the helper floor repeats them: each first query, with the pages read. */
export function searchesOf(poll: RequestRecord[]): PollSearch[] {
	const searches: PollSearch[] = [];
	for (const record of poll) {
		const query = firstQuery(record);
		if (query.GetNextResults && searches.length > 0) searches[searches.length - 1].pages++;
		else searches.push({ query, pages: 1 });
	}
	return searches;
}

/** The helper floor making one poll's searches; its requests go in `floorSeqs` too. */
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
	const reports = () =>
		sink.received.slice(reportsBefore).filter((r) => r.direction === trigger.direction);
	const emitted = () => reports().reduce((sum, r) => sum + Number(r.count), 0);
	// One synchronous step, so no poll sees the clock move without the burst. The burst ends past the
	// allowance before the next poll (inside it, each poll would re-read it: the after-burst polls'
	// cost); spread evenly so that every minute of it receives exactly RECEIVED_PER_MINUTE.
	const minutes = Math.ceil(faxes / RECEIVED_PER_MINUTE);
	const end = Date.parse(bench.clock.advance((minutes - 1) * MINUTE));
	const stepMs = MINUTE / RECEIVED_PER_MINUTE;
	control.bulkCreateInbound(faxes, {
		userId: trigger.watched.userId,
		from: new Date(end - minutes * MINUTE + stepMs / 2).toISOString(),
		to: new Date(end - stepMs / 2).toISOString(),
	});
	bench.clock.advance((latenessMinutes + 1) * MINUTE);
	const n8nGc = new N8nGcPauses(bench.clock.gcFile, bench.pid);
	// Before each poll and each floor paging alike, both processes collect their garbage: a major
	// collection inside a paging slows it several times its own pause, on whichever side it falls.
	const collectBoth = () => collectAllGarbage(n8nGc);
	await collectBoth();
	const peak = new PeakRss(bench.pid);
	const deadline =
		Date.now() + (Math.ceil(faxes / trigger.maxEventsPerPoll) + 4) * 2 * trigger.pollEveryMs;
	const floor: RequestRecord[][] = [];
	const floorSeqs = new Set<number>();
	const gcPauses = new GcPauses();
	let pollSince = since;
	for (let executions = 1; emitted() < faxes; executions++) {
		await waitUntil(
			`execution ${executions} of the ${trigger.watched.label} of ${faxes}`,
			() => reports().length >= executions,
			Math.max(0, deadline - Date.now()),
			{ intervalMs: 50, detail: () => `${emitted()} events so far` },
		);
		const polls = pollsOf(searchesSince(bench, trigger, pollSince), trigger.pollEveryMs);
		if (trigger.floorWebhook) {
			// Left out of the drain's memory: the floor's items are not the trigger's.
			peak.pause();
			await finishedExecution(bench, trigger.workflowId);
			// Once the poll's execution is saved, the floor makes that poll's searches.
			await collectBoth();
			for (const poll of polls) floor.push(await floorPaging(bench, trigger, poll, floorSeqs));
		}
		const lastPollStart = polls.at(-1)?.[0].receivedMs;
		const warmUpAt = (lastPollStart ?? -Infinity) + trigger.pollEveryMs - WARM_UP_LEAD_MS;
		if (emitted() < faxes && Date.now() < warmUpAt) {
			await sleep(warmUpAt - Date.now());
			// Whatever pages first after a while idle runs slower: an uncounted paging by the floor
			// just before the next poll lets it meet n8n busy, as the floor's counted paging did.
			if (trigger.floorWebhook) await floorPaging(bench, trigger, polls.at(-1)!, floorSeqs);
			await collectBoth();
		}
		pollSince = lastSeq(bench.emulator);
		if (trigger.floorWebhook) peak.resume();
	}
	gcPauses.stop();
	const memory = peak.stop();
	// The searches up to the poll that emitted the last event: its execution started right after.
	const [last] = await executionsOf(bench, trigger.workflowId, 1);
	const lastStarted = Date.parse(last.startedAt) - bench.clock.n8nOffsetMs;
	const drain = searchesSince(bench, trigger, since).filter(
		(r) => !floorSeqs.has(r.seq) && (r.finishedMs ?? r.receivedMs) <= lastStarted,
	);
	const drainPolls = pollsOf(drain, trigger.pollEveryMs);

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
		perPoll: drainPolls.map(searchesAndMs(gcPauses, n8nGc)),
		floorPerPoll: floorRuns?.map(searchesAndMs(gcPauses, n8nGc)),
		requests: drain.length,
		emitted: faxes,
	};
}

export async function benchDrainCurves(
	bench: BenchServer,
	sink: Sink,
	options: {
		cappedDrain: number[];
		defaultDrain: number[];
		/** Rounds of the capped curve, whose largest burst is set against the floor, and the default's. */
		cappedDrainRounds: number;
		defaultDrainRounds: number;
		latenessMinutes: number;
		log: (line: string) => void;
	},
): Promise<DrainCurves> {
	// Each curve is warmed up at its smallest size alone (code and connections warm).
	const curve = (trigger: CurveTrigger, sizes: number[], rounds: number) =>
		measureCurve({
			unit: 'event',
			label: `${trigger.direction} drain`,
			sizes,
			rounds,
			log: options.log,
			warmUpSmallestOnly: true,
			run: async (faxes) => {
				const run = await drainOnce(bench, sink, trigger, faxes, options.latenessMinutes);
				options.log(
					`      ${trigger.direction} drain of ${faxes}: ${run.polls} polls, ${run.requests} searches in ${Math.round(run.ms)} ms${run.floorRequests === undefined ? '' : `; floor ${run.floorRequests} in ${Math.round(run.floorMs!)} ms`} (searches/ms per poll: ${perPollText(run.perPoll)}${run.floorPerPoll ? `; floor ${perPollText(run.floorPerPoll)}` : ''})`,
				);
				return run;
			},
		});
	// A whole poll of each workflow after n8n started, so its activation is behind its burst.
	const started = lastSeq(bench.emulator);
	await nextPoll(bench.emulator, DEFAULT_CAP.watched, started);
	await nextPoll(bench.emulator, CAPPED.watched, started);
	// The default cap's small curve first, so the capped drain of 100,000's aftermath does not fall
	// in its polls; n8n's heap growing in its first round is outvoted by the median of three.
	const defaultCap = await curve(DEFAULT_CAP, options.defaultDrain, options.defaultDrainRounds);
	// Its idle polls every 5 seconds would fall in the floor's pagings of the capped curve.
	await bench.server.rest('POST', `/workflows/${DEFAULT_CAP.workflowId}/deactivate`, {});
	// A poll under way when it was deactivated ends within the second.
	await sleep(1_000);
	const lastSearch = lastSeq(bench.emulator);
	await sleep(2 * DEFAULT_CAP.pollEveryMs);
	if (searchesSince(bench, DEFAULT_CAP, lastSearch).length > 0) {
		throw new Error("the default cap's workflow still polls after it was deactivated");
	}
	return {
		capped: await curve(CAPPED, options.cappedDrain, options.cappedDrainRounds),
		defaultCap,
	};
}
