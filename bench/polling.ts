import { SEED_USERS, type Emulator } from '../emulator';
import type { RequestRecord } from '../emulator/request-log';
import { PAGE_SIZE } from '../nodes/FaxCloudTrigger/faxSearch';
import { startSink, type Sink } from '../test/e2e/lib/sink';
import { runClient } from './lib/child';
import { bytesOf, lastSeq, nextPoll, type Watched } from './lib/polls';
import { executionsOf, type BenchServer } from './lib/server';
import { median, round, spanMs } from './lib/stats';

/**
 * Polling: the Fax Cloud Trigger activated in n8n (both directions, polling every minute) over an
 * emulator holding `stored` faxes per direction. Rounds: a poll with nothing new; per repetition
 * a poll with a few new faxes (steady state); then per repetition a poll draining `drain` new
 * faxes, the next poll with nothing new (it reads the burst's last minute again), and a poll with
 * one new fax that moves the cursor past the burst.
 */

export const TRIGGER_WORKFLOWS = ['trigger-inbound.json', 'trigger-outbound.json'];
const INBOUND_WORKFLOW = 'BenchTriggerInbx';

const INBOUND: Watched = {
	label: 'inbound',
	path: '^/v1/inboundfaxes$',
	userId: SEED_USERS.acmeAdmin.userId,
};
const OUTBOUND: Watched = {
	label: 'outbound',
	path: '^/v1/outboundfaxes$',
	userId: SEED_USERS.alice.userId,
};
const USERS = [SEED_USERS.alice.userId, SEED_USERS.bob.userId];

export interface PollObservation {
	requests: number;
	bytes: number;
	requestSpanMs: number;
	/** First request of the poll to the start of the execution it triggered. */
	pollMs?: number;
	emitted?: number;
}

export interface PollingFigures {
	storedPerDirection: number;
	pageSize: number;
	repetitions: number;
	quiet: { inbound: number[]; outbound: number[] };
	few: { newFaxes: number; requests: number; bytes: number; pollMs: number; emitted: number };
	drain: {
		newFaxes: number;
		requests: number;
		expectedRequests: number;
		requestSpanMs: number;
		pollMs: number;
		emitted: number;
		rawMs: number;
		rawRequests: number;
	};
	/** The poll after a drain, nothing new: the overlap before the cursor is read again. */
	afterBurst: { requests: number; bytes: number; requestSpanMs: number; executions: number };
}

/** Fills the emulator before n8n starts, so activation sees the full store. */
export async function preparePolling(
	emulator: Emulator,
	stored: number,
): Promise<{ sink: Sink; env: NodeJS.ProcessEnv }> {
	emulator.control.bulkCreateInbound(stored, { users: USERS });
	emulator.control.bulkCreateOutbound(stored, { userId: SEED_USERS.alice.userId });
	const sink = await startSink();
	return { sink, env: { BENCH_SINK_URL: sink.url } };
}

