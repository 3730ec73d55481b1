/**
 * `npm run bench`: the package against what users would otherwise do, in a real n8n against the
 * emulator. Prints the table and writes bench/results.json. Options: --quick (small sizes, one
 * pairs and polls, to try the harness), --only send,send-once,mail-merge,download,without-trigger,trigger,
 * --cpu-prof (V8 CPU profiles of the n8n processes into .test-output/bench/profiles, for finding
 * where time goes). BENCH_DEBUG=1 prints, for each request of a drain, the service time and the gap
 * before it. --table prints the table of bench/results.json as the README shows it, runs nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildAndPack } from '../scripts/n8n/package';
import { benchDownload, DOWNLOAD_WORKFLOWS } from './download';
import { BENCH_DIR, OUTPUT_DIR, startBenchServer } from './lib/server';
import { round } from './lib/stats';
import { benchMailMerge, MAIL_MERGE_WORKFLOWS, prepareTemplate } from './mail-merge';
import { benchPolling, preparePolling, TRIGGER_WORKFLOWS } from './polling';
import { markdownTable, printTable, targetRows, type BenchFigures } from './report';
import { benchBulkSend, preparePdf, SEND_WORKFLOWS } from './send';
import { benchSendOnce, SEND_ONCE_WORKFLOWS } from './send-once';
import { benchUserBuilt, USER_BUILT_WORKFLOWS } from './user-built';

const quick = process.argv.includes('--quick');
const onlyArg = process.argv[process.argv.indexOf('--only') + 1];
const only = process.argv.includes('--only') ? new Set(onlyArg.split(',')) : undefined;
const wants = (part: string): boolean => !only || only.has(part);
const cpuProfileDir = process.argv.includes('--cpu-prof')
	? path.join(OUTPUT_DIR, 'profiles')
	: undefined;

/**
 * Compared runs are made in rounds (A, B, A, B, ...) and their ratios taken per round: at least 5
 * pairs at full size (lib/pairs.ts). A drain round costs two polls, a minute each.
 */
const SIZES = quick
	? {
			items: 100,
			sendRounds: 3,
			sendOnceRounds: 2,
			mailMergeRows: 1_000,
			mailMergeRounds: 3,
			stored: 10_000,
			fewNew: 10,
			fewPolls: 1,
			drain: 1_000,
			drainRounds: 2,
			latenessMinutes: 2,
			imageBytes: 20 * 1024 * 1024,
			downloadRounds: 3,
			userBuiltRuns: 1,
		}
	: {
			items: 1_000,
			// More rounds than the other parts: node and floor are close, and each round is short.
			sendRounds: 11,
			sendOnceRounds: 5,
			mailMergeRows: 10_000,
			mailMergeRounds: 5,
			stored: 100_000,
			fewNew: 10,
			fewPolls: 3,
			drain: 10_000,
			drainRounds: 5,
			// The trigger's default.
			latenessMinutes: 10,
			imageBytes: 200 * 1024 * 1024,
			downloadRounds: 5,
			userBuiltRuns: 3,
		};

const log = (line: string): void => console.log(line);

async function main(): Promise<void> {
	if (process.argv.includes('--table')) {
		// The README's table, from the last full run, without running anything.
		const last = JSON.parse(fs.readFileSync(path.join(BENCH_DIR, 'results.json'), 'utf8'));
		console.log(markdownTable(last.targets));
		return;
	}
	const started = Date.now();
	const loadAtStart = os.loadavg().map((l) => round(l, 2));
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });
	const tarball = buildAndPack();
	const figures: BenchFigures = {};

	const actionParts = ['send', 'send-once', 'mail-merge', 'download', 'without-trigger'];
	if (actionParts.some(wants)) {
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
		try {
			if (wants('send')) {
				figures.send = await benchBulkSend(bench, {
					items: SIZES.items,
					rounds: SIZES.sendRounds,
					log,
				});
			}
			if (wants('send-once')) {
				figures.sendOnce = await benchSendOnce(bench, {
					items: SIZES.items,
					rounds: SIZES.sendOnceRounds,
					log,
				});
			}
			if (wants('mail-merge')) {
				figures.mailMerge = await benchMailMerge(bench, {
					rows: SIZES.mailMergeRows,
					rounds: SIZES.mailMergeRounds,
					log,
				});
			}
			if (wants('download')) {
				figures.download = await benchDownload(bench, {
					bytes: SIZES.imageBytes,
					rounds: SIZES.downloadRounds,
					log,
				});
			}
			if (wants('without-trigger')) {
				figures.userBuilt = await benchUserBuilt(bench, {
					stored: SIZES.stored,
					newFaxes: SIZES.fewNew,
					repetitions: SIZES.userBuiltRuns,
					log,
				});
			}
		} finally {
			await bench.close();
		}
	}

	if (wants('trigger')) {
		log('\nn8n with the Fax Cloud Trigger active (polls once a minute)');
		let sink: Awaited<ReturnType<typeof preparePolling>>['sink'] | undefined;
		const bench = await startBenchServer({
			tarball,
			label: 'bench-trigger',
			workflows: TRIGGER_WORKFLOWS,
			cpuProfileDir,
			prepare: async (environment) => {
				const prepared = await preparePolling(
					environment.emulator,
					SIZES.stored,
					SIZES.latenessMinutes,
				);
				sink = prepared.sink;
				return prepared.env;
			},
		});
		try {
			figures.polling = await benchPolling(bench, sink!, { ...SIZES, log });
		} finally {
			await bench.close();
			await sink?.close();
		}
	}

	const rows = targetRows(figures);
	console.log(
		`\nBenchmarks (${quick ? 'quick sizes' : 'full sizes'}; ratios per pair of interleaved runs, median and spread):\n`,
	);
	console.log(printTable(rows));
	const results = {
		when: new Date().toISOString(),
		sizes: SIZES,
		quick,
		seconds: Math.round((Date.now() - started) / 1000),
		// The machine is shared: its load during the run says how much the figures were disturbed.
		loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((l) => round(l, 2)) },
		targets: rows,
		figures,
	};
	const file = path.join(BENCH_DIR, quick ? 'results.quick.json' : 'results.json');
	fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
	console.log(
		`\n${rows.filter((r) => r.met).length} of ${rows.length} targets met; written to ${path.relative(process.cwd(), file)}`,
	);
}

main().catch((e) => {
	console.error(e instanceof Error ? (e.stack ?? e.message) : e);
	process.exit(1);
});
