import { measureCurve, type CurveFigures } from './lib/curve';
import type { BenchServer } from './lib/server';
import { runSendVariant, type SendVariant } from './send';

/** The bulk send's cost curve: node and helper floor in turn; executionTime and peak RSS rise. */

export async function benchSendCurve(
	bench: BenchServer,
	options: { sizes: number[]; rounds: number; log: (line: string) => void },
): Promise<CurveFigures> {
	const send = async (variant: SendVariant, items: number) => {
		const run = await runSendVariant(bench, variant, items);
		if (run.created !== items) {
			throw new Error(`send curve, ${variant}: ${run.created} of ${items} faxes were created`);
		}
		return run;
	};
	return await measureCurve({
		...options,
		unit: 'fax',
		label: 'bulk send',
		// A warm-up at every size: n8n's first run of 10,000 grows its heap, which is no round's.
		warmUp: async (items) => {
			await send('faxCloud', items);
			await send('floor', items);
		},
		run: async (items, round) => {
			const order: SendVariant[] = round % 2 ? ['faxCloud', 'floor'] : ['floor', 'faxCloud'];
			const runs: Partial<Record<SendVariant, Awaited<ReturnType<typeof send>>>> = {};
			for (const variant of order) runs[variant] = await send(variant, items);
			return {
				units: items,
				ms: runs.faxCloud!.nodeMs,
				floorMs: runs.floor!.nodeMs,
				rssRiseBytes: runs.faxCloud!.rssRiseBytes,
			};
		},
	});
}
