// Helpers of the Fax Cloud Trigger suites: a trigger started and polled, records made for it.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator, EmulatorOptions } from '../../../emulator';
import type { InjectInboundOptions } from '../../../emulator/control/inject';
import { loginCredentials, SEED_USERS, useEmulator, type Login } from '../../harness/jest/emulator';
import { SecretWatch } from '../../harness/jest/fault-helpers';
import {
	pollTrigger,
	pollWorkflow,
	type PolledTrigger,
	type PollWorkflowOptions,
} from '../../harness/jest/poll';
import { historyAfter, inboundCreatedAfter, statusChanges } from '../../harness/jest/ground-truth';
import { triggerNode } from '../../harness/jest/trigger-kit';

/** Durations on the emulator's clock, in ms. */
export const SECOND = 1_000;
export const MINUTE = 60_000;

/** The test file's emu (useEmulator: started once, reset before each test), as a value. */
export function useTriggerEmulator(options?: EmulatorOptions): Emulator {
	const current = useEmulator(options);
	return new Proxy({} as Emulator, { get: (_, key) => Reflect.get(current(), key) as unknown });
}

type ReceiveOptions = Omit<InjectInboundOptions, 'userId' | 'count'>;

/** `count` faxes alice receives now (or as `options` say): the emulator's wire records. */
export const receive = (emu: Emulator, count = 1, options: ReceiveOptions = {}) =>
	emu.control.injectInbound({ userId: 'alice@acme', count, ...options });

/** The FaxIds of faxes the emulator made, as numbers, as the trigger emits them. */
export const faxIds = (faxes: Array<Record<string, string | boolean>>) =>
	faxes.map((fax) => Number(fax.FaxId));

type WatchOptions = Pick<Login, 'user' | 'password'> &
	Pick<PollWorkflowOptions, 'pollBudgetMs' | 'typeVersion' | 'durableCursors'>;

const realNow = Date.now.bind(Date);

/**
 * The n8n host's clock moves as the emulator's does (plus `extraMs()`): the trigger checks the
 * Date header against the host's clock (serviceClock.ts); a still host takes a jump for a bad clock.
 * With `realTime: false` the host's own time stands still, so a load on the machine running the
 * test spends none of a poll's time budget.
 */
export function hostClockFollows(emu: Emulator, extraMs = () => 0, { realTime = true } = {}) {
	const emulatorNow = () => Date.parse(emu.control.now());
	const start = emulatorNow();
	const began = realNow();
	let reading = false;
	jest.spyOn(Date, 'now').mockImplementation(() => {
		// An emu on the real clock reads Date.now itself.
		if (reading) return realNow();
		reading = true;
		try {
			return (realTime ? realNow() : began) + Math.max(0, emulatorNow() - start) + extraMs();
		} finally {
			reading = false;
		}
	});
}

/** The trigger logged in to the emulator, the host's clock following the emulator's. */
function watching(emu: Emulator, { user, password, ...poll }: WatchOptions = {}) {
	hostClockFollows(emu);
	return {
		node: triggerNode,
		credentials: loginCredentials(emu, { user, password }),
		...poll,
	};
}

/** A Fax Cloud Trigger in an active workflow, logged in to the emulator. */
export const watchTrigger = (emu: Emulator, parameters: IDataObject, options?: WatchOptions) =>
	pollTrigger({ ...watching(emu, options), parameters });

/** Several Fax Cloud Triggers in one workflow (each node keeps its own static data). */
export const watchTriggers = (emu: Emulator, nodes: Record<string, IDataObject>) =>
	pollWorkflow({ ...watching(emu), nodes });

/** A Fax Cloud Trigger after its first poll, with the emulator's record of what changed since. */
export async function watchFromNow(emu: Emulator, parameters: IDataObject, options?: WatchOptions) {
	const trigger = watchTrigger(emu, parameters, options);
	await trigger.poll();
	const inboundBefore = emu.control.stats().inboundCount;
	const historyBefore = emu.control.outboundHistory().length;
	return {
		...trigger,
		/** Inbound faxes the emulator created since the first poll, ascending. */
		inboundSinceStart: () => inboundCreatedAfter(emu, inboundBefore),
		/** Status changes the emulator recorded since the first poll (of `statuses` when given). */
		changesSinceStart: (statuses?: string[]) => historyAfter(emu, historyBefore, statuses),
	};
}

/** A New Inbound Fax trigger (with more `parameters`) after its first poll: watchFromNow. */
export const watchInbound = (emu: Emulator, parameters: IDataObject = {}, options?: WatchOptions) =>
	watchFromNow(emu, { event: 'newInboundFax', ...parameters }, options);

/** An hour passes (from 09:00) in which alice receives `count` faxes or `count` sends complete. */
export function backlogOverAnHour(emu: Emulator, direction: 'inbound' | 'outbound', count: number) {
	emu.control.advance(60 * MINUTE);
	const span = { userId: 'alice@acme', to: emu.control.now() };
	if (direction === 'inbound') {
		emu.control.bulkCreateInbound(count, { ...span, from: '2026-01-05T09:00:01Z' });
	} else {
		emu.control.bulkCreateOutbound(count, { ...span, from: '2026-01-05T09:00:00Z' });
	}
}

/** The event keys a trigger's stored window holds, all times together. */
export const seenKeys = (trigger: PolledTrigger) =>
	Object.values(trigger.staticData().seen as object).flat() as string[];

/** Polls until a poll emits nothing, collecting every item; fails after `maxPolls`. */
export async function drain(trigger: PolledTrigger, maxPolls = 50) {
	const polls: INodeExecutionData[][] = [];
	for (let i = 0; i < maxPolls; i++) {
		const items = await trigger.pollItems();
		if (items.length === 0) return polls;
		polls.push(items);
	}
	throw new Error(`still emitting after ${maxPolls} polls`);
}

/** `count` polls (`poll` run that often, one after another): what each returned. */
export async function pollTimes<T>(poll: () => Promise<T>, count: number) {
	const polls: T[] = [];
	for (let i = 0; i < count; i++) polls.push(await poll());
	return polls;
}

/** A poll after each step (ms on the emulator's clock): the status changes emitted, in order. */
export async function changesAfterSteps(emu: Emulator, trigger: PolledTrigger, steps: number[]) {
	const emitted: string[] = [];
	for (const step of steps) {
		emu.control.advance(step);
		emitted.push(...statusChanges(await trigger.pollItems()));
	}
	return emitted;
}

/** What `run` returned, and the lines n8n logged while it ran (checked for the `secrets`). */
export async function withLog<T>(
	run: () => Promise<T>,
	secrets: string[] = [SEED_USERS.alice.password],
): Promise<[T, readonly string[]]> {
	const watch = new SecretWatch(secrets);
	watch.startCapture();
	try {
		return [await run(), watch.logLines];
	} finally {
		watch.stopCapture();
	}
}
