import fs from 'node:fs';
import path from 'node:path';

import { PDFDocument, StandardFonts } from 'pdf-lib';

import { SEED_USERS, type Emulator } from '../emulator';
import type { E2eEnvironment } from '../test/e2e/lib/environment';
import { runClient } from './lib/child';
import { lastSeq } from './lib/polls';
import { cpuSeconds } from './lib/proc';
import { callWebhook, executionsOf, nodeExecutionMs, type BenchServer } from './lib/server';
import { median, round, spanMs } from './lib/stats';

/**
 * Bulk send: the same items (each with a one-page PDF) sent by the Fax Cloud node at its defaults,
 * by n8n's HTTP Request node configured by hand at its defaults, and by a raw undici client at the
 * node's concurrency. Time is the span the emulator saw from the first send to the last answer.
 */

export const SEND_WORKFLOWS = [
	'send-items-only.json',
	'send-fax-cloud-node.json',
	'send-http-request-node.json',
];

/** The Fax Cloud node's "Requests at Once" default (DEFAULT_REQUESTS_AT_ONCE). */
export const NODE_CONCURRENCY = 5;
const FAX_NUMBER = '12125550000';

const VARIANTS = {
	itemsOnly: 'bench-send-items',
	faxCloud: 'bench-send-fax-cloud',
	httpRequest: 'bench-send-http-request',
} as const;

/** The workflow and node whose own execution time n8n reports, per variant. */
const TIMED_NODE: Record<string, { workflowId: string; node: string }> = {
	faxCloud: { workflowId: 'BenchSendFaxNode', node: 'Send Fax' },
	httpRequest: { workflowId: 'BenchSendHttpReq', node: 'HTTP Request' },
};
type Variant = keyof typeof VARIANTS;

export interface SendRun {
	spanMs: number;
	/** n8n's executionTime of the sending node (0 for the items alone). */
	nodeMs: number;
	workflowMs: number;
	cpuSeconds: number;
	created: number;
	sends: number;
	maxConnections: number;
}

export interface SendFigures {
	items: number;
	repetitions: number;
	faxCloud: SendRun;
	httpRequest: SendRun;
	itemsOnly: SendRun;
	raw: { spanMs: number; created: number; maxConnections: number };
}

/** Writes the one-page PDF every item carries; returns n8n environment naming it. */
export async function preparePdf(environment: E2eEnvironment): Promise<NodeJS.ProcessEnv> {
	const doc = await PDFDocument.create();
	const font = await doc.embedFont(StandardFonts.Helvetica);
	doc.addPage([612, 792]).drawText('Fax Cloud benchmark: one page', { x: 72, y: 700, font });
	const pdfPath = path.join(environment.filesFolder, 'bench-one-page.pdf');
	fs.writeFileSync(pdfPath, await doc.save());
	return { BENCH_PDF_PATH: pdfPath };
}

function sendsSince(emulator: Emulator, sinceSeq: number) {
	return emulator.control.requests({ method: 'POST', path: '^/v1/outboundfaxes$', sinceSeq });
}

async function runVariant(bench: BenchServer, variant: Variant, items: number): Promise<SendRun> {
	const { emulator } = bench;
	const sinceSeq = lastSeq(emulator);
	emulator.control.resetConnectionStats();
	const cpuBefore = cpuSeconds(bench.pid);
	const answer = await callWebhook(bench, VARIANTS[variant], {
		faxes: Array.from({ length: items }, (_, i) => i + 1),
	});
	const cpu = cpuSeconds(bench.pid) - cpuBefore;
	const sends = sendsSince(emulator, sinceSeq);
	const timed = TIMED_NODE[variant];
	const [execution] = timed ? await executionsOf(bench, timed.workflowId, 1) : [];
	return {
		spanMs: spanMs(sends),
		nodeMs: timed ? await nodeExecutionMs(bench, execution.id, timed.node) : 0,
		workflowMs: answer.ms,
		cpuSeconds: cpu,
		created: sends.filter((r) => r.status === 201).length,
		sends: sends.length,
		maxConnections: emulator.control.stats().connections.fax.max,
	};
}

async function runRaw(bench: BenchServer, items: number, pdfPath: string) {
	const { emulator } = bench;
	const sinceSeq = lastSeq(emulator);
	emulator.control.resetConnectionStats();
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
	const sends = sendsSince(emulator, sinceSeq);
	if (out.ok !== items) throw new Error(`raw client: ${out.ok} of ${items} sends succeeded`);
	return {
		spanMs: spanMs(sends),
		created: sends.filter((r) => r.status === 201).length,
		maxConnections: emulator.control.stats().connections.fax.max,
	};
}

function medianRun(runs: SendRun[]): SendRun {
	const pick = (f: (r: SendRun) => number) => median(runs.map(f));
	return {
		spanMs: round(
			pick((r) => r.spanMs),
			0,
		),
		nodeMs: round(
			pick((r) => r.nodeMs),
			0,
		),
		workflowMs: round(
			pick((r) => r.workflowMs),
			0,
		),
		cpuSeconds: round(pick((r) => r.cpuSeconds)),
		created: Math.min(...runs.map((r) => r.created)),
		sends: Math.max(...runs.map((r) => r.sends)),
		maxConnections: Math.max(...runs.map((r) => r.maxConnections)),
	};
}

export async function benchBulkSend(
	bench: BenchServer,
	options: { items: number; repetitions: number; log: (line: string) => void },
): Promise<SendFigures> {
	const pdfPath = String(bench.environment.env.BENCH_PDF_PATH);
	const runs: Record<Variant, SendRun[]> = { itemsOnly: [], faxCloud: [], httpRequest: [] };
	const raw: Array<Awaited<ReturnType<typeof runRaw>>> = [];
	// Warm-up: code loaded, connections and caches as in steady use.
	for (const variant of Object.keys(VARIANTS) as Variant[]) await runVariant(bench, variant, 50);
	await runRaw(bench, 50, pdfPath);
	for (let rep = 1; rep <= options.repetitions; rep++) {
		for (const variant of Object.keys(VARIANTS) as Variant[]) {
			const run = await runVariant(bench, variant, options.items);
			if (variant !== 'itemsOnly' && run.created !== options.items) {
				throw new Error(`${variant}: ${run.created} of ${options.items} faxes were created`);
			}
			runs[variant].push(run);
			options.log(
				`    bulk send ${rep}/${options.repetitions} ${variant}: ${Math.round(run.spanMs)} ms at the emulator, ${run.maxConnections} connections, ${round(run.cpuSeconds)} s CPU`,
			);
		}
		raw.push(await runRaw(bench, options.items, pdfPath));
		options.log(
			`    bulk send ${rep}/${options.repetitions} raw undici: ${Math.round(raw.at(-1)!.spanMs)} ms`,
		);
	}
	return {
		items: options.items,
		repetitions: options.repetitions,
		faxCloud: medianRun(runs.faxCloud),
		httpRequest: medianRun(runs.httpRequest),
		itemsOnly: medianRun(runs.itemsOnly),
		raw: {
			spanMs: round(median(raw.map((r) => r.spanMs)), 0),
			created: Math.min(...raw.map((r) => r.created)),
			maxConnections: Math.max(...raw.map((r) => r.maxConnections)),
		},
	};
}
