/** Median of repetitions, ratios of paired runs, and the small formatting helpers of the benchmark table. */

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const round = (value: number, digits = 2): number => {
	const f = 10 ** digits;
	return Math.round(value * f) / f;
};

export const mb = (bytes: number): number => round(bytes / (1024 * 1024), 1);

/** The span from the first request received to the last answer written, in ms. */
export function spanMs(records: Array<{ receivedMs: number; finishedMs?: number }>): number {
	if (records.length === 0) return NaN;
	let first = Infinity;
	let last = -Infinity;
	for (const r of records) {
		first = Math.min(first, r.receivedMs);
		last = Math.max(last, r.finishedMs ?? r.receivedMs);
	}
	return last - first;
}

/**
 * Ratios of interleaved runs: a ratio of two medians moves with a shared machine's load, so runs
 * are paired under one load, a ratio per pair; the median decides, the spread is shown beside it.
 */

export interface PairRatios {
	/** numerator / denominator per pair, in run order; a pair missing a side (NaN) is left out. */
	ratios: number[];
	median: number;
	min: number;
	max: number;
}

export function pairRatios(numerators: number[], denominators: number[]): PairRatios {
	if (numerators.length !== denominators.length) {
		throw new Error(`${numerators.length} numerators for ${denominators.length} denominators`);
	}
	const ratios = numerators.map((n, i) => n / denominators[i]).filter((r) => Number.isFinite(r));
	return {
		ratios,
		median: median(ratios),
		min: ratios.length ? Math.min(...ratios) : NaN,
		max: ratios.length ? Math.max(...ratios) : NaN,
	};
}

/** A figure of a round: a function, or the name of a numeric field. */
type Figure<T> = ((r: T) => number) | { [K in keyof T]: T[K] extends number ? K : never }[keyof T];

/** Pair ratios of two figures of the same rounds: `a / b` per round. */
export function pairsOf<T>(rounds: T[], a: Figure<T>, b: Figure<T>): PairRatios {
	const values = (f: Figure<T>) =>
		rounds.map((r) => (typeof f === 'function' ? f(r) : (r[f] as number)));
	return pairRatios(values(a), values(b));
}

/** "x1.04 (x0.98 to x1.12 over 7 pairs)": the median that decides, then the spread it came with. */
export function formatRatio(pairs: PairRatios, unit = 'pair'): string {
	const count = `${pairs.ratios.length} ${unit}${pairs.ratios.length === 1 ? '' : 's'}`;
	return `x${round(pairs.median)} (x${round(pairs.min)} to x${round(pairs.max)} over ${count})`;
}

/** Sides swap order every round (the first pays for what the round before left): even rounds. */
export function evenRounds(rounds: number, what: string): number {
	if (rounds % 2 !== 0) {
		throw new Error(
			`${what}: ${rounds} rounds; its sides swap order every round, so an even number lets each go first as often`,
		);
	}
	return rounds;
}
