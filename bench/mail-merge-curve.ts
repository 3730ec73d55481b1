import { measureCurve, type CurveFigures } from './lib/curve';
import type { BenchServer } from './lib/server';
import { recipientRows, runJob } from './mail-merge';

/**
 * The mail merge's cost curve: one job from 1,000, 10,000 and 100,000 input items (rows of about
 * 150 bytes: the largest CSV is over 10 MB). The time is the node's executionTime; the memory is
 * n8n's peak RSS rise while the node builds and uploads the job, set against the CSV at each size
 * (./mail-merge.ts says how that window is found). A run whose window missed is not counted.
 */

export const MAIL_MERGE_CURVE_SIZES = [1_000, 10_000, 100_000];

export async function benchMailMergeCurve(
	bench: BenchServer,
	options: { sizes?: number[]; rounds: number; log: (line: string) => void },
): Promise<CurveFigures> {
	const rowsOf = new Map<number, Array<Record<string, string>>>();
	const rows = (count: number) => {
		if (!rowsOf.has(count)) rowsOf.set(count, recipientRows(count));
		return rowsOf.get(count)!;
	};
	return await measureCurve({
		...options,
		sizes: options.sizes ?? MAIL_MERGE_CURVE_SIZES,
		unit: 'row',
		label: 'mail merge',
		run: async (count) => {
			// A size that fails is recorded as failed (its rows are missed, saying why), and the
			// other sizes are still measured.
			try {
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
