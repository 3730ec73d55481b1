import { curveRows, type CurveSet } from './curve-rows';
import type { DownloadFigures } from './download';
import type { MailMergeFigures } from './mail-merge';
import type { PollingFigures } from './polling';
import { pollingRows, userBuiltRow } from './report-polling';
import { NODE_CONCURRENCY, type SendFigures, type SendRound } from './send';
import type { OnceRound, OnceVariant, SendOnceFigures } from './send-once';
import { GOALS } from './goals';
import { formatRatio, mb, median, pairsOf, round } from './lib/stats';
import {
	partRows,
	regressionWhy,
	tally,
	targetRow,
	type RunContext,
	type TargetRow,
} from './lib/verdict';
import type { UserBuiltFigures } from './user-built';
import { queueRows } from './queue-rows';
import type { QueueFigures } from './queue-mode';

export { GOALS } from './goals';
export { REGRESSION, exitCodeOf, type RunContext } from './lib/verdict';

export interface BenchFigures {
	send?: SendFigures;
	sendOnce?: SendOnceFigures;
	mailMerge?: MailMergeFigures;
	download?: DownloadFigures;
	userBuilt?: UserBuiltFigures;
	polling?: PollingFigures;
	curves?: CurveSet;
	queue?: QueueFigures;
	/** Parts (or whole n8n sections) that threw, with the error's message. */
	failed?: Record<string, string>;
}

const perSecond = (items: number, ms: number): number => round(items / (ms / 1000), 1);

function sendRows(send: SendFigures, context: RunContext): TargetRow[] {
	const row = partRows('Bulk send', context, 'send');
	const { rounds, items } = send;
	type Variant = 'faxCloud' | 'floor' | 'httpRequest';
	const at = (f: (r: SendRound) => number) => median(rounds.map(f));
	const span = (v: Variant) => (r: SendRound) => r[v].spanMs;
	const rawSpan = (r: SendRound) => r.raw.spanMs;
	// Against the floor, the node's whole time in n8n (its executionTime): checking every item
	// before the first send happens before any request, so the span at the emulator leaves it out.
	const nodeMs = (v: Variant) => (r: SendRound) => r[v].nodeMs;
	const cpuOver = (v: Variant) => (r: SendRound) => r[v].cpuSeconds - r.itemsOnly.cpuSeconds;
	const rise = (v: Variant) => (r: SendRound) => r[v].rssRiseBytes;
	const node = at(span('faxCloud'));
	const raw = at(rawSpan);
	const vsFloor = pairsOf(rounds, nodeMs('faxCloud'), nodeMs('floor'));
	const vsHttp = pairsOf(rounds, span('httpRequest'), span('faxCloud'));
	const floorVsHttp = pairsOf(rounds, span('httpRequest'), span('floor'));
	const cpuVsFloor = pairsOf(rounds, cpuOver('faxCloud'), cpuOver('floor'));
	const rss = pairsOf(rounds, rise('faxCloud'), rise('httpRequest'));
	const maxConnections = Math.max(...rounds.map((r) => r.faxCloud.maxConnections));
	const httpConnections = Math.max(...rounds.map((r) => r.httpRequest.maxConnections));
	const cpuAbove = (v: Variant) => round(at(cpuOver(v)));
	const limit = GOALS.sendVsFloor;
	const cpuFact = `n8n CPU above the items alone x${round(cpuVsFloor.median)} the floor's`;
	return [
		row.atMost(
			{
				measure: `${items} faxes, the node's time in n8n (executionTime): Fax Cloud node vs the helper floor (ms; ratio per pair)`,
				figure: `${round(at(nodeMs('faxCloud')), 0)} vs ${round(at(nodeMs('floor')), 0)}: ${formatRatio(vsFloor)}; ${cpuFact}`,
			},
			{
				pairs: vsFloor,
				limit,
				facts: [
					cpuFact,
					`the floor's own span ${round(at(span('floor')), 0)} ms, raw undici ${round(raw, 0)} ms`,
				],
				explained:
					cpuVsFloor.median <= limit
						? `n8n spent no more CPU on the node's sends than on the floor's (x${round(cpuVsFloor.median)}): the time went elsewhere`
						: undefined,
			},
		),
		row.floorReach(
			{
				measure: `${items} faxes, throughput: Fax Cloud node vs HTTP Request node (faxes/s; ratio per pair)`,
				figure: `${perSecond(items, node)} vs ${perSecond(items, at(span('httpRequest')))}: ${formatRatio(vsHttp)}; helper floor vs HTTP Request node ${formatRatio(floorVsHttp)}`,
			},
			{
				floorVsHttp,
				reachOfFloor: pairsOf(rounds, span('floor'), span('faxCloud')),
				allowance: limit,
			},
		),
		row.target({
			measure: 'most connections open at the emulator: Fax Cloud node (HTTP Request node)',
			figure: `${maxConnections} (${httpConnections})`,
			target: `at most ${NODE_CONCURRENCY} (the node's Requests at Once)`,
			met: maxConnections <= NODE_CONCURRENCY,
			why: () => regressionWhy(`${maxConnections} connections open at once`),
		}),
		row.figure({
			measure: `time: Fax Cloud node vs raw undici at ${NODE_CONCURRENCY} at once, outside n8n: the machine's limit (ms)`,
			figure: `${round(node, 0)} vs ${round(raw, 0)} (raw ${perSecond(items, raw)}/s): ${formatRatio(pairsOf(rounds, span('faxCloud'), rawSpan))}`,
		}),
		row.figure({
			measure:
				'n8n CPU seconds above the items alone: Fax Cloud node vs helper floor vs HTTP Request node',
			figure: `${cpuAbove('faxCloud')} vs ${cpuAbove('floor')} vs ${cpuAbove('httpRequest')} (items alone ${round(at((r) => r.itemsOnly.cpuSeconds))})`,
		}),
		row.figure({
			measure: `n8n peak RSS rise: Fax Cloud node vs HTTP Request node (MB; ${send.rssSource})`,
			figure: `${mb(at(rise('faxCloud')))} vs ${mb(at(rise('httpRequest')))}: ${formatRatio(rss)}`,
		}),
		row.target({
			measure:
				"the helper floor's send against the Fax Cloud node's, as the emulator received them",
			figure: send.wire.summary,
			target: 'the same bytes (multipart boundary and recovery key aside)',
			met: send.wire.same,
			why: () =>
				regressionWhy(`the floor no longer sends what the node sends: ${send.wire.summary}`),
		}),
	];
}