async function waitForSink(sink: Sink, count: number, timeoutMs = 120_000): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (sink.received.length < count) {
		if (Date.now() > deadline)
			throw new Error(`the sink got ${sink.received.length} of ${count} reports`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

async function pollTime(bench: BenchServer, records: RequestRecord[]): Promise<number> {
	const [execution] = await executionsOf(bench, INBOUND_WORKFLOW, 1);
	return Date.parse(execution.startedAt) - records[0].receivedMs;
}

async function rawPaging(
	bench: BenchServer,
	first: RequestRecord,
): Promise<{ ms: number; requests: number }> {
	const query: Record<string, string> = {};
	for (const [name, value] of Object.entries(first.query)) {
		if (name !== 'ResultLimit') query[name] = Array.isArray(value) ? value[0] : value;
	}
	const start = lastSeq(bench.emulator);
	await runClient(
		'raw-page',
		{
			url: `${bench.emulator.urls.fax}/inboundfaxes`,
			userId: INBOUND.userId,
			query,
			pageSize: PAGE_SIZE,
		},
		SEED_USERS.acmeAdmin.password,
	);
	const records = bench.emulator.control.requests({ sinceSeq: start });
	return { ms: spanMs(records), requests: records.length };
}

export async function benchPolling(
	bench: BenchServer,
	sink: Sink,
	options: {
		stored: number;
		fewNew: number;
		drain: number;
		repetitions: number;
		log: (line: string) => void;
	},
): Promise<PollingFigures> {
	const { emulator } = bench;
	const { control } = emulator;
	await nextPoll(emulator, INBOUND, 0);
	await nextPoll(emulator, OUTBOUND, 0);
	options.log('    trigger: both workflows active, activation polls done');

	const quiet = { inbound: [] as number[], outbound: [] as number[] };
	/**
	 * The next poll of both workflows: the inbound searches, and the sink's report count before
	 * them. The outbound workflow never has anything new, so its request count joins `quiet`.
	 */
	const pollBoth = async (): Promise<{ inbound: RequestRecord[]; reports: number }> => {
		const since = lastSeq(emulator);
		const reports = sink.received.length;
		const [inbound, outbound] = await Promise.all([
			nextPoll(emulator, INBOUND, since),
			nextPoll(emulator, OUTBOUND, since),
		]);
		quiet.outbound.push(outbound.length);
		return { inbound, reports };
	};

	const { inbound: quietIn } = await pollBoth();
	quiet.inbound.push(quietIn.length);
	options.log(
		`    trigger, nothing new: ${quietIn.length} inbound request(s), ${quiet.outbound[0]} outbound request(s)`,
	);

	const few: PollObservation[] = [];
	for (let rep = 1; rep <= options.repetitions; rep++) {
		control.advance(60_000);
		control.injectInbound({ userId: SEED_USERS.alice.userId, count: options.fewNew });
		const { inbound: fewIn, reports } = await pollBoth();
		await waitForSink(sink, reports + 1);
		few.push({
			requests: fewIn.length,
			bytes: bytesOf(fewIn),
			requestSpanMs: spanMs(fewIn),
			pollMs: await pollTime(bench, fewIn),
			emitted: Number(sink.received.at(-1)?.count),
		});
		options.log(
			`    trigger ${rep}/${options.repetitions}, ${options.fewNew} new: ${fewIn.length} request(s), ${few.at(-1)!.bytes} bytes, ${few.at(-1)!.pollMs} ms`,
		);
	}

	const drain: Array<PollObservation & { rawMs: number; rawRequests: number }> = [];
	const afterBurst: PollObservation[] = [];
	for (let rep = 1; rep <= options.repetitions; rep++) {
		const from = new Date(Date.parse(control.now()) + 1000).toISOString();
		control.advance(60_000);
		control.bulkCreateInbound(options.drain, { users: USERS, from, to: control.now() });
		const { inbound: drainIn, reports: drainReports } = await pollBoth();
		await waitForSink(sink, drainReports + 1);
		const raw: Array<{ ms: number; requests: number }> = [];
		for (let i = 0; i < 3; i++) raw.push(await rawPaging(bench, drainIn[0]));
		drain.push({
			requests: drainIn.length,
			bytes: bytesOf(drainIn),
			requestSpanMs: spanMs(drainIn),
			pollMs: await pollTime(bench, drainIn),
			emitted: Number(sink.received.at(-1)?.count),
			rawMs: median(raw.map((r) => r.ms)),
			rawRequests: raw[0].requests,
		});
		const d = drain.at(-1)!;
		if (process.env.BENCH_DEBUG) {
			const rows = drainIn.map(
				(r, i) =>
					`${r.finishedMs! - r.receivedMs}/${i ? r.receivedMs - drainIn[i - 1].finishedMs! : 0}`,
			);
			options.log(`      server/gap ms: ${rows.join(' ')}`);
		}
		options.log(
			`    trigger ${rep}/${options.repetitions}, drain ${options.drain}: ${d.requests} requests in ${Math.round(d.requestSpanMs)} ms (raw client ${d.rawRequests} in ${Math.round(d.rawMs)} ms), ${d.emitted} events`,
		);

		// The next poll, with nothing new: the search starts a minute before the cursor, so it reads
		// the burst's last minute again (no event may be emitted twice).
		control.advance(60_000);
		const { inbound: afterIn, reports: afterReports } = await pollBoth();
		await new Promise((resolve) => setTimeout(resolve, 3_000));
		afterBurst.push({
			requests: afterIn.length,
			bytes: bytesOf(afterIn),
			requestSpanMs: spanMs(afterIn),
			emitted: sink.received.length - afterReports,
		});
		const a = afterBurst.at(-1)!;
		options.log(
			`    trigger ${rep}/${options.repetitions}, next poll with nothing new: ${a.requests} requests, ${a.bytes} bytes, ${a.emitted} executions`,
		);

		// One new fax moves the cursor past the burst, so the next drain starts from a quiet window.
		control.advance(60_000);
		control.injectInbound({ userId: SEED_USERS.alice.userId, count: 1 });
		const { inbound: moveIn, reports: moveReports } = await pollBoth();
		await waitForSink(sink, moveReports + 1);
		options.log(
			`    trigger ${rep}/${options.repetitions}, one new fax after it: ${moveIn.length} requests, ${Number(sink.received.at(-1)?.count)} event(s)`,
		);
	}
	const med = <T>(list: T[], f: (x: T) => number) => median(list.map(f));
	return {
		storedPerDirection: options.stored,
		pageSize: PAGE_SIZE,
		repetitions: options.repetitions,
		quiet,
		few: {
			newFaxes: options.fewNew,
			requests: med(few, (o) => o.requests),
			bytes: med(few, (o) => o.bytes),
			pollMs: round(
				med(few, (o) => o.pollMs ?? NaN),
				0,
			),
			emitted: Math.min(...few.map((o) => o.emitted ?? 0)),
		},
		drain: {
			newFaxes: options.drain,
			requests: med(drain, (o) => o.requests),
			expectedRequests: Math.ceil(options.drain / PAGE_SIZE) + 1,
			requestSpanMs: round(
				med(drain, (o) => o.requestSpanMs),
				0,
			),
			pollMs: round(
				med(drain, (o) => o.pollMs ?? NaN),
				0,
			),
			emitted: Math.min(...drain.map((o) => o.emitted ?? 0)),
			rawMs: round(
				med(drain, (o) => o.rawMs),
				0,
			),
			rawRequests: med(drain, (o) => o.rawRequests),
		},
		afterBurst: {
			requests: med(afterBurst, (o) => o.requests),
			bytes: med(afterBurst, (o) => o.bytes),
			requestSpanMs: round(
				med(afterBurst, (o) => o.requestSpanMs),
				0,
			),
			executions: Math.max(...afterBurst.map((o) => o.emitted ?? 0)),
		},
	};
}
