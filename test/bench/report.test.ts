import { KNOWN_CAUSES, printTable, targetRows, type BenchFigures } from '../../bench/report';
import { median, spanMs } from '../../bench/lib/stats';

/** The benchmark table decides "met" from the figures; these pin its arithmetic. */

const run = (spanMs: number, cpuSeconds: number, maxConnections: number) => ({
	spanMs,
	nodeMs: spanMs,
	workflowMs: spanMs + 500,
	cpuSeconds,
	created: 1000,
	sends: 1000,
	maxConnections,
});

const send = (node: number, http: number, raw: number, connections = 5): BenchFigures['send'] => ({
	items: 1000,
	repetitions: 3,
	faxCloud: run(node, 3, connections),
	httpRequest: run(http, 4, 900),
	itemsOnly: run(0, 1, 0),
	raw: { spanMs: raw, created: 1000, maxConnections: 5 },
});

const byMeasure = (figures: BenchFigures, text: string) => {
	const row = targetRows(figures).find((r) => r.measure.includes(text));
	if (!row) throw new Error(`no row about ${text}`);
	return row;
};

test('median of odd and even repetitions; span from first request to last answer', () => {
	expect(median([5, 1, 3])).toBe(3);
	expect(median([4, 1, 3, 2])).toBe(2.5);
	expect(median([])).toBeNaN();
	expect(
		spanMs([
			{ receivedMs: 1000, finishedMs: 1200 },
			{ receivedMs: 1100, finishedMs: 1900 },
			{ receivedMs: 900, finishedMs: 950 },
		]),
	).toBe(1000);
});

test('bulk send: throughput, connections and the raw-client ratio against their targets', () => {
	const good = send(4000, 4100, 3300);
	expect(byMeasure({ send: good }, 'vs HTTP Request node (faxes/s)').met).toBe(true);
	expect(byMeasure({ send: good }, 'connections').met).toBe(true);
	expect(byMeasure({ send: good }, 'raw undici').met).toBe(true);
	expect(byMeasure({ send: good }, 'CPU seconds').figure).toMatch(/^2 vs 3 /);

	const slow = send(4200, 4100, 3300, 6);
	expect(byMeasure({ send: slow }, 'vs HTTP Request node (faxes/s)').met).toBe(false);
	expect(byMeasure({ send: slow }, 'connections').met).toBe(false);
	expect(byMeasure({ send: send(4200, 5000, 3300) }, 'raw undici').met).toBe(false);
});

test('polling: one request per direction, drain requests and time, and the x50 comparison', () => {
	const polling: NonNullable<BenchFigures['polling']> = {
		storedPerDirection: 100_000,
		pageSize: 250,
		repetitions: 3,
		quiet: { inbound: [1], outbound: [1, 1, 1] },
		few: { newFaxes: 10, requests: 1, bytes: 9000, pollMs: 40, emitted: 10 },
		drain: {
			newFaxes: 10_000,
			requests: 41,
			expectedRequests: 41,
			requestSpanMs: 1200,
			pollMs: 1500,
			emitted: 10_000,
			rawMs: 1000,
			rawRequests: 40,
		},
		afterBurst: { requests: 1, bytes: 300, requestSpanMs: 5, executions: 0 },
	};
	const userBuilt = {
		storedFaxes: 100_000,
		newFaxes: 10,
		repetitions: 3,
		requests: 1,
		bytes: 60e6,
		timeMs: 2000,
		emitted: 10,
	};
	expect(targetRows({ polling, userBuilt }).every((r) => r.met)).toBe(true);

	const chatty = { ...polling, quiet: { inbound: [2], outbound: [1] } };
	expect(byMeasure({ polling: chatty }, 'nothing new').met).toBe(false);
	const lost = { ...polling, drain: { ...polling.drain, emitted: 9_999 } };
	expect(byMeasure({ polling: lost }, 'to drain').met).toBe(false);
	const slowDrain = { ...polling, drain: { ...polling.drain, requestSpanMs: 1400 } };
	expect(byMeasure({ polling: slowDrain }, 'drain time').met).toBe(false);
	const reread = { ...polling, afterBurst: { ...polling.afterBurst, requests: 41 } };
	expect(byMeasure({ polling: reread }, 'after the drain').met).toBe(false);
	const repeated = { ...polling, afterBurst: { ...polling.afterBurst, executions: 1 } };
	expect(byMeasure({ polling: repeated }, 'after the drain').met).toBe(false);
	expect(byMeasure({ polling: reread }, 'after the drain').reason).toBe(KNOWN_CAUSES.afterBurst);
	expect(byMeasure({ polling: repeated }, 'after the drain').reason).toMatch(/twice/);
	expect(byMeasure({ polling, userBuilt: { ...userBuilt, timeMs: 1999 } }, 'one poll').met).toBe(
		false,
	);
});

test('download: memory rise and time against curl', () => {
	const download = {
		bytes: 200 * 1024 * 1024,
		repetitions: 3,
		nodeMs: 590,
		httpRequestMs: 600,
		curlMs: 500,
		rssRiseMb: 12,
		rssSource: '5 ms samples',
		storedBytes: 200 * 1024 * 1024,
	};
	expect(targetRows({ download }).map((r) => r.met)).toEqual([true, true]);
	expect(targetRows({ download: { ...download, rssRiseMb: 65 } })[0].met).toBe(false);
	expect(targetRows({ download: { ...download, storedBytes: 1 } })[0].met).toBe(false);
	expect(targetRows({ download: { ...download, nodeMs: 601 } })[1].met).toBe(false);
});

test('the printed table gives the reason of each missed target, and none for met ones', () => {
	const slowSend = send(4200, 5000, 3300, 6);
	const table = printTable(targetRows({ send: slowSend }));
	const blocks = table.split(/\n(?=met|MISSED)/);
	const raw = blocks.find((b) => b.includes('raw undici'))!;
	expect(raw).toMatch(/^MISSED/);
	expect(raw).toContain(`why: ${KNOWN_CAUSES.sendVsRaw}`);
	const connections = blocks.find((b) => b.includes('connections'))!;
	expect(connections).toMatch(/^MISSED[\s\S]*why: not a known cause/);
	const throughput = blocks.find((b) => b.includes('faxes/s'))!;
	expect(throughput).toMatch(/^met/);
	expect(throughput).not.toContain('why:');
});
