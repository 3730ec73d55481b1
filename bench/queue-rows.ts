import { formatRatio, median, pairsOf, round } from './lib/stats';
import { partRows, regressionWhy, type RunContext, type TargetRow } from './lib/verdict';
import type { QueueFigures, QueueRun, QueueVariant } from './queue-mode';
import type { SendFigures } from './send';

/** The queue-mode part's rows (bench/queue-mode.ts), round 3 explained, README Scaling lines. */

/** Node against floor through the worker: CPU per fax and time, at most this ratio. */
export const QUEUE_VS_FLOOR = 1.1;

/** The deploy part's worker CPU per fax (issue Q) in its rounds 2 and 3 (1 worker; 14 with 2). */
const DEPLOY_ROUNDS = { round2CpuMsPerFax: 6.5, round3CpuMsPerFax: 10.3 } as const;

/** A figure counts as the round-3 figure reproduced when it reaches this share of it. */
const REPRODUCED = 0.9;

/** The service publishes no rate limit: the workers-until-it-binds figure is for these rates (/s). */
const ASSUMED_SERVICE_RATES = [10, 50, 100, 500];

const medianOf = (runs: QueueRun[], pick: (run: QueueRun) => number): number =>
	median(runs.map(pick).filter((v) => Number.isFinite(v)));

const cpu = (run: QueueRun): number => run.workerCpuMsPerFax;
const cpuOf = (runs: QueueRun[]): number => medianOf(runs, cpu);
/** One side of a pair of runs, as a figure of the pair (the worker's CPU per fax unless named). */
const side =
	<K extends string>(key: K, pick = cpu) =>
	(pair: Record<K, QueueRun>): number =>
		pick(pair[key]);

/** Every run of the part, the pairs and the explanation runs. */
const allRuns = (q: QueueFigures): QueueRun[] => [
	...q.rounds.flatMap((p) => [p.node, p.floor]),
	...q.explain.split.flatMap((p) => [p.node, p.floor]),
	...q.explain.round3.flatMap((p) => [p.quiet, p.busy]),
	...q.explain.noSave,
];

