/** Median of repetitions, and the small formatting helpers of the benchmark table. */

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
