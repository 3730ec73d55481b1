import { SEED_USERS } from '../emulator';
import type { RequestRecord } from '../emulator/request-log';
import { PAGE_SIZE } from '../nodes/FaxCloudTrigger/fax/faxEventSearch';
import { minuteDatetime } from '../nodes/FaxCloudTrigger/state/eventWindow';
import type { Sink } from '../test/harness/sink';
import { sleep, waitUntil } from '../test/harness/waitUntil';
import { runClient } from './lib/child';
import { collectAllGarbage, N8nGcPauses } from './lib/gc';
import { lastSeq, nextPoll, requestsOf } from './lib/polls';
import { callWebhook, executionsOf, type BenchServer, type ExecutionSummary } from './lib/server';
import { spanMs } from './lib/stats';
import {
	advanceForNextPoll,
	clearOfNextPoll,
	INBOUND,
	nextPollAt,
	waitForSink,
} from './lib/trigger-polls';

/**
 * One burst of `newFaxes` within a minute, drained by the trigger's next poll; then the same search
 * paged by the helper floor, the HTTP Request node and a raw undici client: a drain pair per burst.
 */

export const DRAIN_WORKFLOWS = ['page-helper-floor.json', 'page-http-request-node.json'];
const INBOUND_WORKFLOW = 'BenchTriggerInbx';
const USERS = [SEED_USERS.alice.userId, SEED_USERS.bob.userId];
const MINUTE = 60_000;

export type DrainRound = Awaited<ReturnType<typeof burstAndDrain>>;

/** A search's query, as sent, one value per name. */
export const firstQuery = (record: RequestRecord): Record<string, string> =>
	Object.fromEntries(
		Object.entries(record.query).map(([name, v]) => [name, Array.isArray(v) ? v[0] : v]),
	);

const inboundSearchesSince = (bench: BenchServer, since: number) =>
	requestsOf(bench.emulator, INBOUND, since);

/** Service time and the gap before it, per request: where a drain's time goes (BENCH_DEBUG=1). */
function timings(records: RequestRecord[]): string {
	return records
		.map(
			(r, i) =>
				`${r.finishedMs! - r.receivedMs}/${i ? r.receivedMs - records[i - 1].finishedMs! : 0}`,
		)
		.join(' ');
}

async function pagedByWebhook(
	bench: BenchServer,
	webhookPath: string,
	query: Record<string, string>,
): Promise<RequestRecord[]> {
	const since = lastSeq(bench.emulator);
	await callWebhook(bench, webhookPath, { query });
	return inboundSearchesSince(bench, since);
}

async function pagedByRawClient(
	bench: BenchServer,
	query: Record<string, string>,
): Promise<{ records: RequestRecord[]; found: number }> {
	const since = lastSeq(bench.emulator);
	const withoutLimit = { ...query };
	delete withoutLimit.ResultLimit;
	const out = await runClient<{ records: number }>(
		'raw-page',
		{
			url: `${bench.emulator.urls.fax}/inboundfaxes`,
			userId: INBOUND.userId,
			query: withoutLimit,
			pageSize: PAGE_SIZE,
		},
		SEED_USERS.acmeAdmin.password,
	);
	return { records: inboundSearchesSince(bench, since), found: out.records };
}

/** An earlier poll's query with the window from the burst's minute, as the trigger writes it. */
function burstQuery(earlier: Record<string, string>, burstFrom: string): Record<string, string> {
	return { ...earlier, DatetimeAfter: minuteDatetime(Date.parse(burstFrom)) };
}

/** The time a step needs before the poll it measures: a burst made and the warm-up paged. */
export const STEP_LEAD_MS = 10_000;

/** How long before the trigger's poll the uncounted warm-up paging and the collections start. */
export const WARM_UP_LEAD_MS = 2_000;

/** After the execution is saved, n8n's own after-work (hooks, pruning checks) settles. */
const SETTLE_MS = 500;

/** The drain poll's execution once saved: the floor's paging after it must not share n8n. */
export async function finishedExecution(
	bench: BenchServer,
	workflowId = INBOUND_WORKFLOW,
): Promise<ExecutionSummary> {
	let newest: ExecutionSummary | undefined;
	await waitUntil(
		"the drain poll's execution to finish",
		async () => {
			[newest] = await executionsOf(bench, workflowId, 1);
			return Boolean(newest?.stoppedAt);
		},
		60_000,
		{ intervalMs: 100, detail: () => JSON.stringify(newest) },
	);
	await sleep(SETTLE_MS);
	return newest!;
}

