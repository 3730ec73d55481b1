import type { DrainCurveRun, DrainCurves } from './drain-curve';
import type { HeldRun } from './mail-merge-held';
import { GOALS } from './goals';
import { largestOverMiddle, perUnitAtEachSize, type CurveFigures } from './lib/curve';
import { formatRatio, mb, median, pairRatios, type PairRatios, pairsOf, round } from './lib/stats';
import { partRows, type RunContext, type TargetRow } from './lib/verdict';

/**
 * Cost curve rows (issue Q): growth per unit from the middle size to the largest, in time and RSS;
 * the mail merge's RSS and what n8n holds at its upload against its CSV; the capped drain's largest
 * burst against the helper floor.
 */

export interface CurveSet {
	send?: CurveFigures;
	mailMerge?: CurveFigures;
	/** held[r][i]: round r's reading at the curve's sizes[i] (./mail-merge-held.ts). */
	mailMergeHeld?: HeldRun[][];
	drain?: DrainCurves;
}

/**
 * The least RSS rise told apart from none: n8n's heap grows in chunks, so a run may rise 0. A rise
 * below counts as this, so no ratio is infinite or NaN, and the row says so.
 */
const RSS_RESOLUTION_BYTES = 2 ** 20;

/** A run's RSS rise as the rows compare it: at least the resolution; NaN when the run failed. */
const resolvedRise = (run: { rssRiseBytes: number | null }): number =>
	typeof run.rssRiseBytes === 'number' && Number.isFinite(run.rssRiseBytes)
		? Math.max(run.rssRiseBytes, RSS_RESOLUTION_BYTES)
		: NaN;

/** "faxes", "rows", "events". */
const units = (curve: CurveFigures): string => (curve.unit === 'fax' ? 'faxes' : `${curve.unit}s`);

const sizesText = (curve: CurveFigures) =>
	curve.sizes.map((s) => s.toLocaleString('en-US')).join(' / ');

/** "12.3 / 11.9 / 12.8 µs per fax" style figures, one per size. */
const perUnitText = (values: number[], scale: number, unit: string): string =>
	`${values.map((v) => round(v * scale, 1)).join(' / ')} ${unit}`;

function growthRows(
	area: string,
	what: string,
	curve: CurveFigures,
	context: RunContext,
	part: string,
): TargetRow[] {
	const row = partRows(area, context, part);
	const last = curve.sizes.length - 1;
	const sizes = `${curve.sizes[last - 1].toLocaleString('en-US')} to ${curve.sizes[last].toLocaleString('en-US')}`;
	const timePairs = largestOverMiddle(curve, (r) => r.ms);
	const memoryPairs = largestOverMiddle(curve, resolvedRise);
	const ms = perUnitAtEachSize(curve, (r) => r.ms);
	const floor = perUnitAtEachSize(curve, (r) => r.floorMs);
	const kb = perUnitAtEachSize(curve, (r) => r.rssRiseBytes);
	const failures = [...new Set(curve.rounds.flat().flatMap((r) => (r.failed ? [r.failed] : [])))];
	const facts = failures.length ? [`failed runs: ${failures.join('; ')}`] : [];
	const compared = curve.rounds.flatMap((r) => [r[last - 1], r[last]]);
	const unresolved = compared.filter(
		(r) => Number.isFinite(r.rssRiseBytes) && r.rssRiseBytes < RSS_RESOLUTION_BYTES,
	);
	const mb = RSS_RESOLUTION_BYTES / 2 ** 20;
	const resolution = unresolved.length
		? ` (${unresolved.length} of ${compared.length} runs compared rose less than ${mb} MB, counted as ${mb} MB: what the measure tells apart from none)`
		: '';
	const explained = searchGrowth(curve, timePairs);
	const floorText = floor.every(Number.isFinite)
		? `; helper floor ${perUnitText(floor, 1000, `µs per ${curve.unit}`)}`
		: '';
	return [
		row.figure({
			measure: `cost curve, ${what} at ${sizesText(curve)} ${units(curve)}: time and n8n's peak RSS rise per ${curve.unit} (medians over ${curve.rounds.length} rounds)`,
			figure: `${perUnitText(ms, 1000, `µs per ${curve.unit}`)}${floorText}; RSS ${perUnitText(kb, 1 / 1024, `KB per ${curve.unit}`)}`,
		}),
		row.atMost(
			{
				measure: `cost curve, time per ${curve.unit} from ${sizes} ${units(curve)}: the largest size's over the middle's (ratio per round)`,
				figure: formatRatio(timePairs, 'round'),
				targetSuffix: "the middle size's",
			},
			{ pairs: timePairs, limit: GOALS.curveGrowth, unit: 'round', facts, explained },
		),
		row.atMost(
			{
				measure: `cost curve, n8n's peak RSS rise per ${curve.unit} from ${sizes} ${units(curve)}: the largest size's over the middle's (ratio per round)`,
				figure: `${formatRatio(memoryPairs, 'round')}${resolution}`,
				targetSuffix: "the middle size's",
			},
			{ pairs: memoryPairs, limit: GOALS.curveGrowth, unit: 'round', facts },
		),
	];
}

