import assert from 'node:assert/strict';

import { SEED_USERS } from '../../../emulator';
import type { PollEngine } from '../../harness/n8n/engines';
import { FINAL, PUBLICATION_LEASE_SECONDS, type DeployInstance } from '../lib/instance';
import type { TriggerLedger } from '../lib/ledger';
import type { Report } from '../lib/scenario-report';
import type { Sink } from '../lib/delivery-sink';
import { waitUntil } from '../../harness/waitUntil';

/** A scenario's name per poll engine, so that a reader of the results sees the engine. */
export function scenarioName(part: string, engine: PollEngine, what: string): string {
	return `${part}${engine === 'durable' ? ', durable poll scheduler' : ''}: ${what}`;
}

export function scenarioNames(part: string, what: string): Record<PollEngine, string> {
	return {
		'in-memory': scenarioName(part, 'in-memory', what),
		durable: scenarioName(part, 'durable', what),
	};
}

/** A version 2 trigger as the editor adds it (Simplify on). */
export const TRIGGER_WORKFLOW = 'trigger-inbound.json';
export const TRIGGER_WORKFLOW_ID = 'DeployTrigger001';
export const TRIGGER_NODE = 'New Inbound Fax';
/** The workflow's Max Events per Poll. */
export const MAX_EVENTS_PER_POLL = 500;
/** n8n runs a poll at most once a minute, at the start of each minute. */
export const POLL_WAIT_MS = 90_000;
/** Deliveries of an execution after which its process is killed (it delivers one every ~10 ms). */
export const KILL_AFTER = 100;

/** The inbound searches the trigger made (the proxy login watches All Users). */
const searchesOf = (instance: DeployInstance) =>
	instance.emulator.control.requests({
		method: 'GET',
		path: '^/v1/inboundfaxes$',
		userId: SEED_USERS.acmeAdmin.userId,
	});

export function inboundSearches(instance: DeployInstance): number {
	return searchesOf(instance).length;
}

/** Waits until the trigger has made another search than the `before` it had made. */
export async function waitForSearch(
	instance: DeployInstance,
	before: number,
	what: string,
	timeoutMs = POLL_WAIT_MS,
): Promise<void> {
	await waitUntil(what, () => inboundSearches(instance) > before, timeoutMs);
}

/** New inbound faxes for alice and bob, half each; returns their FaxIds. */
export function injectFaxes(instance: DeployInstance, count: number): number[] {
	const { control } = instance.emulator;
	const half = Math.floor(count / 2);
	return [
		...control.injectInbound({ userId: SEED_USERS.alice.userId, count: half }),
		...(count - half > 0
			? control.injectInbound({ userId: SEED_USERS.bob.userId, count: count - half })
			: []),
	].map((fax) => Number(fax.FaxId));
}

export function deliveriesOf(sink: Sink, execution: string): number {
	return sink.received.filter((d) => String(d.body.execution) === execution).length;
}

/** The execution of the trigger workflow started after the ones known, once it appears. */
export async function waitForNewExecution(
	ledger: TriggerLedger,
	known: Set<string>,
	what: string,
	timeoutMs = POLL_WAIT_MS,
): Promise<string> {
	let found: string | undefined;
	await waitUntil(
		what,
		async () => {
			await ledger.readOnce();
			found = [...ledger.emitted.keys()].find(
				(id) => !known.has(id) && (ledger.emitted.get(id) ?? []).length > 0,
			);
			return found !== undefined;
		},
		timeoutMs,
		500,
	);
	return found!;
}

/** Waits until an execution has delivered `count` items to the sink (checking every `intervalMs`). */
export async function waitForDeliveries(
	sink: Sink,
	execution: string,
	count: number,
	what: string,
	intervalMs: number,
): Promise<void> {
	await waitUntil(what, () => deliveriesOf(sink, execution) >= count, 60_000, intervalMs);
}

/** Waits until an execution has delivered KILL_AFTER items: the moment its process is killed. */
export async function waitForDelivering(sink: Sink, execution: string): Promise<void> {
	await waitForDeliveries(sink, execution, KILL_AFTER, `execution ${execution} delivering`, 20);
}

/** Waits until every one of `executions` has a final status in n8n. */
export async function waitForFinal(
	ledger: TriggerLedger,
	executions: string[],
	what: string,
	timeoutMs = 120_000,
): Promise<void> {
	await waitUntil(
		what,
		async () => {
			await ledger.readOnce();
			return executions.every((id) => FINAL.has(ledger.status.get(id) ?? ''));
		},
		timeoutMs,
		500,
	);
}

/**
 * Main started again while the service holds its activation poll's search (30 s), killed once
 * that search has arrived, then started again until a poll's execution (one not in `known`)
 * appears: how long main took to be ready, and how long after that the trigger polled. The
 * durable scheduler polls at no restart (the next whole minute), and a killed poll keeps its
 * task's lease (60 s) until n8n's reaper takes it back: hence its longer wait.
 */