function sendOnceRows(o: SendOnceFigures, context: RunContext): TargetRow[] {
	const row = partRows('Send once', context, 'sendOnce');
	// The node's whole time in n8n (its executionTime), as for the bulk send: reading each item's
	// key (an expression n8n evaluates per item) happens before the node's first request.
	const time = (variant: OnceVariant) => (r: OnceRound) => r[variant].nodeMs;
	const vsFloor = pairsOf(o.rounds, time('once'), time('floorOnce'));
	const vsPlain = pairsOf(o.rounds, time('once'), time('floor'));
	const ms = (variant: OnceVariant) => round(median(o.rounds.map(time(variant))), 0);
	const searches = median(o.rounds.map((r) => r.once.searches));
	const floorSearches = median(o.rounds.map((r) => r.floorOnce.searches));
	const { retry } = o;
	return [
		row.atMost(
			{
				measure: `${o.items} faxes with Send Once per Key set vs the helper floor reading the same key and making the same lookup before each send, the node's time in n8n (executionTime; ms; ratio per pair)`,
				figure: `${ms('once')} vs ${ms('floorOnce')}: ${formatRatio(vsFloor)}; ${searches} and ${floorSearches} searches; the floor's plain send ${ms('floor')} ms (Send Once ${formatRatio(vsPlain)} it)`,
			},
			{
				pairs: vsFloor,
				limit: GOALS.sendOnceVsFloor,
				facts: [`${searches} searches by the node, ${floorSearches} by the floor`],
				explained:
					searches > floorSearches
						? `the node searched more than once per send (${searches} searches for ${o.items} sends)`
						: undefined,
			},
		),
		row.target({
			measure: `n8n's Retry of a bulk send of ${retry.items} that stopped after ${retry.sentBefore} (ms; requests)`,
			figure: `${round(retry.retryMs, 0)} ms; ${retry.searches} search pages, ${retry.sends} sends; ${retry.faxesInAll} faxes in all`,
			target: 'every fax once, only the missing ones sent',
			met: retry.faxesInAll === retry.items && retry.sends === retry.items - retry.sentBefore,
			why: () =>
				regressionWhy(
					`${retry.faxesInAll} faxes for ${retry.items} items, ${retry.sends} sent by the Retry where ${retry.items - retry.sentBefore} were missing`,
				),
		}),
	];
}

