/** What the trigger scenarios share: names, the inbound faxes, the waits, the account of a batch. */
import assert from 'node:assert/strict';

import { SEED_USERS } from '../../../emulator';
import type { PollEngine } from '../../harness/n8n/engines';
import { secondsSince } from '../../harness/report';
import type { Sink } from '../../harness/sink';
import { waitUntil } from '../../harness/waitUntil';
import { FINAL } from '../../harness/n8n/manual-runs';
import { PUBLICATION_LEASE_SECONDS, type DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { tally } from '../lib/sent-once';

/** A scenario's name per poll engine, so that a reader of the results sees the engine. */
export function scenarioName(part: string, engine: PollEngine, what: string): string {
	return `${part}${engine === 'durable' ? ', durable poll scheduler' : ''}: ${what}`;
}

export const scenarioNames = (part: string, what: string): Record<PollEngine, string> => ({
	'in-memory': scenarioName(part, 'in-memory', what),
	durable: scenarioName(part, 'durable', what),
});

/** A version 2 trigger as the editor adds it (Simplify on). */
export const TRIGGER_WORKFLOW = 'trigger-inbound.json';
export const TRIGGER_WORKFLOW_ID = 'DeployTrigger001';
export const TRIGGER_NODE = 'New Inbound Fax';
/** The workflow's Max Events per Poll. */
export const MAX_EVENTS_PER_POLL = 500;
/** n8n runs a poll at most once a minute, at the start of each minute. */
export const POLL_WAIT_MS = 90_000;
/** Deliveries of an execution after which its process is killed (it delivers one every ~10 ms). */
const KILL_AFTER = 100;

/**
 * Each execution of the workflow and the FaxIds its trigger node emitted, read as soon as it
 * appears (n8n may keep less of one that crashed).
 */
export class TriggerLedger {
	/** Execution id → FaxIds of the trigger's output (the first non-empty reading). */
	readonly emitted = new Map<string, number[]>();
	readonly status = new Map<string, string>();
	private timer: NodeJS.Timeout | undefined;
	private busy = false;

	constructor(
		private readonly instance: DeployInstance,
		private readonly workflowId: string,
		private readonly triggerNode: string,
		/** Executions of earlier scenarios on the same workflow: never read, never counted. */
		readonly earlier = new Set<string>(),
	) {}

	/** A ledger of the executions the workflow starts from now on. */
	static async fromNow(instance: DeployInstance, workflowId: string, triggerNode: string) {
		const earlier = (await instance.executionsOf(workflowId)).map((e) => e.id);
		return new TriggerLedger(instance, workflowId, triggerNode, new Set(earlier));
	}

	start(intervalMs = 300): void {
		this.timer = setInterval(() => void this.readOnce(), intervalMs);
	}

	stop(): void {
		clearInterval(this.timer);
	}

	/** One reading of every execution of the workflow (ignored while main is down). */
	async readOnce(): Promise<void> {
		if (this.busy || !this.instance.main) return;
		this.busy = true;
		try {
			for (const execution of await this.instance.executionsOf(this.workflowId)) {
				if (this.earlier.has(execution.id)) continue;
				this.status.set(execution.id, execution.status);
				if ((this.emitted.get(execution.id) ?? []).length > 0) continue;
				const items = await this.instance.nodeOutput(execution.id, this.triggerNode);
				this.emitted.set(
					execution.id,
					items.map((item) => Number(item.FaxId)),
				);
			}
		} catch {
			// main went down in the middle of a reading: the next one reads again
		} finally {
			this.busy = false;
		}
	}

	private async readUntil(
		what: string,
		done: () => boolean,
		timeoutMs: number,
		detail?: () => string,
	) {
		const read = async () => {
			await this.readOnce();
			return done();
		};
		await waitUntil(what, read, timeoutMs, { intervalMs: 500, detail });
	}

	/** The first execution not among `known` that emitted something, once it appears. */
	async waitForNew(known: Set<string>, what: string, timeoutMs = 90_000): Promise<string> {
		const fresh = () =>
			[...this.emitted].find(([id, faxIds]) => !known.has(id) && faxIds.length > 0)?.[0];
		await this.readUntil(what, () => fresh() !== undefined, timeoutMs);
		return fresh()!;
	}

	/** Waits until every one of `executions` (every one seen when not given) has a final status. */
	async waitForFinal(what: string, executions?: string[], timeoutMs = 120_000): Promise<void> {
		const final = () =>
			(executions ?? [...this.status.keys()]).every((id) => FINAL.has(this.status.get(id) ?? ''));
		await this.readUntil(what, final, timeoutMs);
	}

	/** Waits until every one of `faxIds` is in an execution n8n recorded. */
	async waitForEmitted(what: string, faxIds: number[], timeoutMs: number): Promise<void> {
		const missing = () => emittedOnceCheck(faxIds, this).lost;
		await this.readUntil(
			what,
			() => missing().length === 0,
			timeoutMs,
			() => `not yet emitted: ${ids(missing())}`,
		);
	}

	executionsByFax(): Map<number, string[]> {
		const by = new Map<number, string[]>();
		for (const [execution, faxIds] of this.emitted) {
			for (const faxId of faxIds) by.set(faxId, [...(by.get(faxId) ?? []), execution]);
		}
		return by;
	}
}

/** Short form of a list of ids for messages. */
export function ids(list: number[]): string {
	return list.length <= 12 ? list.join(', ') : `${list.slice(0, 12).join(', ')} … (${list.length})`;
}

const INBOUND = '^/v1/inboundfaxes$';
const PROXY_USER = SEED_USERS.acmeAdmin.userId;
/** The inbound searches the trigger made (the proxy login watches All Users). */
const searchesOf = (instance: DeployInstance) =>
	instance.emulator.control.requests({ method: 'GET', path: INBOUND, userId: PROXY_USER });

export const inboundSearches = (instance: DeployInstance): number => searchesOf(instance).length;

/** Waits until the trigger has made another search than the `before` it had made. */
export async function waitForSearch(
	instance: DeployInstance,
	what: string,
	before = inboundSearches(instance),
	timeoutMs = POLL_WAIT_MS,
): Promise<void> {
	await waitUntil(what, () => inboundSearches(instance) > before, timeoutMs);
}

/** New inbound faxes for alice and bob, half each (count is even); returns their FaxIds. */
export function injectFaxes(instance: DeployInstance, count: number): number[] {
	const { control } = instance.emulator;
	return [SEED_USERS.alice, SEED_USERS.bob]
		.flatMap(({ userId }) => control.injectInbound({ userId, count: count / 2 }))
		.map((fax) => Number(fax.FaxId));
}

export const deliveredBy = (sink: Sink, execution: string) =>
	sink.received.filter((d) => String(d.execution) === execution);

export const deliveriesOf = (sink: Sink, execution: string) => deliveredBy(sink, execution).length;

export async function waitForDeliveries(sink: Sink, execution: string, count: number) {
	const delivering = count === KILL_AFTER;
	const what = `execution ${execution} ${delivering ? 'delivering' : 'delivered'}`;
	const done = () => deliveriesOf(sink, execution) >= count;
	await waitUntil(what, done, 60_000, delivering ? 20 : 100);
}

/** Waits until an execution has delivered KILL_AFTER items: the moment its process is killed. */
export const waitForDelivering = (sink: Sink, execution: string) =>
	waitForDeliveries(sink, execution, KILL_AFTER);

/**
 * Main restarted while the service holds its activation poll's search, killed once it arrived,
 * restarted until a new poll's execution appears; how long main took to be ready, and the trigger
 * to poll then. The durable scheduler polls after a killed poll's task lease (60 s): a longer wait.
 */
export async function killDuringActivationAndRestart(
	instance: DeployInstance,
	report: Report,
	ledger: TriggerLedger,
	known: Set<string>,
): Promise<{ execution: string; figure: Record<string, number | undefined> }> {
	const durable = instance.engine === 'durable';
	const poll = durable ? 'first poll' : 'activation poll';
	const processName = instance.services ? 'main' : 'n8n';
	instance.hold('GET', INBOUND, 30_000, 1);
	const searches = inboundSearches(instance);
	const starting = instance.startMain().catch((error: unknown) => error);
	// The restart, then its poll: bounded by twice the slowest start seen in this run (a loaded
	// machine starts n8n slower) plus a poll's wait, and never below two minutes.
	const restartAndPollMs = Math.max(120_000, 2 * instance.slowestStartMs + POLL_WAIT_MS);
	const restartedPoll = `the ${poll} of the restarted ${processName}`;
	await waitForSearch(instance, restartedPoll, searches, restartAndPollMs);
	await instance.killMain();
	await starting;
	report.step(`SIGKILL ${processName} while the service held its ${poll}'s search; restarting`);

	const restarted = Date.now();
	await instance.startMain();
	const ready = Date.now();
	const execution = await ledger.waitForNew(
		known,
		durable
			? "the first poll after the restart emitting (after the killed poll's lease)"
			: 'the activation poll emitting (after the publication lease)',
		durable ? 240_000 : 150_000,
	);
	const activation = searchesOf(instance).find((r) => r.receivedMs >= restarted)?.receivedMs;
	report.step(
		`the trigger polled again ${Math.round(((activation ?? NaN) - ready) / 1000)} s after ${processName} was ready (publication lease ${PUBLICATION_LEASE_SECONDS} s)`,
	);
	return {
		execution,
		figure: {
			[processName === 'main' ? 'mainReadyAfterMs' : 'readyAfterMs']: ready - restarted,
			activationPollAfterReadyMs: activation === undefined ? undefined : activation - ready,
		},
	};
}

/** Main on n8n's durable poll scheduler (restarted on it unless there already); the switch time. */
export async function onDurableEngine(instance: DeployInstance, report: Report) {
	if (instance.engine === 'durable' && instance.main) return { switchedNow: false, seconds: 0 };
	const started = Date.now();
	await instance.stopMain();
	instance.engine = 'durable';
	await instance.startMain();
	report.step('main restarted on the durable poll scheduler with durable cursors');
	return { switchedNow: true, seconds: secondsSince(started) };
}

/** Each execution the trigger started: its status, the events it emitted, the items delivered. */
export function executionFigures(ledger: TriggerLedger, sink: Sink) {
	return [...ledger.emitted].map(([id, faxIds]) => ({
		id,
		status: ledger.status.get(id),
		events: faxIds.length,
		delivered: deliveriesOf(sink, id),
	}));
}

/** Which of `faxIds` n8n holds in no execution (lost), in one (once), in more than one (repeated). */
export function emittedOnceCheck(faxIds: number[], ledger: TriggerLedger) {
	const byFax = ledger.executionsByFax();
	const count = (faxId: number) => (byFax.get(faxId) ?? []).length;
	return {
		once: faxIds.filter((faxId) => count(faxId) === 1).length,
		lost: faxIds.filter((faxId) => count(faxId) === 0),
		repeated: faxIds.filter((faxId) => count(faxId) > 1),
	};
}

/**
 * What became of a batch: emission (emittedOnceCheck) and delivery by the next node (once, more,
 * never); `ownDeliveriesOnly`: only the ledger's executions' (another workflow reports them too).
 */
export function accountFor(
	faxIds: number[],
	ledger: TriggerLedger,
	sink: Sink,
	ownDeliveriesOnly = false,
) {
	const received = ownDeliveriesOnly
		? sink.received.filter((d) => ledger.emitted.has(String(d.execution)))
		: sink.received;
	const deliveries = tally(received.map((d) => Number(d.faxId)));
	const delivered = (faxId: number) => deliveries.get(faxId) ?? 0;
	return {
		faxes: faxIds.length,
		...emittedOnceCheck(faxIds, ledger),
		deliveredOnce: faxIds.filter((faxId) => delivered(faxId) === 1).length,
		deliveredTwice: faxIds.filter((faxId) => delivered(faxId) > 1),
		undelivered: faxIds.filter((faxId) => delivered(faxId) === 0),
	};
}
type BatchAccount = ReturnType<typeof accountFor>;

/** Asserts that no fax of the account was lost or emitted into more than one execution. */
export function assertEmittedOnce(account: BatchAccount, label = ''): void {
	assert.deepEqual(
		{ lost: account.lost, repeated: account.repeated },
		{ lost: [], repeated: [] },
		`${label}lost ${ids(account.lost)}; repeated ${ids(account.repeated)}`,
	);
}

/** A user's Retry of an execution: what the retry delivered, and how much of it again. */
export async function retryDeliveries(instance: DeployInstance, sink: Sink, execution: string) {
	const faxIdsOf = (id: string) => deliveredBy(sink, id).map((d) => Number(d.faxId));
	const deliveredBefore = new Set(faxIdsOf(execution));
	const retried = await instance.retry(execution);
	const delivered = retried.id ? faxIdsOf(retried.id) : [];
	return {
		deliveredBefore,
		retry: {
			...retried,
			delivered: delivered.length,
			deliveredAgain: delivered.filter((faxId) => deliveredBefore.has(faxId)).length,
		},
	};
}

/** A batch account with counts instead of long id lists, for results.json. */
export function summarize(account: BatchAccount): Record<string, unknown> {
	const brief = (list: number[]) =>
		list.length <= 10 ? list : `${list.length} (${list[0]} … ${list[list.length - 1]})`;
	return {
		faxes: account.faxes,
		emittedOnce: account.once,
		lost: brief(account.lost),
		repeated: brief(account.repeated),
		deliveredOnce: account.deliveredOnce,
		deliveredTwice: brief(account.deliveredTwice),
		undelivered: brief(account.undelivered),
	};
}
