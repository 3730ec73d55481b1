import { measureCurve, type CurveFigures } from './lib/curve';
import { collectGarbage } from './lib/gc';
import type { BenchServer } from './lib/server';
import { recipientRows, runJob } from './mail-merge';
import { heldAtUpload, type HeldRun } from './mail-merge-held';

/**
 * The mail merge's cost curve: time and RSS rise in the node's window (./mail-merge.ts); then, once
 * per round and size, untimed, what n8n holds at the upload (./mail-merge-held.ts).
 */

export interface MailMergeCurveFigures extends CurveFigures {
	/** held[r][i]: round r's reading at sizes[i]; absent in results from before it was measured. */
	held?: HeldRun[][];
}

export async function benchMailMergeCurve(
	bench: BenchServer,
	options: { sizes: number[]; rounds: number; log: (line: string) => void },
): Promise<MailMergeCurveFigures> {
	const rowsOf = new Map<number, Array<Record<string, string>>>();
	const rows = (count: number) => {
		if (!rowsOf.has(count)) rowsOf.set(count, recipientRows(count));
		return rowsOf.get(count)!;
	};
	const curve = await measureCurve({
		...options,
		unit: 'row',
		label: 'mail merge',
		run: async (count) => {
			// A size that fails is recorded as failed (its rows missed, saying why); the others go on.
			try {
				// The emulator (this process) receives the upload: no collection of earlier runs in it.
				collectGarbage();
				const job = await runJob(bench, rows(count));
				if (job.status !== 201) throw new Error(`the upload answered ${job.status}`);
				return {
					units: count,
					ms: job.nodeMs,
					rssRiseBytes: job.nodeRiseBytes,
					bytes: job.csvBytes,
				};
			} catch (error) {
				const failed = `${count} rows: ${(error as Error).message}`;
				options.log(`    mail merge curve, ${failed}`);
				return { units: count, ms: NaN, rssRiseBytes: NaN, bytes: NaN, failed };
			}
		},
	});
	const held: HeldRun[][] = [];
	for (let round = 1; round <= options.rounds; round++) {
		const runs: HeldRun[] = [];
		for (const count of options.sizes) {
			const run = await heldAtUpload(bench, rows(count)).catch(
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
	return { ...curve, held };
}
