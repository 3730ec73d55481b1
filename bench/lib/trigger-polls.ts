import { SEED_USERS } from '../../emulator';
import type { Sink } from '../../test/harness/sink';
import { sleep, waitUntil } from '../../test/harness/waitUntil';
import { lastSeq, nextPoll, type Watched } from './polls';
import type { BenchServer } from './server';

/**
 * The polling bench's triggers, reporting event counts to the sink: inbound of all users (proxy
 * login) at seconds 0, 20, 40 (three once-a-minute entries: n8n refuses a cron more often),
 * outbound of alice ten seconds later (in the same second it took n8n's thread during the drain).
 * n8n's clock runs whole minutes ahead (lib/bench-clock.ts), so these are real seconds too.
 */
const POLL_EVERY_MS = 20_000;
/** The outbound workflow's lag: a poll of one of the two starts at every multiple of it. */
const OUTBOUND_AFTER_MS = POLL_EVERY_MS / 2;

/** The first instant at or after `ms` (epoch ms) at which n8n polls the inbound workflow. */
export const nextPollAt = (ms: number): number => Math.ceil(ms / POLL_EVERY_MS) * POLL_EVERY_MS;

/** How long a poll may page after its start: a step that begins sooner waits until then. */
const POLL_PAGING_MS = 5_000;

/** Moves the service's clock, but not while a poll may still page (its pages would be the next's). */
export async function advanceForNextPoll(bench: BenchServer, ms: number): Promise<string> {
	const sinceLastPoll = Date.now() % OUTBOUND_AFTER_MS;
	if (sinceLastPoll < POLL_PAGING_MS) await sleep(POLL_PAGING_MS - sinceLastPoll);
	return bench.clock.advance(ms);
}

/** Before a step that changes the service: a poll less than `leadMs` away is let pass first. */
export async function clearOfNextPoll(bench: BenchServer, sink: Sink, leadMs: number) {
	if (nextPollAt(Date.now()) - Date.now() >= leadMs) return;
	await pollBoth(bench, sink);
}

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

/** The next poll of each workflow (either may come first), and the sink's reports before them. */
export async function pollBoth(bench: BenchServer, sink: Sink) {
	const since = lastSeq(bench.emulator);
	const reports = sink.received.length;
	const [inbound, outbound] = await Promise.all([
		nextPoll(bench.emulator, INBOUND, since),
		nextPoll(bench.emulator, OUTBOUND, since),
	]);
	return { inbound, outbound, reports };
}

export async function waitForSink(sink: Sink, count: number): Promise<void> {
	await waitUntil(`${count} reports in the sink`, () => sink.received.length >= count, 120_000, {
		intervalMs: 200,
		detail: () => `the sink got ${sink.received.length}`,
	});
}

/** Executions the polls started: one comes within a second or two, so none after 3 s is none. */
export async function executionsStarted(sink: Sink, polls: { reports: number }): Promise<number> {
	await sleep(3_000);
	return sink.received.length - polls.reports;
}
