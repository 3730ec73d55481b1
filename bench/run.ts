/**
 * `npm run bench`: the package against what users would otherwise do, in a real n8n against the
 * emulator. Prints the table and writes bench/results.json. Options: --quick (small sizes, one
 * repetition, to try the harness), --only send,download,without-trigger,trigger, --cpu-prof (V8
 * CPU profiles of the n8n processes into .test-output/bench/profiles, for finding where time goes).
 * BENCH_DEBUG=1 prints, for each request of a drain, the service time and the gap before it.
 */
import fs from 'node:fs';
import path from 'node:path';

import { buildAndPack } from '../scripts/n8n/package';
import { benchDownload, DOWNLOAD_WORKFLOWS } from './download';
import { BENCH_DIR, OUTPUT_DIR, startBenchServer } from './lib/server';
import { benchPolling, preparePolling, TRIGGER_WORKFLOWS } from './polling';
import { printTable, targetRows, type BenchFigures } from './report';
import { benchBulkSend, preparePdf, SEND_WORKFLOWS } from './send';
import { benchUserBuilt, USER_BUILT_WORKFLOWS } from './user-built';

const quick = process.argv.includes('--quick');
const onlyArg = process.argv[process.argv.indexOf('--only') + 1];
const only = process.argv.includes('--only') ? new Set(onlyArg.split(',')) : undefined;
const wants = (part: string): boolean => !only || only.has(part);
const cpuProfileDir = process.argv.includes('--cpu-prof')
	? path.join(OUTPUT_DIR, 'profiles')
	: undefined;

const SIZES = quick
	? {
			items: 100,
			repetitions: 1,
			stored: 10_000,
			drain: 1_000,
			fewNew: 10,
			imageBytes: 20 * 1024 * 1024,
		}
	: {
			items: 1_000,
			repetitions: 3,
			stored: 100_000,
			drain: 10_000,
			fewNew: 10,
			imageBytes: 200 * 1024 * 1024,
		};

const log = (line: string): void => console.log(line);

async function main(): Promise<void> {
	const started = Date.now();
	fs.mkdirSync(OUTPUT_DIR, { recursive: true });
	const tarball = buildAndPack();
	const figures: BenchFigures = {};

	if (wants('send') || wants('download') || wants('without-trigger')) {
		log('\nn8n with the send, download and "without the trigger" workflows');
		const bench = await startBenchServer({
			tarball,
			label: 'bench-actions',
			workflows: [...SEND_WORKFLOWS, ...DOWNLOAD_WORKFLOWS, ...USER_BUILT_WORKFLOWS],
			prepare: preparePdf,
			cpuProfileDir,
		});
		try {
			if (wants('send')) figures.send = await benchBulkSend(bench, { ...SIZES, log });
			if (wants('download')) {
				figures.download = await benchDownload(bench, {
					bytes: SIZES.imageBytes,
					repetitions: SIZES.repetitions,
					log,
				});
			}
			if (wants('without-trigger')) {
				figures.userBuilt = await benchUserBuilt(bench, { ...SIZES, newFaxes: SIZES.fewNew, log });
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
				const prepared = await preparePolling(environment.emulator, SIZES.stored);
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
		`\nBenchmarks (${quick ? 'quick sizes' : 'full sizes'}, median of ${SIZES.repetitions}):\n`,
	);
	console.log(printTable(rows));
	const results = {
		when: new Date().toISOString(),
		sizes: SIZES,
		quick,
		seconds: Math.round((Date.now() - started) / 1000),
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
