import fs from 'node:fs';
import path from 'node:path';

import { PDFDocument, StandardFonts } from 'pdf-lib';

import { SEED_USERS } from '../emulator';
import { runClient } from './lib/child';
import { collectGarbage } from './lib/gc';
import { lastSeq } from './lib/polls';
import { cpuSeconds, PeakRss } from './lib/proc';
import { callWebhook, latestNodeMs, outboundSince, type BenchServer } from './lib/server';
import { evenRounds, mb, spanMs } from './lib/stats';
import { sameSendBodies, type WireCheck } from './send-wire';

/**
 * Bulk send: items with a one-page PDF sent by the node at its defaults, the helper floor, the
 * HTTP Request node and a raw undici client outside n8n, one run of each per round (lib/stats.ts).
 */

export const SEND_WORKFLOWS = [
	'send-items-only.json',
	'send-fax-cloud-node.json',
	'send-helper-floor.json',
	'send-http-request-node.json',
];

/** The Fax Cloud node's "Requests at Once" default (DEFAULT_REQUESTS_AT_ONCE). */
export const NODE_CONCURRENCY = 5;
const FAX_NUMBER = '12125550000';

/** Webhook path of each variant, in the order a round runs them. */
export const SEND_VARIANTS = {
	faxCloud: 'bench-send-fax-cloud',
	floor: 'bench-send-floor',
	httpRequest: 'bench-send-http-request',
	itemsOnly: 'bench-send-items',
} as const;
export type SendVariant = keyof typeof SEND_VARIANTS;

/** The workflow and node whose own execution time n8n reports, per variant. */
export const TIMED_NODE: Partial<Record<SendVariant, { workflowId: string; node: string }>> = {
	faxCloud: { workflowId: 'BenchSendFaxNode', node: 'Send Fax' },
	floor: { workflowId: 'BenchSendFloor01', node: 'Helper Floor' },
	httpRequest: { workflowId: 'BenchSendHttpReq', node: 'HTTP Request' },
};

export interface SendRun {
	spanMs: number;
	/** n8n's executionTime of the sending node (0 for the items alone). */
	nodeMs: number;
	workflowMs: number;
	cpuSeconds: number;
	/** n8n's peak resident memory during the run, above where it stood at the start. */
	rssRiseBytes: number;
	created: number;
	sends: number;
	maxConnections: number;
}

/** One run of every variant, made one after the other. */
export interface SendRound extends Record<SendVariant, SendRun> {
	raw: Awaited<ReturnType<typeof runRaw>>;
}

export interface SendFigures {
	items: number;
	rounds: SendRound[];
	rssSource: string;
	/** The floor's requests against the Fax Cloud node's, byte for byte. */
	wire: WireCheck;
}

/** Writes the one-page PDF every item carries into the files folder; returns n8n environment naming it. */
export async function preparePdf(
	n8n: { filesFolder: string },
	fileName = 'bench-one-page.pdf',
): Promise<NodeJS.ProcessEnv> {
	const doc = await PDFDocument.create();
	const font = await doc.embedFont(StandardFonts.Helvetica);
	doc.addPage([612, 792]).drawText('Fax Cloud benchmark: one page', { x: 72, y: 700, font });
	const pdfPath = path.join(n8n.filesFolder, fileName);
	fs.writeFileSync(pdfPath, await doc.save());
	return { BENCH_PDF_PATH: pdfPath };
}

