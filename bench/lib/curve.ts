import { median, pairRatios } from './stats';

/** Cost curves: sizes ten apart, each once per round, so growth is read under one load (stats.ts). */

/** One run at one size: the work, its time and n8n's resident memory rise. */
export interface CurveRun {
	units: number;
	/** The path's time (its own measure: a node's executionTime, a drain's searches). */
	ms: number;
	rssRiseBytes: number;
	/** The helper floor doing the same work in the same round, where the curve has one. */
	floorMs?: number;
	/** The bytes the run carried, where they bound its memory (the mail merge's CSV). */
	bytes?: number;
	/** Why the run measured nothing (its figures are NaN); the row that needs it is missed. */
	failed?: string;
}

export interface CurveFigures {
	/** What one unit is: "fax", "row", "event". */
	unit: string;
	sizes: number[];
	/** rounds[r][i]: the run of round r at sizes[i]. */
	rounds: CurveRun[][];
}

/** Per round, a figure per unit at the largest size over the same at the middle size. */
export function largestOverMiddle(curve: CurveFigures, figure: (run: CurveRun) => number) {
	const last = curve.sizes.length - 1;
	const perUnit = (run: CurveRun) => figure(run) / run.units;
	const at = (i: number) => curve.rounds.map((r) => perUnit(r[i]));
	return pairRatios(at(last), at(last - 1));
}

/** The median per unit of a figure at each size, for the curve's figure row. */
export function perUnitAtEachSize(
	curve: CurveFigures,
	figure: (run: CurveRun) => number | undefined,
): number[] {
	return curve.sizes.map((_, i) =>
		median(
			curve.rounds
				.map((r) => figure(r[i]))
				.filter((v): v is number => v !== undefined && Number.isFinite(v))
				.map((v) => v / curve.sizes[i]),
		),
	);
}

/** `rounds` rounds, smallest size first, after a warm-up at each size (or the smallest alone). */
export async function measureCurve(options: {
	unit: string;
	sizes: number[];
	rounds: number;
	run: (size: number, round: number) => Promise<CurveRun>;
	warmUp?: (size: number) => Promise<unknown>;
	warmUpSmallestOnly?: boolean;
	log: (line: string) => void;
	label: string;
}): Promise<CurveFigures> {
	const warmUpSizes = options.warmUpSmallestOnly ? options.sizes.slice(0, 1) : options.sizes;
	for (const size of warmUpSizes) await (options.warmUp ?? options.run)(size, 0);
	const rounds: CurveRun[][] = [];
	for (let round = 1; round <= options.rounds; round++) {
		const runs: CurveRun[] = [];
		for (const size of options.sizes) runs.push(await options.run(size, round));
		rounds.push(runs);
		const text = runs
			.map(
				(r) =>
					`${r.units}: ${Math.round(r.ms)} ms${r.floorMs === undefined ? '' : ` (floor ${Math.round(r.floorMs)})`}, RSS +${(r.rssRiseBytes / 2 ** 20).toFixed(1)} MB`,
			)
			.join('; ');
		options.log(`    ${options.label} curve ${round}/${options.rounds}: ${text}`);
	}
	return { unit: options.unit, sizes: options.sizes, rounds };
}
