// Helpers of the Fax Cloud Trigger suites: a trigger started and polled, records made for it.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator, EmulatorOptions } from '../../../emulator';
import type { InjectInboundOptions } from '../../../emulator/control/inject';
import { loginCredentials, SEED_USERS, useEmulator, type Login } from '../../harness/jest/emulator';
import { SecretWatch } from '../../harness/jest/fault-helpers';
import { sendJson, type useScriptedServers } from '../../harness/jest/scripted-server';
import {
	pollTrigger,
	pollWorkflow,
	type PolledTrigger,
	type PollWorkflowOptions,
} from '../../harness/jest/poll';
import {
	historyAfter,
	inboundCreatedAfter,
	inboundIds,
	searches,
	statusChanges,
} from '../../harness/jest/ground-truth';
import { triggerNode } from '../../harness/jest/trigger-kit';

/** Durations on the emulator's clock, in ms. */
export const SECOND = 1_000;
export const MINUTE = 60_000;

/**
 * The test file's emulator (useEmulator: started once, reset before each test), used directly as
 * `emu` in every test instead of being asked for at the start of each.
 */
export function useTriggerEmulator(options?: EmulatorOptions): Emulator {
	const current = useEmulator(options);
	return new Proxy({} as Emulator, { get: (_, key) => Reflect.get(current(), key) as unknown });
}

/** `count` faxes alice receives now (or as `options` say): the emulator's wire records. */
export const receive = (
	emu: Emulator,
	count = 1,
	options: Omit<InjectInboundOptions, 'userId' | 'count'> = {},
) => emu.control.injectInbound({ userId: 'alice@acme', count, ...options });

/** The FaxIds of faxes the emulator made, as numbers, as the trigger emits them. */
export const faxIds = (faxes: Array<Record<string, string | boolean>>) =>
	faxes.map((fax) => Number(fax.FaxId));

type WatchOptions = Pick<Login, 'user' | 'password'> &
	Pick<PollWorkflowOptions, 'pollBudgetMs' | 'typeVersion' | 'durableCursors'>;

const realNow = Date.now.bind(Date);

/**
 * The n8n host's clock moves as the emulator's does: the trigger checks the service's Date header
 * against the time the host's clock moved (serviceClock.ts), so a host that stood still while the
 * service's clock jumped an hour would rightly be taken as a wrong service clock.
 */
function hostClockFollows(emulator: Emulator): void {
	const emulatorNow = () => Date.parse(emulator.control.now());
	const start = emulatorNow();
	let reading = false;
	jest.spyOn(Date, 'now').mockImplementation(() => {
		// An emulator on the real clock reads Date.now itself.
		if (reading) return realNow();
		reading = true;
		try {
			return realNow() + Math.max(0, emulatorNow() - start);
		} finally {
			reading = false;
		}
	});
}

/** The trigger logged in to the emulator, the host's clock following the emulator's. */
function watching(emulator: Emulator, { user, password, ...poll }: WatchOptions) {
	hostClockFollows(emulator);
	return {
		node: triggerNode,
		credentials: loginCredentials(emulator, { user, password }),
		...poll,
	};
}

/** A Fax Cloud Trigger in an active workflow, logged in to the emulator. */
export const watchTrigger = (
	emulator: Emulator,
	parameters: IDataObject,
	options: WatchOptions = {},
): PolledTrigger => pollTrigger({ ...watching(emulator, options), parameters });

/** Several Fax Cloud Triggers in one workflow (each node keeps its own static data). */
export const watchTriggers = (
	emulator: Emulator,
	nodes: Record<string, IDataObject>,
	options: WatchOptions = {},
): Record<string, PolledTrigger> => pollWorkflow({ ...watching(emulator, options), nodes });

/**
 * A Fax Cloud Trigger that has made its first poll, its output left aside, the way most tests
 * start; with the emulator's record of what changed since, the ground truth to compare with.
 */