/** A drain's miss explained: time per event grew with searches per event (README, Backlog). */
function searchGrowth(curve: CurveFigures, time: PairRatios): string | undefined {
	const perEvent = largestOverMiddle(curve, (r) => (r as { requests?: number }).requests ?? NaN);
	if (!perEvent.ratios.length) return undefined;
	const perSearch = time.median / perEvent.median;
	if (!(perSearch <= GOALS.curveGrowth)) return undefined;
	return `the searches per event grew ${formatRatio(perEvent, 'round')}, the time per search x${round(perSearch)}: the first poll pages its share twice (the search is not sorted by event time) and each poll ends on a page partly filled`;
}

/** The mail merge's rise against its CSV, at every size of the curve. */
function csvRows(curve: CurveFigures, context: RunContext): TargetRow[] {
	const row = partRows('Mail merge', context, 'mailMergeCurve');
	return curve.sizes.map((size, i) => {
		const runs = curve.rounds.map((r) => r[i]);
		const pairs = pairsOf(runs, 'rssRiseBytes', (r) => r.bytes ?? NaN);
		const failed = runs.flatMap((r) => (r.failed ? [r.failed] : []));
		return row.atMost(
			{
				measure: `cost curve, ${size.toLocaleString('en-US')} rows: n8n's peak RSS rise while the node builds and uploads the job, against the CSV (ratio per run)`,
				figure: `CSV ${round((runs[0]?.bytes ?? NaN) / 2 ** 20, 1)} MB: ${formatRatio(pairs, 'run')}`,
				targetSuffix: 'the CSV',
			},
			{
				pairs,
				limit: GOALS.mailMergeVsCsv,
				unit: 'run',
				facts: failed.length ? [`failed runs: ${failed.join('; ')}`] : [],
			},
		);
	});
}

/**
 * Readings of one job spread by up to 0.3 MB (1,000 rows: -0.1 to 0.2 MB over three rounds), so a
 * limit under 0.5 MB cannot be told from that noise: where x1.5 the CSV is less, the node's own is
 * compared with 0.5 MB instead, and the row says so.
 */
export const HELD_RESOLUTION_BYTES = 2 ** 19;

/**
 * What the node holds at the mail merge's upload against its CSV, at every size of the curve: its
 * reading less n8n's share, the helper floor's reading with the same items.
 */