function mailMergeRows(m: MailMergeFigures, context: RunContext): TargetRow[] {
	const row = partRows('Mail merge', context, 'mailMerge');
	const { rounds } = m;
	const vsCsv = pairsOf(rounds, 'nodeRiseBytes', 'csvBytes');
	const at = (f: (r: (typeof rounds)[number]) => number) =>
		median(rounds.map(f).filter((v) => Number.isFinite(v)));
	const ms = (key: 'nodeMs' | 'uploadMs') => Math.round(at((r) => r[key]));
	const leftOut = rounds.filter((r) => !r.windowValid).length;
	const itemsRise = `n8n's rise for the ${m.rows} items before the node: ${mb(at((r) => r.itemsRiseBytes))}`;
	return [
		row.figure({
			measure: `one job from ${m.rows} input items: Fax Cloud node time (upload at the emulator), CSV size`,
			figure: `${ms('nodeMs')} ms (${ms('uploadMs')} ms), CSV ${mb(at((r) => r.csvBytes))} MB`,
		}),
		row.atMost(
			{
				measure: `n8n peak RSS rise while the node builds and uploads the job, against the CSV's size (MB; ${m.rssSource})`,
				figure: `${mb(at((r) => r.nodeRiseBytes))} vs ${mb(at((r) => r.csvBytes))}: ${formatRatio(vsCsv, 'run')} (${itemsRise})`,
				targetSuffix: 'the CSV',
			},
			{
				pairs: vsCsv,
				limit: GOALS.mailMergeVsCsv,
				unit: 'run',
				facts: [itemsRise, ...(leftOut ? [`${leftOut} runs left out (window missed)`] : [])],
			},
		),
	];
}

function downloadRows(d: DownloadFigures, context: RunContext): TargetRow[] {
	const row = partRows('Download', context, 'download');
	const { rounds } = d;
	const rise = mb(median(rounds.map((r) => r.rssRiseBytes)));
	const vsCurl = pairsOf(rounds, 'nodeMs', 'curlMs');
	const vsHttp = pairsOf(rounds, 'nodeMs', 'httpRequestMs');
	const at = (f: (r: (typeof rounds)[number]) => number) => round(median(rounds.map(f)), 0);
	const limit = GOALS.downloadVsHttpRequest;
	return [
		row.target({
			measure: `${mb(d.bytes)} MB fax image into a binary field (filesystem mode): n8n peak RSS rise (MB)`,
			figure: `${rise} (stored file ${mb(d.storedBytes)} MB; ${d.rssSource})`,
			target: 'at most 64',
			met: rise <= 64 && d.storedBytes === d.bytes,
			why: () => regressionWhy(`${rise} MB rise, ${d.storedBytes} of ${d.bytes} bytes stored`),
		}),
		row.atMost(
			{
				measure:
					"time: Fax Cloud node execution vs n8n's HTTP Request node saving the same file (ms; ratio per pair)",
				figure: `${at((r) => r.nodeMs)} vs ${at((r) => r.httpRequestMs)}: ${formatRatio(vsHttp)} (curl to a file: ${at((r) => r.curlMs)}, node vs it ${formatRatio(vsCurl)})`,
			},
			{ pairs: vsHttp, limit, facts: [`node vs curl ${formatRatio(vsCurl)}`] },
		),
	];
}

/** A part that threw measured nothing: a missed row each, so the run fails and says why. */
function failedRows(failed: Record<string, string>): TargetRow[] {
	return Object.entries(failed).map(([part, message]) =>
		targetRow({
			area: 'Run',
			measure: `the bench part "${part}" ran to its end`,
			figure: 'threw before its figures were complete',
			target: 'runs to its end',
			met: false,
			why: () => message,
		}),
	);
}

export function targetRows(
	f: BenchFigures,
	context: RunContext = { cores: 2, load: {} },
): TargetRow[] {
	const rows: TargetRow[] = [];
	if (f.send) rows.push(...sendRows(f.send, context));
	if (f.sendOnce) rows.push(...sendOnceRows(f.sendOnce, context));
	if (f.mailMerge) rows.push(...mailMergeRows(f.mailMerge, context));
	if (f.polling) rows.push(...pollingRows(f.polling, context));
	if (f.polling?.few && f.userBuilt) rows.push(userBuiltRow(f.polling.few, f.userBuilt));
	if (f.download) rows.push(...downloadRows(f.download, context));
	if (f.curves) rows.push(...curveRows(f.curves, context));
	if (f.queue) rows.push(...queueRows(f.queue, context, f.send));
	rows.push(...failedRows(f.failed ?? {}));
	return rows;
}

const MARK = { met: 'met    ', missed: 'MISSED ', figure: 'figure ' } as const;

export function printTable(rows: TargetRow[]): string {
	const lines = rows.map((r) => {
		const target = r.verdict === 'figure' ? '' : `  [target: ${r.target}]`;
		const why = r.why ? `\n${' '.repeat(18)}why: ${r.why}` : '';
		return `${MARK[r.verdict]} ${r.area.padEnd(10)} ${r.measure}\n${' '.repeat(18)}${r.figure}${target}${why}`;
	});
	return lines.join('\n');
}

/** "7 of 9 targets met (2 missed); 5 figures, not counted". */
export function tallyLine(rows: TargetRow[]): string {
	const t = tally(rows);
	return `${t.met} of ${t.targets} targets met${t.missed ? ` (${t.missed} missed)` : ''}; ${t.figures} figure${t.figures === 1 ? '' : 's'}, not counted`;
}
