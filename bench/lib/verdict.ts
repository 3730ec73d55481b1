import { formatRatio, type PairRatios, round } from './stats';

/**
 * The table's rows: a target is met or missed, a figure never counted. A miss says what measured
 * explains it, or "regression", from the run's figures, never a fixed cause.
 */

export type Verdict = 'met' | 'missed' | 'figure';

export interface TargetRow {
	area: string;
	measure: string;
	figure: string;
	/** What the row is held to; "figure" rows have none. */
	target?: string;
	verdict: Verdict;
	/** Only on missed rows: what was measured that explains it, or "regression: …" and the figures. */
	why?: string;
}

/** The load on the machine while a part of the bench ran (1-minute load average, sampled). */
export interface LoadDuring {
	min: number;
	max: number;
	samples: number;
}

/** What the explanations of missed rows read besides the row's own figures. */
export interface RunContext {
	cores: number;
	/** The load during each part, by part name (send, sendOnce, mailMerge, polling, download). */
	load: Partial<Record<string, LoadDuring>>;
}

export const REGRESSION = 'regression';

/** A target row; `why` is computed only when the target is missed. */
export function targetRow(
	r: Omit<TargetRow, 'verdict' | 'why'> & { met: boolean; why: () => string },
): TargetRow {
	const { met, why, ...rest } = r;
	return met ? { ...rest, verdict: 'met' } : { ...rest, verdict: 'missed', why: why() };
}

export function tally(rows: TargetRow[]) {
	const count = (v: Verdict) => rows.filter((r) => r.verdict === v).length;
	return {
		targets: count('met') + count('missed'),
		met: count('met'),
		missed: count('missed'),
		figures: count('figure'),
	};
}

/** The process exit code of a bench run: non-zero when any target was missed. */
export const exitCodeOf = (rows: TargetRow[]): number => (tally(rows).missed > 0 ? 1 : 0);

/** "load average 0.4 to 2.9 on 2 cores during the row" (or nothing when it was not sampled). */
function loadText(context: RunContext, part: string): string | undefined {
	const load = context.load[part];
	if (!load || load.samples === 0) return undefined;
	const range = load.min === load.max ? `${load.max}` : `${load.min} to ${load.max}`;
	return `load average ${range} on ${context.cores} cores during the row`;
}

/**
 * Why a ratio target was missed: pairs within it, the load, the row's `facts`. The cause is
 * `explained` (measured by the caller), else a machine loaded past its cores, else a regression.
 */
function ratioMissWhy(options: {
	pairs: PairRatios;
	limit: number;
	/** 'atMost': the ratio must stay at or below the limit; 'atLeast': reach it. */
	bound: 'atMost' | 'atLeast';
	context: RunContext;
	part: string;
	unit?: string;
	facts?: string[];
	explained?: string;
}): string {
	const { pairs, limit, bound, context, part } = options;
	const within = pairs.ratios.filter((r) => (bound === 'atMost' ? r <= limit : r >= limit)).length;
	const unit = options.unit ?? 'pair';
	const measured = [
		`${within} of ${pairs.ratios.length} ${unit}s within x${round(limit)}: ${formatRatio(pairs, unit)}`,
		loadText(context, part),
		...(options.facts ?? []),
	].filter((t): t is string => !!t);
	const load = context.load[part];
	const overloaded = !!load && load.samples > 0 && load.max > context.cores;
	const machine = `the machine was loaded past its ${context.cores} cores during the row`;
	return `${options.explained ?? (overloaded ? machine : REGRESSION)}: ${measured.join('; ')}`;
}

/** Why a count or equality target was missed: it is not a matter of load, so a regression. */
export const regressionWhy = (facts: string): string => `${REGRESSION}: ${facts}`;

/** A row's words and figure; its part gives the area (partRows). */
type RowText = Omit<TargetRow, 'area' | 'verdict' | 'target' | 'why'>;
type RatioMiss = Omit<Parameters<typeof ratioMissWhy>[0], 'bound' | 'context' | 'part'>;
type FloorReach = { floorVsHttp: PairRatios; reachOfFloor: PairRatios; allowance: number };

/** Row makers of one part: its area on each row; a ratio row's miss reads the load during `part`. */
export function partRows(area: string, context: RunContext, part: string) {
	const why = (miss: RatioMiss, bound: 'atMost' | 'atLeast') => () =>
		ratioMissWhy({ ...miss, bound, context, part });
	return {
		figure: (r: RowText): TargetRow => ({ area, ...r, verdict: 'figure' }),
		target: (r: RowText & { target: string; met: boolean; why: () => string }) =>
			targetRow({ area, ...r }),
		/** "at most x<limit> <targetSuffix>": met when the pairs' median is within the limit. */
		atMost: ({ targetSuffix, ...row }: RowText & { targetSuffix?: string }, miss: RatioMiss) =>
			targetRow({
				area,
				...row,
				target: `at most x${miss.limit}${targetSuffix ? ` ${targetSuffix}` : ''}`,
				met: miss.pairs.median <= miss.limit,
				why: why(miss, 'atMost'),
			}),
		/**
		 * A row against n8n's HTTP Request node, held to 1 / allowance of what the helper floor itself
		 * reaches over that node in the same run; `reachOfFloor` (the floor's time over the node's)
		 * is taken pair by pair, so that the noise of two medians does not decide.
		 */
		floorReach: (row: RowText, { floorVsHttp, reachOfFloor, allowance }: FloorReach) => {
			const share = 1 / allowance;
			const facts = [`helper floor vs HTTP Request node ${formatRatio(floorVsHttp)}`];
			return targetRow({
				area,
				...row,
				figure: `${row.figure}; pair by pair the node reached ${formatRatio(reachOfFloor)} of the floor's reach`,
				target: `pair by pair at least x${round(share)} of the helper floor's own reach over it (x${round(floorVsHttp.median)} this run): within x${allowance}`,
				met: reachOfFloor.median >= share,
				why: why({ pairs: reachOfFloor, limit: share, facts }, 'atLeast'),
			});
		},
	};
}