function heldRows(held: HeldRun[][], context: RunContext): TargetRow[] {
	const row = partRows('Mail merge', context, 'mailMergeHeld');
	const limit = GOALS.mailMergeVsCsv;
	return (held[0] ?? []).map(({ rows: size }, i) => {
		// results.json keeps a NaN as null, which would count as 0; a reading from before n8n's
		// share was read has none.
		const bytes = (key: 'heldBytes' | 'csvBytes' | 'itemsHeldBytes') =>
			held.map((r) => (r[i][key] as number | null | undefined) ?? NaN);
		const share = bytes('itemsHeldBytes');
		const own = bytes('heldBytes').map((node, run) => node - share[run]);
		const csv = bytes('csvBytes');
		// The least the ratio is taken to: x`limit` of it is the resolution.
		const least = HELD_RESOLUTION_BYTES / limit;
		const pairs = pairRatios(
			own,
			csv.map((c) => Math.max(c, least)),
		);
		const mbOf = (values: number[]) => mb(median(values.filter(Number.isFinite)));
		const unresolved = csv.some((c) => c < least)
			? ` (x${limit} the CSV is under the ${mb(HELD_RESOLUTION_BYTES)} MB the reading tells apart from noise: the ratio is to ${round(least / 2 ** 20, 2)} MB, whose x${limit} is ${mb(HELD_RESOLUTION_BYTES)} MB)`
			: '';
		const failed = held.flatMap((r) => (r[i].failed ? [r[i].failed] : []));
		return row.atMost(
			{
				measure: `held at the upload, ${size.toLocaleString('en-US')} rows: what the node holds while the job uploads (bytes live after a full collection, less those at the idle Wait node before it), less n8n's share (the same reading with the same items to the helper floor, which holds none of its own), against the CSV (ratio per run)`,
				figure: pairs.ratios.length
					? `node ${mbOf(bytes('heldBytes'))} MB less n8n's share ${mbOf(share)} MB: ${mbOf(own)} MB, CSV ${mbOf(csv)} MB: ${formatRatio(pairs, 'run')}${unresolved}`
					: 'no reading',
				targetSuffix: 'the CSV',
			},
			{
				pairs,
				limit,
				unit: 'run',
				facts: failed.length ? [`failed runs: ${failed.join('; ')}`] : [],
				// Bytes live after a full collection: a loaded machine does not change them.
				explained: `the node holds more than x${limit} the CSV while the job uploads (a count of bytes, which load does not move)`,
			},
		);
	});
}

/** The capped drain of the largest burst against the floor paging its first query once. */
function drainFloorRow(curve: CurveFigures, context: RunContext): TargetRow {
	const row = partRows('Trigger', context, 'drainCurve');
	const last = curve.sizes.length - 1;
	const runs = curve.rounds.map((r) => r[last]) as DrainCurveRun[];
	const pairs = pairsOf(runs, 'ms', (r) => r.floorMs ?? NaN);
	const counts = runs
		.map((r) => `${r.polls} polls, ${r.requests} searches; floor ${r.floorRequests}`)
		.join(' | ');
	return row.atMost(
		{
			measure: `cost curve, a burst of ${curve.sizes[last].toLocaleString('en-US')} with Max Events per Poll 10,000: the trigger's searches over all its polls vs the helper floor making each poll's searches right after it (ms; ratio per round)`,
			figure: `${formatRatio(pairs, 'round')} (${counts})`,
		},
		{ pairs, limit: GOALS.drainVsFloor, unit: 'round', facts: [counts] },
	);
}

export function curveRows(curves: CurveSet, context: RunContext): TargetRow[] {
	const rows: TargetRow[] = [];
	if (curves.send)
		rows.push(...growthRows('Bulk send', 'bulk send', curves.send, context, 'sendCurve'));
	if (curves.mailMerge) {
		rows.push(
			...growthRows('Mail merge', 'one job', curves.mailMerge, context, 'mailMergeCurve'),
			...csvRows(curves.mailMerge, context),
		);
	}
	if (curves.mailMergeHeld) rows.push(...heldRows(curves.mailMergeHeld, context));
	if (curves.drain) {
		const { capped, defaultCap } = curves.drain;
		const drainRows = (cap: string, curve: CurveFigures) =>
			growthRows('Trigger', `drain, Max Events per Poll ${cap}`, curve, context, 'drainCurve');
		rows.push(
			...drainRows('10,000', capped),
			drainFloorRow(capped, context),
			...drainRows('at its default', defaultCap),
		);
	}
	return rows;
}