export async function watchFromNow(
	emulator: Emulator,
	parameters: IDataObject,
	options: WatchOptions = {},
) {
	const trigger = watchTrigger(emulator, parameters, options);
	await trigger.poll();
	const inboundBefore = emulator.control.stats().inboundCount;
	const historyBefore = emulator.control.outboundHistory().length;
	return {
		...trigger,
		/** Inbound faxes the emulator created since the first poll, ascending. */
		inboundSinceStart: () => inboundCreatedAfter(emulator, inboundBefore),
		/** Status changes the emulator recorded since the first poll (of `statuses` when given). */
		changesSinceStart: (statuses?: string[]) => historyAfter(emulator, historyBefore, statuses),
	};
}

/** A New Inbound Fax trigger (with more `parameters`) after its first poll: watchFromNow. */
export const watchInbound = (
	emulator: Emulator,
	parameters: IDataObject = {},
	options: WatchOptions = {},
) => watchFromNow(emulator, { event: 'newInboundFax', ...parameters }, options);

/**
 * alice's new inbound faxes watched at Max Events per Poll `cap` (watchFromNow), and the start of
 * the next minute, where the clock now is: a capped drain's faxes are received from there.
 */
export async function cappedFromNextMinute(emulator: Emulator, cap: number) {
	const trigger = await watchInbound(emulator, { options: { maxEventsPerPoll: cap } });
	emulator.control.advance(MINUTE);
	return { trigger, start: Date.parse(emulator.control.now()) };
}

/** `count` faxes alice received evenly from `from` to `to` (ms): their FaxIds, ascending. */
export function receivedBetween(emulator: Emulator, count: number, from: number, to: number) {
	const span = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
	const made = emulator.control.bulkCreateInbound(count, { userId: 'alice@acme', ...span });
	return Array.from({ length: count }, (_, i) => made.firstId + i);
}

/** FaxIds of the events a trigger holds in its state (state/heldEvents.ts). */
export const heldIds = (trigger: PolledTrigger): number[] =>
	((trigger.staticData().held as Array<{ record: IDataObject }> | undefined) ?? []).map((event) =>
		Number(event.record.FaxId),
	);

/** The number of the last request the emulator received: a later poll's requests come after. */
export const lastSeq = (emulator: Emulator) => emulator.control.requests().at(-1)?.seq ?? 0;

/** One inbound poll: its items and their FaxIds, the searches it sent, what it left held. */
export async function pollCounted(emulator: Emulator, trigger: PolledTrigger) {
	const since = lastSeq(emulator);
	const items = await trigger.pollItems();
	const sent = searches(emulator, 'inboundfaxes').filter((r) => r.seq > since);
	return { items, ids: inboundIds(items), sent, held: heldIds(trigger) };
}

/**
 * A backlog for the next poll: an hour passes on the emulator's clock (from 09:00) in which
 * alice receives `count` faxes (inbound) or `count` of her sends complete (outbound).
 */
export function backlogOverAnHour(
	emulator: Emulator,
	direction: 'inbound' | 'outbound',
	count: number,
): void {
	emulator.control.advance(60 * 60_000);
	const span = { userId: 'alice@acme', to: emulator.control.now() };
	if (direction === 'inbound') {
		emulator.control.bulkCreateInbound(count, { ...span, from: '2026-01-05T09:00:01Z' });
	} else {
		emulator.control.bulkCreateOutbound(count, { ...span, from: '2026-01-05T09:00:00Z' });
	}
}

/** The event keys a trigger's stored window holds, all times together. */
export const seenKeys = (trigger: PolledTrigger) =>
	Object.values(trigger.staticData().seen as object).flat() as string[];

/** Polls until a poll emits nothing, collecting every item; fails after `maxPolls`. */
export async function drain(
	trigger: PolledTrigger,
	maxPolls = 50,
): Promise<INodeExecutionData[][]> {
	const polls: INodeExecutionData[][] = [];
	for (let i = 0; i < maxPolls; i++) {
		const items = await trigger.pollItems();
		if (items.length === 0) return polls;
		polls.push(items);
	}
	throw new Error(`still emitting after ${maxPolls} polls`);
}

