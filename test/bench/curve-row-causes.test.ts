import { curveRows, RSS_RESOLUTION_BYTES } from '../../bench/curve-rows';
import type { DrainCurveRun } from '../../bench/drain-curve';
import type { CurveFigures } from '../../bench/lib/curve';
import type { RunContext } from '../../bench/target-rows';

/** An RSS rise too small to see (0 MB at the middle size) must not make the growth row NaN. */

const QUIET: RunContext = { cores: 2, load: {} };
const MB = 2 ** 20;

/** The full run of 9036536: 10,000 rows rose 0 MB, 100,000 rows 6.7 and 5.3 MB. */
const mailMerge = (middleRise: number | null, largestRises: number[]): CurveFigures => ({
	unit: 'row',
	sizes: [1_000, 10_000, 100_000],
	rounds: largestRises.map((largest) => [
		{ units: 1_000, ms: 20, rssRiseBytes: 0, bytes: 156_000 },
		{ units: 10_000, ms: 140, rssRiseBytes: middleRise as number, bytes: 1_565_924 },
		{ units: 100_000, ms: 1_400, rssRiseBytes: largest, bytes: 15_858_937 },
	]),
});

const memoryRow = (curve: CurveFigures) =>
	curveRows({ mailMerge: curve }, QUIET).find((r) =>
		r.measure.startsWith("cost curve, n8n's peak RSS rise per row"),
	)!;

test('a middle size that rose 0 MB counts as the resolution, and the row says so', () => {
	expect(RSS_RESOLUTION_BYTES).toBe(MB);
	// 6.7 MB / 100,000 against 1 MB / 10,000: x0.67.
	const met = memoryRow(mailMerge(0, [6.7 * MB, 5.3 * MB]));
	expect(met.verdict).toBe('met');
	expect(met.figure).toMatch(/^x0\.6/);
	expect(met.figure).toContain('2 of 4 runs compared rose less than 1 MB, counted as 1 MB');
	// The largest size's rise past ten times the resolution is still a growth the row catches.
	const missed = memoryRow(mailMerge(0, [13 * MB, 14 * MB]));
	expect(missed.verdict).toBe('missed');
	expect(missed.figure).toMatch(/^x1\.3/);
});

test('rises above the resolution are compared as measured, with no note', () => {
	const row = memoryRow(mailMerge(2 * MB, [22 * MB, 24 * MB]));
	expect(row.verdict).toBe('met');
	expect(row.figure).toMatch(/^x1\.1[0-9] /);
	expect(row.figure).not.toContain('counted as');
});

test('a failed run read back from results.json (null) stays a gap, not the resolution', () => {
	const row = memoryRow(mailMerge(null, [6.7 * MB, 5.3 * MB]));
	expect(row.verdict).toBe('missed');
	expect(row.figure).not.toContain('counted as');
});

/** A drain curve at the default cap: 1,000 events in one poll, 10,000 in ten. */
function defaultCapDrain(searchesAtLargest: number, msPerSearch: number): CurveFigures {
	const run = (units: number, polls: number, requests: number, ms: number): DrainCurveRun => ({
		units,
		ms,
		rssRiseBytes: 2 * MB,
		polls,
		requests,
		emitted: units,
	});
	return {
		unit: 'event',
		sizes: [1_000, 10_000],
		rounds: [
			[run(1_000, 1, 4, 40), run(10_000, 10, searchesAtLargest, searchesAtLargest * msPerSearch)],
		],
	};
}

const drainTimeRow = (curve: CurveFigures) =>
	curveRows({ drain: { capped: defaultCapDrain(440, 10), defaultCap: curve } }, QUIET).filter((r) =>
		r.measure.startsWith('cost curve, time per event'),
	)[1];

test('a drain whose time per event grew with its searches per event names that cause; one whose time per search grew is a regression', () => {
	// 99 searches for 10,000 against 4 for 1,000: x2.48 per event, each search as fast.
	const paged = drainTimeRow(defaultCapDrain(99, 10));
	expect(paged.verdict).toBe('missed');
	expect(paged.why).toMatch(
		/^the searches per event grew x2\.48 .*the time per search x1: the first poll pages its share twice/,
	);
	// As many searches, each twice as slow: nothing explains it.
	const slower = drainTimeRow(defaultCapDrain(99, 20));
	expect(slower.why).toMatch(/^regression: /);
	// Within the target: met, no cause needed.
	expect(drainTimeRow(defaultCapDrain(45, 10)).verdict).toBe('met');
});
