import { measureCurve, type CurveFigures } from './lib/curve';
import { collectGarbage } from './lib/gc';
import type { BenchServer } from './lib/server';
import { recipientRows, runJob } from './mail-merge';

/** The mail merge's cost curve: time and RSS rise in the node's window (./mail-merge.ts). */

export async function benchMailMergeCurve(
	bench: BenchServer,
	options: { sizes: number[]; rounds: number; log: (line: string) => void },
): Promise<CurveFigures> {
	const rowsOf = new Map<number, Array<Record<string, string>>>();
	const rows = (count: number) => {
		if (!rowsOf.has(count)) rowsOf.set(count, recipientRows(count));
		return rowsOf.get(count)!;
	};
	return await measureCurve({
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
}
