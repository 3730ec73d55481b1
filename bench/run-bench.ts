/**
 * `npm run bench`: the package against what users would otherwise do, in a real n8n against the
 * emulator. Prints the table, writes bench/results.json and exits 1 when a target was missed.
 * Options: --quick (issue 28's goals alone: bulk send, mail merge and the drain against the helper
 * floor, under 10 minutes; writes bench/results.quick.json), --only <parts> (PARTS below; at full
 * sizes it writes bench/results.partial.json), --cpu-prof (V8 CPU profiles of n8n into
 * .test-output/bench/profiles), --table [partial] (prints the README's section from the results
 * file, runs nothing). BENCH_DEBUG=1 prints each drain request's service time and the gap before it.
 */
import fs from 'node:fs';
import path from 'node:path';

import { buildAndPack } from '../test/harness/n8n/package';
import { CommandLine } from '../test/harness/commandLine';
import { benchDownload, DOWNLOAD_WORKFLOWS } from './download';
import { benchDrainCurves, DRAIN_CURVE_WORKFLOWS } from './drain-curve';
import { benchMailMergeCurve } from './mail-merge-curve';
import { benchSendCurve } from './send-curve';
import { BENCH_DIR, OUTPUT_DIR, startBenchServer, type BenchServer } from './lib/server';
import {
	benchMailMerge,
	MAIL_MERGE_ITEMS_ONLY_WORKFLOW,
	MAIL_MERGE_WORKFLOWS,
	prepareTemplate,
} from './mail-merge';
import { benchHeldAtUpload } from './mail-merge-held';
import { benchPolling, fillForPolling, triggerEnv, TRIGGER_WORKFLOWS } from './polling';
import { startSink, type Sink } from '../test/harness/sink';
import type { Emulator } from '../emulator';
import { LoadWatch, loadNow, runMachine } from './lib/machine';
import type { LoadDuring } from './lib/verdict';
import {
	benchResults,
	readmeSection,
	readmeWithResults,
	type WrittenResults,
} from './readme-table';
import { exitCodeOf, printTable, tallyLine, targetRows, type BenchFigures } from './target-rows';
import type { CurveSet } from './curve-rows';
import { benchBulkSend, preparePdf, SEND_WORKFLOWS } from './send';
import { benchSendOnce, SEND_ONCE_WORKFLOWS } from './send-once';
import { benchUserBuilt, USER_BUILT_WORKFLOWS } from './user-built';
import { benchQueueMode } from './queue-mode';

const args = new CommandLine();
const quick = args.has('--quick');
const CURVE_PARTS = ['send-curve', 'mail-merge-curve', 'drain-curve'];
const ACTION_PARTS = ['send', 'send-once', 'mail-merge', 'download', 'without-trigger'];
/** The bench's parts, in the order they run; `--only` picks among them. */
const PARTS = [...ACTION_PARTS, 'trigger', ...CURVE_PARTS, 'queue'];
/** The quick run: the goals against the helper floor (bulk send, mail merge, drain). */
const QUICK_PARTS = ['send', 'mail-merge', 'trigger'];
const picked = args.only(PARTS);
const only = args.has('--only') ? PARTS.filter(picked) : quick ? QUICK_PARTS : undefined;
const wants = (part: string): boolean => !only || only.includes(part);
const cpuProfileDir = args.has('--cpu-prof') ? path.join(OUTPUT_DIR, 'profiles') : undefined;