/** A poll after each step (ms on the emulator's clock): the status changes emitted, in order. */
export async function changesAfterSteps(
	emulator: Emulator,
	trigger: PolledTrigger,
	steps: number[],
): Promise<string[]> {
	const emitted: string[] = [];
	for (const step of steps) {
		emulator.control.advance(step);
		emitted.push(...statusChanges(await trigger.pollItems()));
	}
	return emitted;
}

/** An inbound fax as the service writes it (strings), for a scripted service. */
export const inboundWireRecord = (faxId: number, time: string): IDataObject => ({
	FaxId: String(faxId),
	FaxUserId: 'alice@acme',
	FaxStatus: 'recvOk',
	ReceivedTime: time,
	CreateTime: time,
	PagesReceived: '1',
	CallerNumber: '12125550000',
	DestFaxNumber: '12125550101',
	Mark: 'false',
});

/** Credentials of alice pointing at a scripted service instead of the emulator. */
const scriptedCredentials = (url: string) => ({
	faxCloudApi: {
		userId: 'alice@acme',
		password: 'alice-pass-1',
		faxBaseUrl: `${url}/v1`,
		mailMergeBaseUrl: `${url}/mm/v1`,
	},
});

/**
 * A scripted interface A answering inbound searches with `answer.records`, dated `answer.date`
 * (of the records with a `serviceTimes` entry, those not before the search's DatetimeAfter), with
 * more results under `answer.reference` when it is set; and a New Inbound Fax trigger logged in to
 * it with `credentials`.
 */
export async function scriptedInbound(scripted: ReturnType<typeof useScriptedServers>) {
	const answer = {
		records: [] as IDataObject[],
		serviceTimes: [] as string[],
		date: 'Mon, 05 Jan 2026 09:00:00 GMT',
		reference: undefined as string | undefined,
	};
	const server = await scripted((request, _count, res) => {
		res.setHeader('Date', answer.date);
		if (!request.url.startsWith('/v1/inboundfaxes')) return sendJson(res, 404, {});
		const after = new URL(request.url, 'http://service').searchParams.get('DatetimeAfter');
		const shown = (index: number) =>
			!after ||
			!answer.serviceTimes[index] ||
			Date.parse(answer.serviceTimes[index]) >= Date.parse(after);
		const found = answer.records.filter((_, index) => shown(index));
		sendJson(res, 200, {
			RequestStatus: { StatusCode: 0, StatusText: 'OK' },
			...(found.length > 0 ? { FaxInfo: found } : {}),
			HasMoreResults: answer.reference ? 'true' : 'false',
			...(answer.reference ? { ResultsReference: answer.reference } : {}),
		});
	});
	const credentials = scriptedCredentials(server.url);
	const parameters = { event: 'newInboundFax' };
	const trigger = pollTrigger({ node: triggerNode, parameters, credentials });
	return { trigger, credentials, answer, received: server.received };
}
type ScriptedInbound = Awaited<ReturnType<typeof scriptedInbound>>;

/** The scripted service's clock reads `time` (`09:10`) on 5 January 2026 in its next answers. */
export const scriptedDate = (time: string) => `Mon, 05 Jan 2026 ${time}:00 GMT`;

/** Polls while the scripted service's clock reads each of `times`: none emits anything. */
export async function expectNothingAgain({ trigger, answer }: ScriptedInbound, times: string[]) {
	for (const time of times) {
		answer.date = scriptedDate(time);
		expect(await trigger.pollItems()).toEqual([]);
	}
}

/** The lines n8n logged while `run` ran, each checked for alice's password. */
export async function logLinesOf(run: () => Promise<void>): Promise<readonly string[]> {
	const watch = new SecretWatch([SEED_USERS.alice.password]);
	watch.startCapture();
	try {
		await run();
	} finally {
		watch.stopCapture();
	}
	return watch.logLines;
}

/** What `run` returned, and what n8n logged while it ran, as one text. */
export async function withLog<T>(run: () => Promise<T>): Promise<[T, string]> {
	let result: T | undefined;
	const log = await logOf(async () => {
		result = await run();
	});
	return [result as T, log];
}

/** What n8n logged while `run` ran, as one text. */
export const logOf = async (run: () => Promise<void>): Promise<string> =>
	(await logLinesOf(run)).join('\n');
