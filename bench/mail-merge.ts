import fs from 'node:fs';
import path from 'node:path';

import type { E2eEnvironment } from '../test/harness/environment';
import { formPdf } from '../test/harness/formPdf';
import { sleep, watchFor } from '../test/harness/waitUntil';
import { lastSeq } from './lib/polls';
import { cpuSeconds, peakRssBytes, resetHighWaterMark, rssBytes } from './lib/proc';
import { callWebhook, latestNodeTimes, type BenchServer } from './lib/server';
import { spanMs } from './lib/stats';
import { tapRequests } from './lib/wire-capture';

/**
 * Mail merge: one job from `rows` items and n8n's RSS for it. The items move the peak far more than
 * the CSV weighs, so the workflow waits 5 s before the node: once n8n idles there, VmHWM is reset,
 * read again at the upload; a round counts only if the reset fell inside the Wait node.
 */

export const MAIL_MERGE_WORKFLOWS = ['mail-merge-items.json'];
/** The same items to the helper floor, which holds none of its own (./mail-merge-held.ts). */
export const MAIL_MERGE_ITEMS_ONLY_WORKFLOW = 'mail-merge-items-only.json';
const WORKFLOW_ID = 'BenchMailMerge01';
const NODE_NAME = 'Create Mail Merge Job';
const WAIT_NAME = 'Wait 5 Seconds';

/** The form fields of the template, which are also the CSV's columns. */
const COLUMNS = ['FaxNumber', 'Name', 'Company', 'Amount', 'Reference', 'DueDate', 'Notes'];

export interface MailMergeFigures {
	rows: number;
	rounds: Array<Awaited<ReturnType<typeof runJob>>>;
	rssSource: string;
}

/** Writes the PDF form template; returns n8n environment naming it. */
export async function prepareTemplate(environment: E2eEnvironment): Promise<NodeJS.ProcessEnv> {
	const templatePath = path.join(environment.filesFolder, 'bench-mail-merge-form.pdf');
	fs.writeFileSync(templatePath, await formPdf(COLUMNS));
	return { BENCH_TEMPLATE_PATH: templatePath };
}

/** Rows as a sheet would give them, about 150 bytes of CSV each (100,000: a CSV over 10 MB). */
export function recipientRows(count: number): Array<Record<string, string>> {
	return Array.from({ length: count }, (_, i) => ({
		FaxNumber: `1212555${String(i % 10_000).padStart(4, '0')}`,
		Name: `Recipient ${i + 1}`,
		Company: `Company ${(i % 997) + 1} Inc.`,
		Amount: `${(i % 1000) + 10}.50`,
		Reference: `INV-${String(i + 1).padStart(6, '0')}`,
		DueDate: '2026-02-01',
		Notes: `Statement ${i + 1}: please review the enclosed invoice and call us with any questions.`,
	}));
}

/** Whether n8n used at most one clock tick of CPU in three 100 ms steps in a row (the Wait node). */
async function untilIdle(pid: number, timeoutMs: number): Promise<boolean> {
	let quietSteps = 0;
	let before = cpuSeconds(pid);
	const quiet = () => {
		const now = cpuSeconds(pid);
		quietSteps = now - before <= 0.011 ? quietSteps + 1 : 0;
		before = now;
		return quietSteps >= 3;
	};
	// The first step spans 300 ms, the next ones 100 ms.
	await sleep(300);
	return await watchFor('n8n idle in the Wait node', quiet, timeoutMs - 300, 100);
}

/** How long n8n may take to reach the Wait node: the webhook's body and the items, per row. */
const idleWithinMs = (rows: number): number => 4_500 + rows * 0.5;

/** One job through the webhook; `inWait` runs once n8n idles in the Wait node, if it does. */
export async function jobThroughWait(
	bench: BenchServer,
	rows: Array<Record<string, string>>,
	inWait: () => Promise<void> | void,
	webhookPath = 'bench-mail-merge',
): Promise<void> {
	const call = callWebhook(bench, webhookPath, { rows }, rows.length > 10_000);
	// Awaited after the reading in the Wait node: a failure meanwhile must not go unhandled.
	call.catch(() => undefined);
	if (await untilIdle(bench.pid, idleWithinMs(rows.length))) await inWait();
	await call;
}

/** The job's upload as the emulator logged it after `since`. */
export const uploadSince = (emulator: BenchServer['emulator'], since: number) =>
	emulator.control.requests({ method: 'POST', path: '^/v1/Job$', sinceSeq: since }).at(0);

export async function runJob(bench: BenchServer, rows: Array<Record<string, string>>) {
	const { pid, emulator } = bench;
	const port = Number(new URL(emulator.urls.mailMerge).port);
	const since = lastSeq(emulator);
	let uploadPeak = NaN;
	let windowStart = NaN;
	let resetAt = NaN;
	let itemsRise = NaN;
	await tapRequests(
		port,
		(req) => {
			// Read before the emulator answers: the node still holds the CSV and the body.
			if (req.method === 'POST' && /\/Job$/.test(req.url ?? '')) uploadPeak = peakRssBytes(pid);
		},
		async () => {
			const before = rssBytes(pid);
			const kernel = resetHighWaterMark(pid);
			await jobThroughWait(bench, rows, () => {
				if (!kernel) return;
				itemsRise = peakRssBytes(pid) - before;
				windowStart = rssBytes(pid);
				resetHighWaterMark(pid);
				resetAt = Date.now();
			});
		},
	);
	const upload = uploadSince(emulator, since);
	if (!upload) throw new Error('mail merge: the node sent no job');
	const { times } = await latestNodeTimes(bench, WORKFLOW_ID);
	const windowValid =
		times[WAIT_NAME].startTime <= resetAt && resetAt <= times[NODE_NAME].startTime;
	return {
		// n8n's peak RSS rise up to the Wait node (the items), then to the job's upload (the node).
		itemsRiseBytes: itemsRise,
		nodeRiseBytes: windowValid ? Math.max(0, uploadPeak - windowStart) : NaN,
		nodeMs: times[NODE_NAME].executionTime,
		uploadMs: spanMs([upload]),
		csvBytes: upload.files.find((f) => f.field === 'CSV')?.size ?? NaN,
		status: upload.status,
		windowValid,
	};
}

export async function benchMailMerge(
	bench: BenchServer,
	options: { rows: number; rounds: number; log: (line: string) => void },
): Promise<MailMergeFigures> {
	const rows = recipientRows(options.rows);
	// Warm-up: code loaded, n8n's heap grown to what a run of this size needs.
	await runJob(bench, rows);
	const rounds: MailMergeFigures['rounds'] = [];
	const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(2);
	for (let i = 1; i <= options.rounds; i++) {
		const r = await runJob(bench, rows);
		if (r.status !== 201) throw new Error(`mail merge: the job upload answered ${r.status}`);
		rounds.push(r);
		options.log(
			`    mail merge ${i}/${options.rounds}: ${options.rows} rows, CSV ${mb(r.csvBytes)} MB, node ${Math.round(r.nodeMs)} ms (upload ${Math.round(r.uploadMs)} ms); RSS rise ${mb(r.nodeRiseBytes)} MB in the node${r.windowValid ? '' : ' (window missed the Wait node: not counted)'}, ${mb(r.itemsRiseBytes)} MB for the items before it`,
		);
	}
	const rssSource = resetHighWaterMark(bench.pid)
		? 'VmHWM after clear_refs'
		: 'unavailable: the kernel refuses clear_refs';
	return { rows: options.rows, rounds, rssSource };
}