/** Sizes of the full run; each compared part runs at least 5 pairs (lib/stats.ts). */
const FULL_SIZES = {
	items: 1_000,
	// Node and floor are within a few percent, pairs vary by ±15 %: 8 pairs did not settle the
	// median. Compared sides swap order every round, so counts are even (lib/stats.ts evenRounds).
	sendRounds: 16,
	sendOnceRounds: 6,
	mailMergeRows: 10_000,
	mailMergeRounds: 5,
	stored: 100_000,
	fewNew: 10,
	fewPolls: 2,
	drain: 10_000,
	drainRounds: 5,
	// The trigger's default.
	latenessMinutes: 10,
	imageBytes: 200 * 1024 * 1024,
	downloadRounds: 4,
	// One run: the row is one ratio of thousands (a hundred-fold target), each paging 100,000 faxes.
	userBuiltRuns: 1,
};
/** --quick: the goals' own sizes (bulk send, mail merge, drain), smaller elsewhere. */
const SIZES = quick
	? {
			...FULL_SIZES,
			sendRounds: 8,
			sendOnceRounds: 4,
			stored: 10_000,
			fewPolls: 1,
			latenessMinutes: 2,
			imageBytes: 20 * 1024 * 1024,
			downloadRounds: 3,
		}
	: FULL_SIZES;

/**
 * Cost curves: sizes ten apart. Three rounds of the drains (one round of the default cap's 1,000,
 * a poll of a few ms, was noise) and of the mail merge (with two, one slow 100,000 decided alone).
 */
const CURVE_SIZES = {
	send: [100, 1_000, 10_000],
	sendRounds: 2,
	mailMerge: [1_000, 10_000, 100_000],
	mailMergeRounds: 3,
	cappedDrain: [1_000, 10_000, 100_000],
	defaultDrain: [1_000, 10_000],
	cappedDrainRounds: 3,
	defaultDrainRounds: 3,
};

const log = (line: string): void => console.log(line);
const RESULTS_FILE = path.join(BENCH_DIR, 'results.json');
/** A quick run never replaces the full run's results. */
const QUICK_RESULTS_FILE = path.join(BENCH_DIR, 'results.quick.json');
/** A partial run at full sizes (--only without --quick), committed: `--table partial` prints it. */
const PARTIAL_RESULTS_FILE = path.join(BENCH_DIR, 'results.partial.json');