export async function killDuringActivationAndRestart(
	instance: DeployInstance,
	report: Report,
	ledger: TriggerLedger,
	known: Set<string>,
	processName: 'n8n' | 'main',
): Promise<{ execution: string; figure: Record<string, number | undefined> }> {
	const durable = instance.engine === 'durable';
	const poll = durable ? 'first poll' : 'activation poll';
	instance.emulator.control.addFault({
		method: 'GET',
		path: '^/v1/inboundfaxes$',
		kind: 'delay',
		delayMs: 30_000,
		count: 1,
	});
	const searches = inboundSearches(instance);
	const starting = instance.startMain().catch((error: unknown) => error);
	await waitForSearch(instance, searches, `the ${poll} of the restarted ${processName}`, 120_000);
	await instance.killMain();
	await starting;
	report.log(`  SIGKILL ${processName} while the service held its ${poll}'s search; restarting`);

	const restarted = Date.now();
	await instance.startMain();
	const ready = Date.now();
	const execution = await waitForNewExecution(
		ledger,
		known,
		durable
			? "the first poll after the restart emitting (after the killed poll's lease)"
			: 'the activation poll emitting (after the publication lease)',
		durable ? 240_000 : 150_000,
	);
	const activation = searchesOf(instance).find((r) => r.receivedMs >= restarted)?.receivedMs;
	report.log(
		`  the trigger polled again ${Math.round(((activation ?? NaN) - ready) / 1000)} s after ${processName} was ready (publication lease ${PUBLICATION_LEASE_SECONDS} s)`,
	);
	return {
		execution,
		figure: {
			[processName === 'main' ? 'mainReadyAfterMs' : 'readyAfterMs']: ready - restarted,
			activationPollAfterReadyMs: activation === undefined ? undefined : activation - ready,
		},
	};
}

/** Whether a workflow is published (active) in n8n. */
export async function isActive(instance: DeployInstance, workflowId: string): Promise<boolean> {
	const stored = await instance.server.rest<{ active?: boolean }>(
		'GET',
		`/workflows/${workflowId}`,
	);
	return stored.active === true;
}

/**
 * Main on n8n's durable poll scheduler with durable cursors: already there after the scenarios
 * that switched it (trigger-durable.ts), else stopped as an operator would and started on it.
 * Returns how long the switch took (0 when there was none).
 */
export async function onDurableEngine(
	instance: DeployInstance,
	report: Report,
): Promise<{ switchedNow: boolean; seconds: number }> {
	if (instance.engine === 'durable' && instance.main) return { switchedNow: false, seconds: 0 };
	const started = Date.now();
	await instance.stopMain();
	instance.usePollEngine('durable');
	await instance.startMain();
	report.log('  main restarted on the durable poll scheduler with durable cursors');
	return { switchedNow: true, seconds: Math.round((Date.now() - started) / 1000) };
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

interface BatchAccount {
	faxes: number;
	/** Emitted into exactly one execution. */
	once: number;
	/** In no execution. */
	lost: number[];
	/** In more than one execution. */
	repeated: number[];
	/** Reported by the workflow's next node exactly once / more than once / never. */
	deliveredOnce: number;
	deliveredTwice: number[];
	undelivered: number[];
}

/** Which of `faxIds` n8n holds in no execution (lost), and in more than one (repeated). */
export function emittedOnceCheck(
	faxIds: number[],
	ledger: TriggerLedger,
): { once: number; lost: number[]; repeated: number[] } {
	const byFax = ledger.executionsByFax();
	const count = (faxId: number) => (byFax.get(faxId) ?? []).length;
	return {
		once: faxIds.filter((faxId) => count(faxId) === 1).length,
		lost: faxIds.filter((faxId) => count(faxId) === 0),
		repeated: faxIds.filter((faxId) => count(faxId) > 1),
	};
}

/**
 * What became of a batch: emission (n8n's executions) and delivery (the sink), the deliveries of
 * the ledger's own executions only when `ownDeliveriesOnly` (another active workflow on the same
 * login reports the same faxes).
 */
export function accountFor(
	faxIds: number[],
	ledger: TriggerLedger,
	sink: Sink,
	ownDeliveriesOnly = false,
): BatchAccount {
	const deliveries = new Map<number, number>();
	const received = ownDeliveriesOnly
		? sink.received.filter((d) => ledger.emitted.has(String(d.body.execution)))
		: sink.received;
	for (const delivery of received) {
		const faxId = Number(delivery.body.faxId);
		deliveries.set(faxId, (deliveries.get(faxId) ?? 0) + 1);
	}
	const account: BatchAccount = {
		faxes: faxIds.length,
		...emittedOnceCheck(faxIds, ledger),
		deliveredOnce: 0,
		deliveredTwice: [],
		undelivered: [],
	};
	for (const faxId of faxIds) {
		const delivered = deliveries.get(faxId) ?? 0;
		if (delivered === 1) account.deliveredOnce++;
		else if (delivered === 0) account.undelivered.push(faxId);
		else account.deliveredTwice.push(faxId);
	}
	return account;
}

/** Asserts that no fax of the account was lost or emitted into more than one execution. */
export function assertEmittedOnce(account: BatchAccount, label = ''): void {
	assert.deepEqual(
		{ lost: account.lost, repeated: account.repeated },
		{ lost: [], repeated: [] },
		`${label}lost ${ids(account.lost)}; repeated ${ids(account.repeated)}`,
	);
}

/**
 * A user's Retry of an execution that delivered to the sink: what the new execution delivered,
 * and how many of those the first one had delivered already.
 */
export async function retryDeliveries(instance: DeployInstance, sink: Sink, execution: string) {
	const faxIdsOf = (id: string) =>
		sink.received.filter((d) => String(d.body.execution) === id).map((d) => Number(d.body.faxId));
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

/** Short form of a list of ids for messages. */
export function ids(list: number[]): string {
	return list.length <= 12 ? list.join(', ') : `${list.slice(0, 12).join(', ')} … (${list.length})`;
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
