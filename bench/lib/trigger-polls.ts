import { SEED_USERS } from '../../emulator';
import type { RequestRecord } from '../../emulator/request-log';
import type { Sink } from '../../test/harness/sink';
import { sleep, waitUntil } from '../../test/harness/waitUntil';
import { lastSeq, nextPoll, type Watched } from './polls';
import type { BenchServer } from './server';

/**
 * The two active trigger workflows of the polling benchmark, polled by n8n once a minute: inbound
 * faxes of all users (the proxy login) and outbound status changes of alice. Both report each
 * execution's event count to the sink.
 */

export const INBOUND: Watched = {
	label: 'inbound',
	path: '^/v1/inboundfaxes$',
	userId: SEED_USERS.acmeAdmin.userId,
};
export const OUTBOUND: Watched = {
	label: 'outbound',
	path: '^/v1/outboundfaxes$',
	userId: SEED_USERS.alice.userId,
};

export interface BothPolls {
	inbound: RequestRecord[];
	outbound: RequestRecord[];
	/** Sink reports (executions) before the polls. */
	reports: number;
}

/** The next poll of both workflows (n8n polls each once a minute, at its own second). */
export async function pollBoth(bench: BenchServer, sink: Sink): Promise<BothPolls> {
	const since = lastSeq(bench.emulator);
	const reports = sink.received.length;
	const [inbound, outbound] = await Promise.all([
		nextPoll(bench.emulator, INBOUND, since),
		nextPoll(bench.emulator, OUTBOUND, since),
	]);
	return { inbound, outbound, reports };
}

export async function waitForSink(sink: Sink, count: number, timeoutMs = 120_000): Promise<void> {
	await waitUntil(`${count} reports in the sink`, () => sink.received.length >= count, timeoutMs, {
		intervalMs: 200,
		detail: () => `the sink got ${sink.received.length}`,
	});
}

/**
 * Executions the polls started: a poll that emits starts one within a second or two; 3 s after
 * the poll went quiet, none has come means none was started.
 */
export async function executionsStarted(sink: Sink, polls: BothPolls): Promise<number> {
	await sleep(3_000);
	return sink.received.length - polls.reports;
}