export async function burstAndDrain(
	bench: BenchServer,
	sink: Sink,
	newFaxes: number,
	log: (line: string) => void,
	/** When the burst was received; by default within the minute before the poll. */
	received: { from: string; to: string } | undefined,
	/**
	 * An earlier poll's first search: the floor pages the burst with it, uncounted, just before the
	 * poll (what pages first after idling is slower), so the trigger, like the floor, meets n8n busy.
	 */
	warmUpQuery: Record<string, string>,
) {
	const { control } = bench.emulator;
	if (!received) {
		await clearOfNextPoll(bench, sink, STEP_LEAD_MS);
		await advanceForNextPoll(bench, MINUTE);
	}
	const now = Date.parse(control.now());
	const { from: burstFrom, to: burstTo } = received ?? {
		from: new Date(now - MINUTE).toISOString(),
		to: new Date(now - 1000).toISOString(),
	};
	control.bulkCreateInbound(newFaxes, { users: USERS, from: burstFrom, to: burstTo });
	// Before each paging measured, the trigger's poll included, n8n and the emulator collect garbage.
	const n8nGc = new N8nGcPauses(bench.clock.gcFile, bench.pid);
	const pollAt = nextPollAt(Date.now());
	await sleep(pollAt - WARM_UP_LEAD_MS - Date.now());
	await pagedByWebhook(bench, 'bench-page-floor', burstQuery(warmUpQuery, burstFrom));
	await collectAllGarbage(n8nGc);
	// A warm-up or collection running into the poll would be counted in it: the round fails.
	if (Date.now() >= pollAt) {
		throw new Error(
			`the warm-up paging and the collections ended ${Date.now() - pollAt} ms after the trigger's poll began`,
		);
	}
	// The inbound poll alone: the outbound workflow's reads nothing of the burst.
	const reportsBefore = sink.received.length;
	const drain = await nextPoll(bench.emulator, INBOUND, lastSeq(bench.emulator));
	await waitForSink(sink, reportsBefore + 1);
	const execution = await finishedExecution(bench);
	const emitted = Number(sink.received.at(-1)?.count);

	// The same window, paged by the others, before the trigger's next poll (a minute away).
	const query = firstQuery(drain[0]);
	await collectAllGarbage(n8nGc);
	const floor = await pagedByWebhook(bench, 'bench-page-floor', query);
	await collectAllGarbage(n8nGc);
	const httpRequest = await pagedByWebhook(bench, 'bench-page-http-request', query);
	await collectAllGarbage(n8nGc);
	const raw = await pagedByRawClient(bench, query);
	// A trigger poll in the middle would add its searches to a run's: that pair is not counted.
	const alone = (records: RequestRecord[], who: string) => {
		if (records.length === drain.length) return spanMs(records);
		log(
			`    (${who}: ${records.length} requests where the trigger made ${drain.length}; not counted)`,
		);
		return NaN;
	};
	const round = {
		newFaxes,
		// The trigger's first search of the drain, as sent, and when it arrived.
		query,
		pollStartedMs: drain[0].receivedMs,
		// Records the raw client found in the window the trigger read.
		windowRecords: raw.found,
		requests: drain.length,
		triggerMs: spanMs(drain),
		// The poll's first request to the start of the execution it triggered.
		pollMs: Date.parse(execution.startedAt) - bench.clock.n8nOffsetMs - drain[0].receivedMs,
		emitted,
		floorRequests: floor.length,
		floorMs: alone(floor, 'helper floor'),
		httpRequestRequests: httpRequest.length,
		httpRequestMs: alone(httpRequest, 'HTTP Request node'),
		rawRequests: raw.records.length,
		rawMs: alone(raw.records, 'raw client'),
		// When the burst was received (the minute the window must pass); the service's clock.
		burstFrom,
		burstTo,
		pollClock: control.now(),
	};
	if (process.env.BENCH_DEBUG) {
		log(`      trigger server/gap ms: ${timings(drain)}`);
		log(`      floor server/gap ms: ${timings(floor)}`);
	}
	log(
		`    drain of ${newFaxes}, after a warm-up: trigger ${round.requests} requests in ${Math.round(round.triggerMs)} ms, ${emitted} events; floor ${round.floorRequests} in ${Math.round(round.floorMs)} ms; HTTP Request node ${round.httpRequestRequests} in ${Math.round(round.httpRequestMs)} ms; raw ${round.rawRequests} in ${Math.round(round.rawMs)} ms`,
	);
	return round;
}