/** Which of the node, the setup or the machine the run's figures say made round 3's figure. */
export function explainRound3(q: QueueFigures, send?: SendFigures, cores = 2) {
	const { split, round3, noSave } = q.explain;
	const r = (v: number) => round(v, 1);
	/** Medians of the node's and the floor's worker CPU per fax, rounded as written. */
	const bothOf = (pairs: Array<Record<QueueVariant, QueueRun>>) => ({
		node: r(cpuOf(pairs.map((p) => p.node))),
		floor: r(cpuOf(pairs.map((p) => p.floor))),
	});
	const oneExecution = bothOf(q.rounds);
	const splitCpu = bothOf(split);
	const splitRatio = pairsOf(split, side('node'), side('floor'));
	const busyRatio = pairsOf(round3, side('busy'), side('quiet'));
	const quiet = cpuOf(round3.map((p) => p.quiet));
	const busy = cpuOf(round3.map((p) => p.busy));
	const singleProcess = send
		? round(median(send.rounds.map((r) => (r.faxCloud.cpuSeconds / send.items) * 1000)), 2)
		: undefined;
	const target = DEPLOY_ROUNDS.round3CpuMsPerFax * REPRODUCED;
	// Round 2 and round 3 ran the same workflow, worker concurrency and n8n: what rose by this
	// factor is the node, or the machine the same work ran on.
	const rise = DEPLOY_ROUNDS.round3CpuMsPerFax / DEPLOY_ROUNDS.round2CpuMsPerFax;
	const quietLoad = Math.max(...round3.map((p) => p.quiet.load[0]));
	const cause =
		splitRatio.median > QUEUE_VS_FLOOR
			? 'the node'
			: busyRatio.median >= rise * REPRODUCED || (quiet >= target && quietLoad > cores)
				? 'the machine'
				: quiet >= target
					? 'the setup'
					: 'not reproduced';
	const measured = [
		`worker CPU per fax: round 3's workflow (20 executions of 50, per-item expressions) ${r(quiet)} ms as the machine was, ${r(busy)} ms with the other core kept busy too (${formatRatio(busyRatio)})`,
		`20 executions of 50 with the bench's workflows: node ${r(splitCpu.node)}, floor ${r(splitCpu.floor)} (${formatRatio(splitRatio)})`,
		`one execution of ${q.faxes}: node ${r(oneExecution.node)}, floor ${r(oneExecution.floor)}`,
		`no execution data saved: node ${r(cpuOf(noSave))}`,
		`CPU stolen by the hypervisor per run (median): ${r(medianOf(allRuns(q), (run) => run.stealSeconds ?? NaN))} s; 1-minute load average at the runs' starts ${r(Math.min(...allRuns(q).map((run) => run.load[0])))} to ${r(Math.max(...allRuns(q).map((run) => run.load[0])))}`,
		...(singleProcess !== undefined
			? [`single process (send part): node ${r(singleProcess)}`]
			: []),
	];
	const because = {
		'the node': `in round 3's shape the node's worker CPU per fax is ${formatRatio(splitRatio)} the floor's, more than x${QUEUE_VS_FLOOR}`,
		'the machine': `the node is within x${QUEUE_VS_FLOOR} of the floor in round 3's shape (${formatRatio(splitRatio)}), and the same work costs the worker more CPU on a busier machine: round 3's workflow x${round(busyRatio.median)} with the other core kept busy, ${r(quiet)} ms at a load average up to ${r(quietLoad)} on ${cores} cores, against round 3's ${DEPLOY_ROUNDS.round3CpuMsPerFax} and round 2's ${DEPLOY_ROUNDS.round2CpuMsPerFax} (x${round(rise)})`,
		'the setup': `round 3's workflow costs ${r(quiet)} ms on a machine loaded below its ${cores} cores with the node within x${QUEUE_VS_FLOOR} of the floor: the workflow and its executions, not the node or the load`,
		'not reproduced': `round 3's workflow stayed under ${r(target)} ms per fax and the busy core raised it x${round(busyRatio.median)} only, less than round 3's x${round(rise)}`,
	}[cause];
	return { cause, text: `${cause}: ${because}. Measured: ${measured.join('; ')}` };
}

/** Faxes/s per worker core (also in round 3's shape), the one worker's, workers until a rate binds. */
export function queueScaling(q: QueueFigures) {
	const nodes = q.rounds.map((p) => p.node);
	const round3Cpu = cpuOf(q.explain.round3.map((p) => p.quiet));
	const perWorkerCore = round(1000 / cpuOf(nodes), 0);
	return {
		perWorkerCore,
		perWorkerCoreRound3Shape: round(1000 / round3Cpu, 0),
		measuredPerSecond: Math.round(medianOf(nodes, (run) => run.sendsPerSecond)),
		workersUntilServiceBinds: ASSUMED_SERVICE_RATES.map((serviceRate) => ({
			serviceRate,
			workers: Math.max(1, Math.ceil(serviceRate / perWorkerCore)),
		})),
	};
}

/** The README's Scaling lines, from the results file's queue figures (readme-table.ts prints them). */
export function queueScalingLines(q: QueueFigures): string[] {
	const s = queueScaling(q);
	const workers = s.workersUntilServiceBinds
		.map((w) => `${w.serviceRate}/s: ${w.workers}`)
		.join(', ');
	return [
		`- Per worker core (\`npm run bench\`, part \`queue\`: n8n ${q.n8n}, PostgreSQL ${q.postgres}, one worker at concurrency ${q.workerConcurrency}, ${q.faxes} faxes per execution): **${s.perWorkerCore} faxes per second per worker core** (1000 / the worker's CPU per fax); ${s.perWorkerCoreRound3Shape} in the deploy part's shape (20 executions of 50 with per-item expressions). The one worker sent ${s.measuredPerSecond} per second here, sharing two cores with main, Postgres and the emulator.`,
		`- On paper, with one core per worker: the service publishes no rate limit (its description: "Rate limits ... not shown"), so n8n stays the bound until workers × ${s.perWorkerCore} faxes/s reach the service's rate. Workers at which a service rate binds: ${workers} (each worker adds up to concurrency × Requests at Once = ${q.workerConcurrency} × 5 connections).`,
	];
}

