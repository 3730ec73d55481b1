import { waitUntil } from '../test/harness/waitUntil';
import { N8nGcPauses } from './lib/gc';
import { lastSeq } from './lib/polls';
import type { BenchServer } from './lib/server';
import { tapRequests } from './lib/wire-capture';
import { jobThroughWait, recipientRows, uploadSince } from './mail-merge';

/**
 * What n8n holds of one mail merge job while it uploads it: the bytes live in n8n after a full
 * collection while the emulator holds the upload unread, less those live at the idle Wait node
 * before the node. The RSS rise reads 0 where n8n's warm heap has room for the job; this counts
 * what the node keeps whatever the heap did before. In an n8n of its own (run-bench.ts), untimed:
 * the collection in the upload would be the node's time.
 */

export interface HeldRun {
	rows: number;
	/** Live at the upload less live at the Wait node; NaN when the run could not tell. */
	heldBytes: number;
	csvBytes: number;
	/** Why the run measured nothing. */
	failed?: string;
}

/** Until two readings 250 ms apart differ by less than 1 MB: the last job's execution let go. */
async function settled(n8n: N8nGcPauses): Promise<void> {
	let last = await n8n.collect();
	await waitUntil(
		"n8n's live bytes to settle",
		async () => {
			const now = await n8n.collect();
			const steady = Math.abs(now - last) < 2 ** 20;
			last = now;
			return steady;
		},
		30_000,
		{ intervalMs: 250, detail: () => `${last} bytes live` },
	);
}

export async function heldAtUpload(
	bench: BenchServer,
	rows: Array<Record<string, string>>,
): Promise<HeldRun> {
	const { emulator, pid } = bench;
	const n8n = new N8nGcPauses(bench.clock.gcFile, pid);
	await settled(n8n);
	const since = lastSeq(emulator);
	let atWait = NaN;
	let waitReadAt = Infinity;
	let uploadAt = -Infinity;
	let atUpload: Promise<number> = Promise.resolve(NaN);
	await tapRequests(
		Number(new URL(emulator.urls.mailMerge).port),
		(req) => {
			if (req.method !== 'POST' || !/\/Job$/.test(req.url ?? '')) return;
			uploadAt = Date.now();
			// Paused before the emulator's handler reads it: a 'data' listener does not resume a
			// stream paused on purpose. n8n still waits for the answer, holding what it sent.
			req.pause();
			atUpload = n8n.collect().finally(() => req.resume());
		},
		() =>
			jobThroughWait(bench, rows, async () => {
				atWait = await n8n.collect();
				waitReadAt = Date.now();
			}),
	);
	const upload = uploadSince(emulator, since);
	const csvBytes = upload?.files.find((f) => f.field === 'CSV')?.size ?? NaN;
	const run = { rows: rows.length, csvBytes };
	if (upload?.status !== 201) return { ...run, heldBytes: NaN, failed: `upload ${upload?.status}` };
	// The Wait node's reading must come before the upload, or the job was in it already.
	if (!(waitReadAt < uploadAt)) {
		return { ...run, heldBytes: NaN, failed: 'n8n was not read idle in the Wait node' };
	}
	return { ...run, heldBytes: (await atUpload) - atWait };
}

/** Every size once per round, smallest first, as the cost curve runs them. */
export async function benchHeldAtUpload(
	bench: BenchServer,
	options: { sizes: number[]; rounds: number; log: (line: string) => void },
): Promise<HeldRun[][]> {
	const rowsOf = new Map(options.sizes.map((count) => [count, recipientRows(count)]));
	const held: HeldRun[][] = [];
	for (let round = 1; round <= options.rounds; round++) {
		const runs: HeldRun[] = [];
		for (const [count, rows] of rowsOf) {
			const run = await heldAtUpload(bench, rows).catch(
				(error: Error): HeldRun => ({
					rows: count,
					heldBytes: NaN,
					csvBytes: NaN,
					failed: error.message,
				}),
			);
			runs.push(run.failed ? { ...run, failed: `${count} rows: ${run.failed}` } : run);
		}
		held.push(runs);
		const text = runs
			.map((r) => `${r.rows}: ${r.failed ?? `${(r.heldBytes / 2 ** 20).toFixed(1)} MB`}`)
			.join('; ');
		options.log(`    mail merge held at the upload ${round}/${options.rounds}: ${text}`);
	}
	return held;
}
