import { postWebhook } from '../test/harness/webhook';
import { lastSeq } from './lib/polls';
import {
	callWebhook,
	executionsOf,
	latestNodeMs,
	outboundSince,
	type BenchServer,
} from './lib/server';
import { evenRounds, spanMs } from './lib/stats';
import { SEND_VARIANTS, TIMED_NODE } from './send';

/**
 * Send once (issue 25): Send Once per Key against the helper floor making the same lookup, and the
 * floor's plain send; then n8n's Retry of a bulk send that stopped halfway.
 */

export const SEND_ONCE_WORKFLOWS = [
	'send-fax-cloud-once.json',
	'send-helper-floor-once.json',
	'send-fax-cloud-retry.json',
];

/** Own IDs: in the bulk send's workflow a Retry would take earlier rounds' faxes for its own. */
const RETRY_WORKFLOW = 'BenchSendRetry01';
const RETRY_PATH = 'bench-send-fax-cloud-retry';

/** Each variant's webhook, and its workflow and sending node (for n8n's executionTime of it). */
const VARIANTS: Record<OnceVariant, { path: string; workflowId: string; node: string }> = {
	once: { path: 'bench-send-fax-cloud-once', workflowId: 'BenchSendFaxOnce', node: 'Send Fax' },
	floorOnce: {
		path: 'bench-send-floor-once',
		workflowId: 'BenchSendFloorOn',
		node: 'Helper Floor',
	},
	floor: { path: SEND_VARIANTS.floor, ...TIMED_NODE.floor! },
};

export interface RetryRun {
	items: number;
	/** Faxes the first run made before every send failed. */
	sentBefore: number;
	/** n8n's Retry: from the REST call to its answer (n8n answers once the retry finished). */
	retryMs: number;
	spanMs: number;
	sends: number;
	searches: number;
	faxesInAll: number;
	/** The failed execution and its Retry's id and status, for the message when a fax is missing. */
	retryStatus?: string;
}

export type OnceVariant = 'once' | 'floorOnce' | 'floor';
export type OnceRound = Record<OnceVariant, Awaited<ReturnType<typeof runOnce>>>;

export interface SendOnceFigures {
	items: number;
	/** Per round: Send Once per Key set and the floor's lookup and send (in turn first), the floor's send. */
	rounds: OnceRound[];
	retry: RetryRun;
}

async function runOnce(bench: BenchServer, variant: OnceVariant, items: number) {
	const { path, workflowId, node } = VARIANTS[variant];
	const sinceSeq = lastSeq(bench.emulator);
	await callWebhook(bench, path, { faxes: Array.from({ length: items }, (_, i) => i + 1) });
	const sends = outboundSince(bench.emulator, sinceSeq);
	const searches = outboundSince(bench.emulator, sinceSeq, 'GET');
	return {
		spanMs: spanMs([...sends, ...searches]),
		nodeMs: await latestNodeMs(bench, workflowId, node),
		created: sends.filter((r) => r.status === 201).length,
		sends: sends.length,
		searches: searches.length,
	};
}

/**
 * The node's workflow with every connection dropped after `half` sends (a few more may go out):
 * the execution fails, and n8n's Retry runs the node again with the same items.
 */
async function retryOfHalfSent(bench: BenchServer, items: number): Promise<RetryRun> {
	const { emulator } = bench;
	const half = Math.floor(items / 2);
	const before = emulator.control.stats().outboundCount;
	const sinceSeq = lastSeq(emulator);
	const watch = setInterval(() => {
		if (outboundSince(emulator, sinceSeq).length >= half) {
			emulator.control.addFault({ api: 'fax', kind: 'resetBeforeProcessing' });
			clearInterval(watch);
		}
	}, 5);
	// Not callWebhook: the run is meant to fail.
	const faxes = Array.from({ length: items }, (_, i) => i + 1);
	await postWebhook(bench.server, RETRY_PATH, { faxes }, 15 * 60_000);
	clearInterval(watch);
	emulator.control.clearFaults();
	const sentBefore = emulator.control.stats().outboundCount - before;
	const [failed] = await executionsOf(bench, RETRY_WORKFLOW, 1);
	if (failed.status === 'success') throw new Error('the half-sent run did not fail');

	const retrySeq = lastSeq(emulator);
	const started = performance.now();
	const retried = await bench.server.rest<{ id: string; status: string }>(
		'POST',
		`/executions/${failed.id}/retry`,
		{ loadWorkflow: false },
	);
	const retryMs = performance.now() - started;
	const sends = outboundSince(emulator, retrySeq);
	const searches = outboundSince(emulator, retrySeq, 'GET');
	return {
		items,
		sentBefore,
		retryMs,
		spanMs: spanMs([...sends, ...searches]),
		sends: sends.length,
		searches: searches.length,
		faxesInAll: emulator.control.stats().outboundCount - before,
		// What to look at first when the Retry did not make every fax once.
		retryStatus: `execution ${failed.id} (${failed.status}) retried as ${retried.id}: ${retried.status}`,
	};
}

export async function benchSendOnce(
	bench: BenchServer,
	options: { items: number; rounds: number; log: (line: string) => void },
): Promise<SendOnceFigures> {
	const { items, log } = options;
	for (const variant of Object.keys(VARIANTS) as OnceVariant[]) await runOnce(bench, variant, 50);
	const rounds: OnceRound[] = [];
	for (let r = 1; r <= evenRounds(options.rounds, 'Send Once'); r++) {
		const pair: OnceVariant[] = r % 2 ? ['once', 'floorOnce'] : ['floorOnce', 'once'];
		const round = {} as OnceRound;
		for (const variant of [...pair, 'floor'] as OnceVariant[]) {
			const run = await runOnce(bench, variant, items);
			if (run.created !== items) throw new Error(`${variant}: ${run.created} of ${items} created`);
			round[variant] = run;
		}
		rounds.push(round);
		log(
			`    send once ${r}/${options.rounds} (node's time in n8n; span at the emulator): Send Once per Key ${Math.round(round.once.nodeMs)} ms; ${Math.round(round.once.spanMs)} ms (${round.once.searches} searches), floor with lookups ${Math.round(round.floorOnce.nodeMs)}; ${Math.round(round.floorOnce.spanMs)} ms (${round.floorOnce.searches}), floor ${Math.round(round.floor.nodeMs)}; ${Math.round(round.floor.spanMs)} ms`,
		);
	}
	const retry = await retryOfHalfSent(bench, items);
	log(
		`    Retry of a half-sent ${items}: ${retry.sentBefore} sent before, Retry ${Math.round(retry.retryMs)} ms, ${retry.searches} searches, ${retry.sends} sends, ${retry.faxesInAll} faxes in all`,
	);
	if (retry.faxesInAll !== items) {
		throw new Error(
			`Retry: ${retry.faxesInAll} faxes exist for ${items} items; ${retry.retryStatus}; ${retry.searches} searches, ${retry.sends} sends`,
		);
	}
	return { items, rounds, retry };
}