export function queueRows(q: QueueFigures, context: RunContext, send?: SendFigures): TargetRow[] {
	const { rounds, faxes } = q;
	const nodes = rounds.map((p) => p.node);
	const floors = rounds.map((p) => p.floor);
	const nodeMs = (run: QueueRun) => run.nodeMs;
	const spanOf = (run: QueueRun) => run.spanMs;
	const cpuPairs = pairsOf(rounds, side('node'), side('floor'));
	const timePairs = pairsOf(rounds, side('node', nodeMs), side('floor', nodeMs));
	const spanPairs = pairsOf(rounds, side('node', spanOf), side('floor', spanOf));
	const ms = (runs: QueueRun[], pick: (run: QueueRun) => number, digits = 0) =>
		round(medianOf(runs, pick), digits);
	const all = allRuns(q);
	const short = all.filter((run) => run.created !== run.faxes || run.onWorker !== run.executions);
	const scaling = queueScaling(q);
	const row = partRows('Queue mode', context, 'queue');
	return [
		row.atMost(
			{
				measure: `${faxes} faxes in one execution on one worker (concurrency ${q.workerConcurrency}): the worker's CPU per fax, Fax Cloud node vs the helper floor (ms; ratio per pair)`,
				figure: `${ms(nodes, cpu, 2)} vs ${ms(floors, cpu, 2)}: ${formatRatio(cpuPairs)}`,
			},
			{ pairs: cpuPairs, limit: QUEUE_VS_FLOOR },
		),
		row.atMost(
			{
				measure: `${faxes} faxes on one worker: the node's time in n8n (executionTime), Fax Cloud node vs the helper floor (ms; ratio per pair)`,
				figure: `${ms(nodes, nodeMs)} vs ${ms(floors, nodeMs)}: ${formatRatio(timePairs)}; first send to last answer at the emulator ${ms(nodes, spanOf)} vs ${ms(floors, spanOf)}: ${formatRatio(spanPairs)}`,
			},
			{
				pairs: timePairs,
				limit: QUEUE_VS_FLOOR,
				facts: [
					`at the emulator ${formatRatio(spanPairs)}`,
					`worker CPU per fax ${formatRatio(cpuPairs)}`,
				],
			},
		),
		row.target({
			measure: 'every run: every fax created, every execution on the worker',
			figure: `${all.length - short.length} of ${all.length} runs`,
			target: `${faxes} faxes created per run, each execution on the worker`,
			met: short.length === 0,
			why: () =>
				regressionWhy(
					short
						.map(
							(r) =>
								`${r.label}: ${r.created} created, ${r.onWorker} of ${r.executions} on the worker`,
						)
						.join('; '),
				),
		}),
		row.figure({
			measure: `the deploy part's round-3 worker CPU per fax (${DEPLOY_ROUNDS.round3CpuMsPerFax} to 14 ms against about ${DEPLOY_ROUNDS.round2CpuMsPerFax} in round 2): what explains it`,
			figure: explainRound3(q, send, context.cores).text,
		}),
		row.figure({
			measure:
				"faxes per second per worker core (1000 / the node's worker CPU per fax), as README Scaling gives it",
			figure: `${scaling.perWorkerCore} (round 3's shape ${scaling.perWorkerCoreRound3Shape}); one worker sent ${scaling.measuredPerSecond}/s on this machine`,
		}),
	];
}
