import { atLeast, floorReachShare } from '../goals';
import { formatRatio, type PairRatios } from './pairs';
import { round } from './stats';

/**
 * Targets and figures of the benchmark table. A target row is met or missed; a figure row (what
 * an anchor such as the raw client reaches, or what the node's CPU was) is shown and never counted.
 * A missed row says what was measured during it that explains the miss, or that it is a regression:
 * the text is made from the figures of the run, never a fixed cause.
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
	/** CPU cores of the machine (the load average is set against it). */
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

/** Older results.json rows carried `met` (figures as met targets "reported"). */
export function verdictOf(row: TargetRow & { met?: boolean }): Verdict {
	if (row.verdict) return row.verdict;
	if (row.target === 'reported') return 'figure';
	return row.met ? 'met' : 'missed';
}

export interface Tally {
	targets: number;
	met: number;
	missed: number;
	figures: number;
}

export function tally(rows: TargetRow[]): Tally {
	const count = (v: Verdict) => rows.filter((r) => verdictOf(r) === v).length;
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
export function loadText(context: RunContext, part: string): string | undefined {
	const load = context.load[part];
	if (!load || load.samples === 0) return undefined;
	const range = load.min === load.max ? `${load.max}` : `${load.min} to ${load.max}`;
	return `load average ${range} on ${context.cores} cores during the row`;
}

/** Whether the machine had more runnable work than cores at some point of the part. */
export function overloaded(context: RunContext, part: string): boolean {
	const load = context.load[part];
	return !!load && load.samples > 0 && load.max > context.cores;
}

/**
 * Why a ratio target was missed, from what was measured: how many pairs met it and their spread,
 * the load during the row, and the row's own extra figures (`facts`, e.g. the floor's own time or
 * the CPU the node used against the floor's). `explained` names a measured cause when there is
 * one (the caller's; e.g. "the node used no more CPU than the floor"); a machine loaded past its
 * cores is one too. Otherwise the miss is a regression, with the same figures.
 */
export function ratioMissWhy(options: {
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
	const cause =
		options.explained ??
		(overloaded(context, part)
			? `the machine was loaded past its ${context.cores} cores during the row`
			: undefined);
	return `${cause ?? REGRESSION}: ${measured.join('; ')}`;
}

/**
 * A target "at most x<limit>" over pairs: met when their median is within the limit; a miss
 * explains itself from what was measured (ratioMissWhy). `targetSuffix` follows the limit in the
 * target's text ("the CSV").
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
 * node in the same run, less the node's allowance over the floor (`limit`).
 */
export function floorReachRow(
	row: Omit<TargetRow, 'verdict' | 'why' | 'target'>,
	miss: Omit<Parameters<typeof ratioMissWhy>[0], 'bound' | 'limit' | 'facts' | 'pairs'> & {
		floorVsHttp: PairRatios;
		/**
		 * Per pair, the node's ratio over the HTTP Request node divided by the floor's in the same
		 * pair (which is the floor's time over the node's): what share of the floor's reach the
		 * node reached. Pair by pair, so that the two medians' noise does not decide.
		 */
		reachOfFloor: PairRatios;
		allowance: number;
	},
): TargetRow {
	const { floorVsHttp, reachOfFloor, allowance, ...rest } = miss;
	const share = floorReachShare(allowance);
	return targetRow({
		...row,
		figure: `${row.figure}; pair by pair the node reached ${formatRatio(reachOfFloor)} of the floor's reach`,
		target: `pair by pair at least x${round(share)} of the helper floor's own reach over it (x${round(floorVsHttp.median)} this run): within x${allowance}`,
		met: atLeast(reachOfFloor, share),
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