export async function runSendVariant(
	bench: BenchServer,
	variant: SendVariant,
	items: number,
): Promise<SendRun & { rssSource: string }> {
	const { emulator } = bench;
	const sinceSeq = lastSeq(emulator);
	emulator.control.resetConnectionStats();
	// The emulator's (this process's) collection of earlier runs' records must not land in this run.
	collectGarbage();
	const cpuBefore = cpuSeconds(bench.pid);
	const peak = new PeakRss(bench.pid);
	const answer = await callWebhook(bench, SEND_VARIANTS[variant], {
		faxes: Array.from({ length: items }, (_, i) => i + 1),
	});
	const memory = peak.stop();
	const cpu = cpuSeconds(bench.pid) - cpuBefore;
	const sends = outboundSince(emulator, sinceSeq);
	const timed = TIMED_NODE[variant];
	return {
		spanMs: spanMs(sends),
		nodeMs: timed ? await latestNodeMs(bench, timed.workflowId, timed.node) : 0,
		workflowMs: answer.ms,
		cpuSeconds: cpu,
		rssRiseBytes: memory.riseBytes,
		rssSource: memory.source,
		created: sends.filter((r) => r.status === 201).length,
		sends: sends.length,
		maxConnections: emulator.control.stats().connections.fax.max,
	};
}

async function runRaw(bench: BenchServer, items: number, pdfPath: string) {
	const { emulator } = bench;
	const sinceSeq = lastSeq(emulator);
	emulator.control.resetConnectionStats();
	collectGarbage();
	const out = await runClient<{ ok: number; failed: number }>(
		'raw-send',
		{
			faxUrl: emulator.urls.fax,
			userId: SEED_USERS.alice.userId,
			pdfPath,
			count: items,
			concurrency: NODE_CONCURRENCY,
			faxNumber: FAX_NUMBER,
		},
		SEED_USERS.alice.password,
	);
	const sends = outboundSince(emulator, sinceSeq);
	if (out.ok !== items) throw new Error(`raw client: ${out.ok} of ${items} sends succeeded`);
	return {
		spanMs: spanMs(sends),
		created: sends.filter((r) => r.status === 201).length,
		maxConnections: emulator.control.stats().connections.fax.max,
	};
}

export async function benchBulkSend(
	bench: BenchServer,
	options: { items: number; rounds: number; log: (line: string) => void },
): Promise<SendFigures> {
	const pdfPath = String(bench.environment.env.BENCH_PDF_PATH);
	const variants = Object.keys(SEND_VARIANTS) as SendVariant[];
	// Warm-up: code loaded, connections and caches warm, n8n's heap grown to a run of this size.
	for (const variant of variants) await runSendVariant(bench, variant, 50);
	await runRaw(bench, 50, pdfPath);
	const wire = await sameSendBodies(bench, (variant) => runSendVariant(bench, variant, 1));
	options.log(`    bulk send: helper floor vs Fax Cloud node on the wire: ${wire.summary}`);
	for (const variant of variants) await runSendVariant(bench, variant, options.items);

	const rounds: SendRound[] = [];
	let rssSource = '';
	for (let r = 1; r <= evenRounds(options.rounds, 'bulk send'); r++) {
		const round = {} as SendRound;
		// Node and floor swap order every round: what a run leaves behind weighs on both alike.
		const pair: SendVariant[] = r % 2 ? ['faxCloud', 'floor'] : ['floor', 'faxCloud'];
		for (const variant of [...pair, 'httpRequest', 'itemsOnly'] as SendVariant[]) {
			const { rssSource: source, ...run } = await runSendVariant(bench, variant, options.items);
			rssSource = source;
			if (variant !== 'itemsOnly' && run.created !== options.items) {
				throw new Error(`${variant}: ${run.created} of ${options.items} faxes were created`);
			}
			round[variant] = run;
		}
		round.raw = await runRaw(bench, options.items, pdfPath);
		rounds.push(round);
		const line = (['faxCloud', 'floor', 'httpRequest'] as SendVariant[])
			.map(
				(v) =>
					`${v} ${Math.round(round[v].spanMs)} ms (node ${Math.round(round[v].nodeMs)} ms, ${round[v].cpuSeconds.toFixed(2)} s CPU)`,
			)
			.join(', ');
		options.log(
			`    bulk send ${r}/${options.rounds}: ${line}, raw ${Math.round(round.raw.spanMs)} ms; RSS rise Fax Cloud ${mb(round.faxCloud.rssRiseBytes)} MB, HTTP Request ${mb(round.httpRequest.rssRiseBytes)} MB`,
		);
	}
	return { items: options.items, rounds, rssSource, wire };
}