async function main(): Promise<void> {
	if (args.has('--table')) {
		const file = args.has('partial') ? PARTIAL_RESULTS_FILE : RESULTS_FILE;
		const results = JSON.parse(fs.readFileSync(file, 'utf8')) as WrittenResults;
		if (!args.has('--write')) {
			console.log(readmeSection(results));
			return;
		}
		// --write: the README's Benchmarks and Scaling take the full run's results.
		const readme = path.join(BENCH_DIR, '..', 'README.md');
		fs.writeFileSync(readme, readmeWithResults(fs.readFileSync(readme, 'utf8'), results));
		console.log(`README.md: the results of the run at ${results.machine?.commit.slice(0, 12)}`);
		return;
	}
	if (only?.length === 0) throw new Error(`nothing to run: --only ${args.value('--only')}`);
	const started = Date.now();
	const loadAtStart = loadNow();
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });
	const tarball = buildAndPack();
	const figures: BenchFigures = {};
	const load: Record<string, LoadDuring> = {};
	/** Parts that threw, by name: each is a missed row, and the run goes on with the next part. */
	const failed: Record<string, string> = {};
	const fail = (part: string, e: unknown): void => {
		failed[part] = e instanceof Error ? e.message : String(e);
		log(`    ${part} FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
	};
	// A promise that failed while nobody awaited it is a failure, not the end of the run.
	process.on('unhandledRejection', (e) => fail('unhandled', e));
	let release: { n8n: string; node: string } | undefined;
	const curves: CurveSet = {};
	if (CURVE_PARTS.some(wants)) figures.curves = curves;
	figures.failed = failed;
	/** Runs a wanted part into `into[key]`, its load kept as `timedAs`; one that throws gives none. */
	const part = async <S, K extends keyof S & string>(
		name: string,
		into: S,
		key: K,
		run: () => Promise<S[K]>,
		timedAs: string = key,
	): Promise<void> => {
		if (!wants(name)) return;
		const watch = new LoadWatch();
		const partStarted = Date.now();
		try {
			into[key] = await run();
		} catch (e) {
			fail(timedAs, e);
		} finally {
			load[timedAs] = watch.stop();
			const seconds = (since: number) => Math.round((Date.now() - since) / 1000);
			log(`    ${timedAs}: ${seconds(partStarted)} s, ${seconds(started)} s since the start`);
		}
	};
	const curve = <K extends keyof CurveSet & string>(
		name: string,
		key: K,
		run: () => Promise<CurveSet[K]>,
	) => part(name, curves, key, run, `${key}Curve`);
	/** One n8n and its parts: a server that fails to start fails its parts, not the run. */
	const section = async (name: string, run: () => Promise<void>): Promise<void> => {
		try {
			await run();
		} catch (e) {
			fail(name, e);
		}
	};

	if ([...ACTION_PARTS, 'send-curve', 'mail-merge-curve'].some(wants))
		await section('actions', async () => {
			log('\nn8n with the send, mail merge, download and "without the trigger" workflows');
			const bench = await startBenchServer({
				tarball,
				label: 'bench-actions',
				workflows: [
					...SEND_WORKFLOWS,
					...SEND_ONCE_WORKFLOWS,
					...MAIL_MERGE_WORKFLOWS,
					...DOWNLOAD_WORKFLOWS,
					...USER_BUILT_WORKFLOWS,
				],
				prepare: async (environment) => ({
					...(await preparePdf(environment)),
					...(await prepareTemplate(environment)),
				}),
				cpuProfileDir,
			});
			release = bench.environment.runtime.release;
			try {
				await part('send', figures, 'send', () =>
					benchBulkSend(bench, { items: SIZES.items, rounds: SIZES.sendRounds, log }),
				);
				await part('send-once', figures, 'sendOnce', () =>
					benchSendOnce(bench, { items: SIZES.items, rounds: SIZES.sendOnceRounds, log }),
				);
				await part('mail-merge', figures, 'mailMerge', () =>
					benchMailMerge(bench, { rows: SIZES.mailMergeRows, rounds: SIZES.mailMergeRounds, log }),
				);
				await part('download', figures, 'download', () =>
					benchDownload(bench, { bytes: SIZES.imageBytes, rounds: SIZES.downloadRounds, log }),
				);
				await part('without-trigger', figures, 'userBuilt', () =>
					benchUserBuilt(bench, { ...SIZES, log }),
				);
				await curve('send-curve', 'send', () =>
					benchSendCurve(bench, { sizes: CURVE_SIZES.send, rounds: CURVE_SIZES.sendRounds, log }),
				);
				const { mailMerge: sizes, mailMergeRounds: rounds } = CURVE_SIZES;
				await curve('mail-merge-curve', 'mailMerge', () =>
					benchMailMergeCurve(bench, { sizes, rounds, log }),
				);
			} finally {
				await bench.close();
			}
		});

	// What n8n holds at the mail merge's upload, in an n8n of its own that collects on a signal:
	// the preload stays out of the n8n whose RSS the other parts read.
	if (wants('mail-merge-curve'))
		await section('mail merge held', async () => {
			log('\nn8n collecting on signal: what it holds at the mail merge upload');
			const bench = await startBenchServer({
				tarball,
				label: 'bench-mail-merge-held',
				workflows: [...MAIL_MERGE_WORKFLOWS, MAIL_MERGE_ITEMS_ONLY_WORKFLOW],
				prepare: prepareTemplate,
				n8nCollectsOnSignal: true,
			});
			try {
				const { mailMerge: sizes, mailMergeRounds: rounds } = CURVE_SIZES;
				await part('mail-merge-curve', curves, 'mailMergeHeld', () =>
					benchHeldAtUpload(bench, { sizes, rounds, log }),
				);
			} finally {
				await bench.close();
			}
		});

	/** An n8n with trigger workflows reporting to a sink, n8n's clock following the emulator's. */
	const withTriggers = async (
		label: string,
		workflows: string[],
		fill: (emulator: Emulator) => void,
		run: (bench: BenchServer, sink: Sink) => Promise<void>,
	): Promise<void> => {
		const sink = await startSink();
		try {
			const bench = await startBenchServer({
				tarball,
				label,
				n8nFollowsClock: true,
				workflows,
				cpuProfileDir,
				prepare: async ({ emulator }) => {
					fill(emulator);
					return triggerEnv(sink, SIZES.latenessMinutes);
				},
			});
			release = bench.environment.runtime.release;
			try {
				await run(bench, sink);
			} finally {
				await bench.close();
			}
		} finally {
			await sink.close();
		}
	};

	if (wants('trigger'))
		await section('triggers', () => {
			log('\nn8n with the Fax Cloud Trigger active (its workflows poll every 20 seconds)');
			return withTriggers(
				'bench-trigger',
				TRIGGER_WORKFLOWS,
				(emulator) => fillForPolling(emulator, SIZES.stored, SIZES.latenessMinutes, quick),
				(bench, sink) =>
					part('trigger', figures, 'polling', () =>
						benchPolling(bench, sink, { ...SIZES, drainsOnly: quick, log }),
					),
			);
		});

	// The drain curves' triggers in an n8n of their own: beside the polling part's, they slowed it.
	if (wants('drain-curve'))
		await section('drain curves', () => {
			log("\nn8n with the drain curves' Fax Cloud Triggers active (polling every 10 seconds)");
			const drainOptions = { ...CURVE_SIZES, latenessMinutes: SIZES.latenessMinutes, log };
			return withTriggers(
				'bench-drain-curve',
				DRAIN_CURVE_WORKFLOWS,
				() => undefined,
				(bench, sink) =>
					curve('drain-curve', 'drain', () => benchDrainCurves(bench, sink, drainOptions)),
			);
		});

	// Queue mode (its own Redis, Postgres, main and worker): 10 pairs, since pairs vary by ±20 %
	// against a target of x1.10; then 4 rounds of the runs explaining round 3.
	await part('queue', figures, 'queue', () =>
		benchQueueMode({
			tarball,
			faxes: SIZES.items,
			rounds: 10,
			// Profiled, the worker runs the compared pairs alone, so both profiles cover the same sends.
			explainRounds: cpuProfileDir ? 0 : 4,
			log,
			cpuProfileDir: cpuProfileDir && path.join(cpuProfileDir, 'queue-worker'),
		}),
	);
	release ??= figures.queue && { n8n: figures.queue.n8n, node: figures.queue.n8nNode };

	// Every n8n failed to start: the rows say so, and the machine's line says which release.
	release ??= { n8n: 'none started', node: 'none' };
	const machine = runMachine(release, loadAtStart);
	const rows = targetRows(figures, { cores: machine.cores, load });
	console.log(
		`\nBenchmarks (${quick ? 'quick sizes' : 'full sizes'}; ratios per pair of interleaved runs, median and spread; load average sampled during each part):\n`,
	);
	console.log(printTable(rows));
	const results = benchResults({
		machine,
		sizes: CURVE_PARTS.some(wants) ? { ...SIZES, curves: CURVE_SIZES } : SIZES,
		quick,
		only,
		seconds: Math.round((Date.now() - started) / 1000),
		loadDuring: load,
		rows,
		figures,
	});
	const file = quick ? QUICK_RESULTS_FILE : only ? PARTIAL_RESULTS_FILE : RESULTS_FILE;
	fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
	console.log(`\n${tallyLine(rows)}; written to ${path.relative(process.cwd(), file)}`);
	process.exitCode = exitCodeOf(rows);
}

main().catch((e) => {
	console.error(e instanceof Error ? (e.stack ?? e.message) : e);
	process.exit(1);
});
