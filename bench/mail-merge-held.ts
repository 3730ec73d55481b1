import { waitUntil } from '../test/harness/waitUntil';
import { N8nGcPauses } from './lib/gc';
import { lastSeq } from './lib/polls';
import type { BenchServer } from './lib/server';
import { mb } from './lib/stats';
import { tapRequests } from './lib/wire-capture';
import { jobThroughWait, recipientRows, uploadSince } from './mail-merge';

/**
 * What the node holds of one mail merge job while it uploads it. A reading is the bytes live in n8n
 * after a full collection while the emulator holds the node's request unread, less those live at
 * the idle Wait node before the node. It counts n8n's own share too: the Wait node's output items,
 * two objects an item (about 88 bytes). So the same items go to the helper floor, which lists the
 * jobs holding nothing of its own: its reading is n8n's share, and the node's reading less it is
 * the node's own. (A heap snapshot of n8n 2.41.1 at the paused upload, diffed against one at the
 * Wait node, showed nothing else new but the body and a third object an item, 32 bytes: the
 * router's pairing of the job's one output item with every input item, now built after the upload.)
 * The RSS rise reads 0 where n8n's warm heap has room for the job; this counts what the node keeps
 * whatever the heap did before. In an n8n of its own (run-bench.ts), untimed: the collection in the
 * upload would be the node's time.
 */

export interface HeldRun {
	rows: number;
	/** The node's reading; NaN when the run could not tell. */
	heldBytes: number;
	csvBytes: number;
	/** The helper floor's reading with the same items: n8n's share. */
	itemsHeldBytes: number;
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

/**
 * The items through the Wait node to `webhookPath`'s last node: live bytes while the emulator holds
 * its `method` /Job request unread, less those at the Wait node.
 */
async function liveAtRequest(
	bench: BenchServer,
	rows: Array<Record<string, string>>,
	webhookPath: string,
	method: 'POST' | 'GET',
): Promise<{ bytes: number; failed?: string }> {
	const { emulator, pid } = bench;
	const n8n = new N8nGcPauses(bench.clock.gcFile, pid);
	await settled(n8n);
	let atWait = NaN;
	let waitReadAt = Infinity;
	let requestAt = -Infinity;
	let atRequest: Promise<number> = Promise.resolve(NaN);
	await tapRequests(
		Number(new URL(emulator.urls.mailMerge).port),
		(req) => {
			if (req.method !== method || !/\/Job$/.test(req.url ?? '')) return;
			requestAt = Date.now();
			// Paused before the emulator's handler reads it: a 'data' listener does not resume a
			// stream paused on purpose. n8n still waits for the answer, holding what it sent.
			req.pause();
			atRequest = n8n.collect().finally(() => req.resume());
		},
		() =>
			jobThroughWait(
				bench,
				rows,
				async () => {
					atWait = await n8n.collect();
					waitReadAt = Date.now();
				},
				webhookPath,
			),
	);
	// The Wait node's reading must come before the request, or the request was in it already.
	const failed =
		requestAt === -Infinity
			? `its ${method} /Job never reached the emulator`
			: waitReadAt === Infinity
				? 'n8n was not read idle in the Wait node'
				: waitReadAt < requestAt
					? undefined
					: `its ${method} /Job came before n8n idled in the Wait node`;
	if (failed) return { bytes: NaN, failed: `${webhookPath}: ${failed}` };
	return { bytes: (await atRequest) - atWait };
}

export async function heldAtUpload(
	bench: BenchServer,
	rows: Array<Record<string, string>>,
): Promise<HeldRun> {
	const since = lastSeq(bench.emulator);
	const node = await liveAtRequest(bench, rows, 'bench-mail-merge', 'POST');
	const upload = uploadSince(bench.emulator, since);
	const items = await liveAtRequest(bench, rows, 'bench-mail-merge-items-only', 'GET');
	const failed =
		upload?.status === 201 ? (node.failed ?? items.failed) : `upload ${upload?.status}`;
	return {
		rows: rows.length,
		csvBytes: upload?.files.find((f) => f.field === 'CSV')?.size ?? NaN,
		heldBytes: failed ? NaN : node.bytes,
		itemsHeldBytes: failed ? NaN : items.bytes,
		...(failed ? { failed } : {}),
	};
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
					itemsHeldBytes: NaN,
					failed: error.message,
				}),
			);
			runs.push(run.failed ? { ...run, failed: `${count} rows: ${run.failed}` } : run);
		}
		held.push(runs);
		const text = runs
			.map(
				(r) =>
					`${r.rows}: ${r.failed ?? `node ${mb(r.heldBytes)} MB, items alone ${mb(r.itemsHeldBytes)} MB`}`,
			)
			.join('; ');
		options.log(`    mail merge held at the upload ${round}/${options.rounds}: ${text}`);
	}
	return held;
}
