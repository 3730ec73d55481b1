import { formatRatio, type PairRatios } from './pairs';
import { round } from './stats';

/**
 * Targets and figures of the benchmark table. A target row is met or missed; a figure row is shown
 * and never counted. A missed row says what was measured that explains the miss, or that it is a
 * regression: the text is made from the run's figures, never a fixed cause.
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

export function figureRow(r: Omit<TargetRow, 'verdict' | 'target' | 'why'>): TargetRow {
	return { ...r, verdict: 'figure' };
}

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
 * Why a ratio target was missed: how many pairs met it and their spread, the load during the row,
 * and the row's own `facts`. The cause is `explained` (the caller's measured cause), else a
 * machine loaded past its cores, else a regression.
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
	const cause =
		options.explained ??
		(overloaded
			? `the machine was loaded past its ${context.cores} cores during the row`
			: undefined);
	return `${cause ?? REGRESSION}: ${measured.join('; ')}`;
}

/**
 * A target "at most x<limit>" over pairs: met when their median is within the limit.
 * `targetSuffix` follows the limit in the target's text ("the CSV").
 */
export function atMostRow(
	row: Omit<TargetRow, 'verdict' | 'why' | 'target'> & { targetSuffix?: string },
	miss: Omit<Parameters<typeof ratioMissWhy>[0], 'bound'>,
): TargetRow {
	const { targetSuffix, ...rest } = row;
	return targetRow({
		...rest,
		target: `at most x${miss.limit}${targetSuffix ? ` ${targetSuffix}` : ''}`,
		met: miss.pairs.median <= miss.limit,
		why: () => ratioMissWhy({ ...miss, bound: 'atMost' }),
	});
}

/**
 * A row against n8n's HTTP Request node, held to what the helper floor itself reaches over that
 * node in the same run, less the node's allowance over the floor: a share of 1 / allowance.
 */
export function floorReachRow(
	row: Omit<TargetRow, 'verdict' | 'why' | 'target'>,
	miss: Omit<Parameters<typeof ratioMissWhy>[0], 'bound' | 'limit' | 'facts' | 'pairs'> & {
		floorVsHttp: PairRatios;
		/**
		 * Per pair, the floor's time over the node's: the share of the floor's reach the node
		 * reached, pair by pair, so that the two medians' noise does not decide.
		 */
		reachOfFloor: PairRatios;
		allowance: number;
	},
): TargetRow {
	const { floorVsHttp, reachOfFloor, allowance, ...rest } = miss;
	const share = 1 / allowance;
	return targetRow({
		...row,
		figure: `${row.figure}; pair by pair the node reached ${formatRatio(reachOfFloor)} of the floor's reach`,
		target: `pair by pair at least x${round(share)} of the helper floor's own reach over it (x${round(floorVsHttp.median)} this run): within x${allowance}`,
		met: reachOfFloor.median >= share,
		why: () =>
			ratioMissWhy({
				...rest,
				pairs: reachOfFloor,
				limit: share,
				bound: 'atLeast',
				facts: [`helper floor vs HTTP Request node ${formatRatio(floorVsHttp)}`],
			}),
	});
}

/** Why a count or equality target was missed: it is not a matter of load, so a regression. */
export const regressionWhy = (facts: string): string => `${REGRESSION}: ${facts}`;

type Unplaced<T> = Omit<T, 'area' | 'context' | 'part'>;

/**
 * The row makers of one part of the table: each row gets the part's area, and a ratio row's miss
 * reads the load during `part` (RunContext.load).
 */
export function partRows(area: string, context: RunContext, part: string) {
	type MissOf<F extends (row: never, miss: never) => TargetRow> = Unplaced<Parameters<F>[1]>;
	return {
		figure: (r: Unplaced<Parameters<typeof figureRow>[0]>) => figureRow({ area, ...r }),
		target: (r: Unplaced<Parameters<typeof targetRow>[0]>) => targetRow({ area, ...r }),
		atMost: (row: Unplaced<Parameters<typeof atMostRow>[0]>, miss: MissOf<typeof atMostRow>) =>
			atMostRow({ area, ...row }, { context, part, ...miss }),
		floorReach: (
			row: Unplaced<Parameters<typeof floorReachRow>[0]>,
			miss: MissOf<typeof floorReachRow>,
		) => floorReachRow({ area, ...row }, { context, part, ...miss }),
	};
}
