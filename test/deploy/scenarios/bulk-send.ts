import assert from 'node:assert/strict';

import { lastSeq } from '../../../emulator/request-log';
import { postWebhook } from '../../harness/webhook';
import { cpuDelta, machineBusySeconds } from '../lib/cpu';
import type { DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { EACH_ONCE, notExactlyOnce, sendsSince, tally } from '../lib/sent-once';

export const BULK_SCENARIO = 'queue mode: bulk send split over executions';
export const BULK_WORKFLOW = 'bulk-send.json';
export const BULK_WORKFLOW_ID = 'DeployBulkSend01';
const WEBHOOK = 'deploy-bulk-send';
/** The Fax Cloud node's default "Requests at Once" (the workflow leaves it unset). */
export const REQUESTS_AT_ONCE = 5;

/** What one run of a bulk send measured (results.json keeps the field order). */
export type BulkRun = Awaited<ReturnType<typeof bulkSend>>;

/**
 * `total` faxes, each to its own number, in webhook calls of `perExecution` items made at once:
 * each call an execution queue mode hands to the workers.
 */
async function bulkSend(
	instance: DeployInstance,
	report: Report,
	options: {
		run: string;
		/** One digit, unique per run in one emulator: part of every fax number of the run. */
		runDigit: number;
		total: number;
		perExecution: number;
		concurrency: number;
	},
) {
	const { control } = instance.emulator;
	const { run: name, runDigit, total, perExecution, concurrency } = options;
	// The run's digit, then the item's number (1 + 10 digits).
	const tags = Array.from(
		{ length: total },
		(_, i) => `1212${runDigit}${String(i + 1).padStart(6, '0')}`,
	);
	const calls = Array.from({ length: Math.ceil(total / perExecution) }, (_, i) =>
		tags.slice(i * perExecution, (i + 1) * perExecution),
	);
	const before = new Set((await instance.executionsOf(BULK_WORKFLOW_ID)).map((e) => e.id));
	const sinceSeq = lastSeq(instance.emulator);
	control.resetConnectionStats();
	const cpuBefore = instance.cpuReading();
	const machineBefore = machineBusySeconds();
	const started = performance.now();
	const answers = await Promise.all(
		calls.map((share) =>
			postWebhook(instance.server, WEBHOOK, { faxes: share.map((number) => ({ number })) }),
		),
	);
	const wallMs = performance.now() - started;
	const cpu = cpuDelta(cpuBefore, instance.cpuReading());
	const machine = machineBusySeconds() - machineBefore;
	const ours = Object.values(cpu).reduce((sum, v) => sum + v, 0);
	// Other projects share this machine: what they used during the run is part of the figure.
	cpu['other processes on the machine'] = Math.max(0, Math.round((machine - ours) * 10) / 10);
	const maxConnections = control.stats().connections.fax.max;
	const sends = sendsSince(instance, sinceSeq);
	const executions = (await instance.executionsOf(BULK_WORKFLOW_ID)).filter(
		(e) => !before.has(e.id),
	);
	const ranOn = instance.workerOfExecutions();
	const executionsPerWorker = Object.fromEntries(
		tally(executions.flatMap((e) => ranOn.get(e.id) ?? ['(no worker log)'])),
	);
	const workers = [...instance.workers.values()].filter((w) => w.running).length;
	// First request received to last answer written, as the emulator saw it.
	const span =
		sends.length > 0
			? Math.max(...sends.map((r) => r.finishedMs ?? r.receivedMs)) -
				Math.min(...sends.map((r) => r.receivedMs))
			: NaN;
	const run = {
		faxes: total,
		executions: executions.length,
		workers,
		concurrency,
		spanMs: Math.round(span),
		sendsPerSecond: Math.round((sends.length / span) * 1000 * 10) / 10,
		wallMs: Math.round(wallMs),
		maxConnections,
		executionsPerWorker,
		cpuSeconds: cpu,
	};
	report.step(
		`${name}: ${sends.length} sends in ${run.spanMs} ms at the emulator (${run.sendsPerSecond}/s), ${executions.length} executions ${JSON.stringify(executionsPerWorker)}, at most ${maxConnections} connections; CPU s ${JSON.stringify(cpu)}`,
	);

	const bound = workers * concurrency * REQUESTS_AT_ONCE;
	await report.checkAll(BULK_SCENARIO, {
		[`${name}: every webhook call answered 200`]: () => {
			const failed = answers.filter((a) => a.status !== 200);
			const shown = failed.map((a) => `${a.status} ${a.text.slice(0, 200)}`);
			assert.deepEqual(shown, [], 'answers other than 200');
		},
		[`${name}: every fax sent exactly once (emulator's request log)`]: () => {
			const counts = tally(sends.map((send) => String(send.params.FaxNumber ?? '')));
			assert.deepEqual(notExactlyOnce(counts, tags), EACH_ONCE);
			const created = sends.filter((s) => s.status === 201).length;
			assert.equal(created, tags.length, 'every send answered 201');
		},
		[`${name}: ${calls.length} executions, each on a worker`]: () => {
			assert.equal(executions.length, calls.length);
			assert.ok(
				executions.every((e) => e.status === 'success'),
				JSON.stringify(executions.map((e) => e.status)),
			);
			assert.ok(
				executions.every((e) => (ranOn.get(e.id) ?? []).length === 1),
				'each execution started by one worker',
			);
			if (workers > 1) {
				for (const name of instance.workers.keys())
					assert.ok(
						(executionsPerWorker[name] ?? 0) > 0,
						`${name} ran none of them: ${JSON.stringify(executionsPerWorker)}`,
					);
			}
		},
		[`${name}: at most workers × concurrency × Requests at Once = ${workers} × ${concurrency} × ${REQUESTS_AT_ONCE} = ${bound} connections at the emulator`]:
			() => assert.ok(maxConnections <= bound, `${maxConnections} connections`),
	});
	return run;
}

/**
 * The bulk send scenario: after a warm-up (each worker has loaded the nodes and opened its
 * connections), 1 and 2 workers alternate (1, 2, 2, 1): other projects share this machine.
 * worker-2 runs at the end.
 */
export async function bulkSendScaling(
	instance: DeployInstance,
	report: Report,
	concurrency: number,
) {
	const send = (run: string, runDigit: number, total = 1000, perExecution = 50) =>
		bulkSend(instance, report, { concurrency, run, runDigit, total, perExecution });
	await send('warm-up, 1 worker', 1, 100, 25);
	const one = [await send('1 worker (a)', 2)];
	await instance.startWorker('worker-2', concurrency);
	await send('warm-up, 2 workers', 3, 100, 25);
	const two = [await send('2 workers (a)', 4), await send('2 workers (b)', 5)];
	await instance.worker('worker-2').stop();
	one.push(await send('1 worker (b)', 6));
	await instance.startWorker('worker-2', concurrency);
	// Side by side: the means of the runs' sends per second, their most connections.
	const mean = (runs: BulkRun[]) =>
		Math.round((runs.reduce((s, r) => s + r.sendsPerSecond, 0) / runs.length) * 10) / 10;
	const most = (runs: BulkRun[]) => Math.max(...runs.map((r) => r.maxConnections));
	return {
		oneWorker: one,
		twoWorkers: two,
		sendsPerSecond: { oneWorker: mean(one), twoWorkers: mean(two) },
		maxConnections: { oneWorker: most(one), twoWorkers: most(two) },
	};
}
