import type { AfterBurst } from './after-burst';
import type { PollingFigures } from './polling';
import { GOALS } from './goals';
import { formatRatio, median, pairsOf, round } from './lib/stats';
import { partRows, regressionWhy, targetRow, type RunContext, type TargetRow } from './lib/verdict';
import type { UserBuiltFigures } from './user-built';

/** The trigger's rows of the table; the quick run measures the drains only. */
export function pollingRows(p: PollingFigures, context: RunContext): TargetRow[] {
	const row = partRows('Polling', context, 'polling');
	const rows: TargetRow[] = [];
	if (p.quiet) {
		const quiet = [...p.quiet.inbound, ...p.quiet.outbound];
		rows.push(
			row.target({
				measure: `requests of a poll with nothing new, ${p.storedPerDirection} faxes stored per direction (inbound; outbound)`,
				figure: `${p.quiet.inbound.join(', ')}; ${p.quiet.outbound.join(', ')}`,
				target: '1 per watched direction',
				met: quiet.every((n) => n === 1),
				why: () => regressionWhy(`more than one request in a poll with nothing new`),
			}),
		);
	}
	if (p.drains.length > 0) rows.push(...drainRows(p, row));
	if (p.afterBurst) rows.push(afterBurstRow(p, p.afterBurst));
	return rows;
}

function drainRows(p: PollingFigures, row: ReturnType<typeof partRows>): TargetRow[] {
	const { drains } = p;
	const newFaxes = drains[0].newFaxes;
	const expected = Math.ceil(newFaxes / p.pageSize) + 1;
	const mostRequests = Math.max(...drains.map((d) => d.requests));
	const fewestEmitted = Math.min(...drains.map((d) => d.emitted));
	const vsFloor = pairsOf(drains, 'triggerMs', 'floorMs');
	const vsHttp = pairsOf(drains, 'httpRequestMs', 'triggerMs');
	const vsRaw = pairsOf(drains, 'triggerMs', 'rawMs');
	const floorVsHttp = pairsOf(drains, 'httpRequestMs', 'floorMs');
	const floorVsRaw = pairsOf(drains, 'floorMs', 'rawMs');
	const ms = (key: 'triggerMs' | 'floorMs' | 'httpRequestMs' | 'rawMs' | 'pollMs') =>
		round(median(drains.map((d) => d[key]).filter((v) => Number.isFinite(v))), 0);
	const limit = GOALS.drainVsFloor;
	return [
		row.target({
			measure: `requests to drain ${newFaxes} new faxes received in one minute (page size ${p.pageSize}), events emitted; ${drains.length} bursts`,
			figure: `at most ${mostRequests}, at least ${fewestEmitted} events (the window held ${drains.map((d) => d.windowRecords).join(', ')} records)`,
			target: `at most ceil(${newFaxes} / ${p.pageSize}) + 1 = ${expected}, all events`,
			met: mostRequests <= expected && fewestEmitted === newFaxes,
			why: () =>
				regressionWhy(`${mostRequests} requests, ${fewestEmitted} of ${newFaxes} events emitted`),
		}),
		row.atMost(
			{
				measure:
					"drain time: trigger's searches vs the helper floor paging the same query (ms; ratio per burst)",
				figure: `${ms('triggerMs')} vs ${ms('floorMs')}: ${formatRatio(vsFloor)} (whole poll to execution start ${ms('pollMs')})`,
			},
			{
				pairs: vsFloor,
				limit,
				facts: [
					`the floor's own ${ms('floorMs')} ms is ${formatRatio(floorVsRaw)} the raw client's`,
				],
			},
		),
		row.floorReach(
			{
				measure:
					"drain time: trigger's searches vs the HTTP Request node's pagination, same query (ms; ratio per burst)",
				figure: `${ms('triggerMs')} vs ${ms('httpRequestMs')}: ${formatRatio(vsHttp)}; helper floor vs HTTP Request node ${formatRatio(floorVsHttp)}`,
			},
			{ floorVsHttp, reachOfFloor: pairsOf(drains, 'floorMs', 'triggerMs'), allowance: limit },
		),
		row.figure({
			measure:
				"drain time: trigger's searches vs a raw undici client outside n8n: the machine's limit (ms)",
			figure: `${ms('triggerMs')} vs ${ms('rawMs')}: ${formatRatio(vsRaw)}`,
		}),
	];
}

function afterBurstRow(p: PollingFigures, { polls, latenessMinutes }: AfterBurst): TargetRow {
	const expected = Math.ceil(p.drains[0].newFaxes / p.pageSize) + 1;
	const holding = polls.filter((q) => q.windowHoldsBurst);
	const passed = polls.filter((q) => !q.windowHoldsBurst);
	const executionsAfter =
		polls.reduce((sum, q) => sum + q.executions, 0) +
		p.jumps.reduce((sum, j) => sum + j.executions, 0);
	return targetRow({
		area: 'Polling',
		measure: `requests of each poll after a burst, nothing new, clock +1 min per poll (allowance ${latenessMinutes} min; inbound; outbound)`,
		figure: `${polls.map((q) => q.inbound).join(', ')}; ${polls.map((q) => q.outbound).join(', ')} (executions: ${executionsAfter})`,
		target: `the burst re-read while the window holds it (${holding.length} polls), then 1 per direction; no execution`,
		met:
			passed.length > 0 &&
			passed.every((q) => q.inbound === 1 && q.outbound === 1) &&
			holding.every((q) => q.inbound <= expected && q.outbound === 1) &&
			executionsAfter === 0,
		why: () =>
			regressionWhy(
				executionsAfter > 0
					? `events emitted twice (${executionsAfter} executions after the burst)`
					: `${passed.length} polls past the window, requests as in the figure`,
			),
	});
}

export function userBuiltRow(
	few: NonNullable<PollingFigures['few']>,
	u: UserBuiltFigures,
): TargetRow {
	return targetRow({
		area: 'Polling',
		measure: `one poll, ${u.storedFaxes} stored and ${u.newFaxes} new: trigger vs Schedule + HTTP Request + Remove Duplicates (requests; bytes; ms)`,
		figure: `${few.requests} vs ${u.requests}; ${few.bytes} vs ${u.bytes}; ${few.pollMs} vs ${u.timeMs} (x${round(u.timeMs / few.pollMs, 0)} less time; ${few.emitted} and ${u.emitted} new found)`,
		target: 'at least x50 less time',
		met: u.timeMs >= 50 * few.pollMs && few.emitted === u.newFaxes && u.emitted === u.newFaxes,
		why: () =>
			regressionWhy(
				`x${round(u.timeMs / few.pollMs, 0)} less time; ${few.emitted} and ${u.emitted} of ${u.newFaxes} found`,
			),
	});
}
