import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { FaxCloudTrigger } from '../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node';
import { postMailMergeJob, sendFax } from '../../harness/emulatorHttp';
import {
	loginCredentials,
	SEED_USERS,
	type Login,
	type SeedUser,
} from '../../harness/jest/emulator';
import { SecretWatch } from '../../harness/jest/fault-helpers';
import { pollTrigger, pollWorkflow, type PolledTrigger } from '../../harness/jest/poll';
import { historyAfter, inboundCreatedAfter } from './groundTruth';

/** Helpers of the Fax Cloud Trigger suites: a trigger started and polled, records made for it. */

export const triggerNode = new FaxCloudTrigger();

/** Durations on the emulator's clock, in ms. */
export const SECOND = 1_000;
export const MINUTE = 60_000;

export interface WatchOptions extends Pick<Login, 'user' | 'password'> {
	pollBudgetMs?: number;
	/** The node's version; 1 (the round-1 parameters) unless a test of version 2 says so. */
	typeVersion?: number;
	/** n8n's durable poll cursors (test/harness/jest/poll.ts). */
	durableCursors?: boolean;
}

const realNow = Date.now.bind(Date);

/**
 * The n8n host's clock moves as the emulator's does. A test moves the service's clock on by
 * minutes between two polls, which on a real host takes as long; the trigger checks the service's
 * Date header against the time the host's clock moved (serviceClock.ts), so a host that stood
 * still while the service's clock jumped an hour would rightly be taken as a wrong service clock.
 */
export function hostClockFollows(emulator: Emulator): void {
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

/** A Fax Cloud Trigger in an active workflow, logged in to the emulator. */
export function watchTrigger(
	emulator: Emulator,
	parameters: IDataObject,
	options: WatchOptions = {},
): PolledTrigger {
	hostClockFollows(emulator);
	return pollTrigger({
		node: triggerNode,
		parameters,
		credentials: loginCredentials(emulator, options),
		pollBudgetMs: options.pollBudgetMs,
		typeVersion: options.typeVersion,
		durableCursors: options.durableCursors,
	});
}

export interface WatchedTrigger extends PolledTrigger {
	/** Inbound faxes the emulator created since the first poll, ascending: the ground truth. */
	inboundSinceStart(): number[];
	/** Status changes the emulator recorded since the first poll (of `statuses` when given). */
	changesSinceStart(statuses?: string[]): string[];
}

/**
 * A Fax Cloud Trigger that has made its first poll, its output left aside: what it emits from
 * then on is what changes after this point, the way most tests start; the emulator's record of
 * those changes is the ground truth to compare with.
 */
export async function watchFromNow(
	emulator: Emulator,
	parameters: IDataObject,
	options: WatchOptions = {},
): Promise<WatchedTrigger> {
	const trigger = watchTrigger(emulator, parameters, options);
	await trigger.poll();
	const inboundBefore = emulator.control.stats().inboundCount;
	const historyBefore = emulator.control.outboundHistory().length;
	return {
		...trigger,
		inboundSinceStart: () => inboundCreatedAfter(emulator, inboundBefore),
		changesSinceStart: (statuses) => historyAfter(emulator, historyBefore, statuses),
	};
}

/** Several Fax Cloud Triggers in one workflow (each node keeps its own static data). */
export function watchTriggers(
	emulator: Emulator,
	nodes: Record<string, IDataObject>,
	options: WatchOptions = {},
): Record<string, PolledTrigger> {
	hostClockFollows(emulator);
	return pollWorkflow({
		node: triggerNode,
		nodes,
		credentials: loginCredentials(emulator, options),
		pollBudgetMs: options.pollBudgetMs,
		typeVersion: options.typeVersion,
		durableCursors: options.durableCursors,
	});
}

/** Sends one fax as a seed user; the last four digits script its outcome (emulator README). */
export async function sendOutbound(
	emulator: Emulator,
	user: SeedUser,
	faxNumber = '12125550000',
	params: Record<string, string> = {},
): Promise<number> {
	const res = await sendFax(emulator, SEED_USERS[user], { FaxNumber: faxNumber, ...params });
	if (res.status !== 201) throw new Error(`send failed: ${res.status} ${res.body.toString()}`);
	return Number(res.json.FaxInfo[0].FaxId);
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
	if (direction === 'inbound') {
		emulator.control.bulkCreateInbound(count, {
			userId: 'alice@acme',
			from: '2026-01-05T09:00:01Z',
			to: emulator.control.now(),
		});
	} else {
		emulator.control.bulkCreateOutbound(count, {
			userId: 'alice@acme',
			from: '2026-01-05T09:00:00Z',
			to: emulator.control.now(),
		});
	}
}

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

/** A New Inbound Fax trigger logged in as alice to a scripted service instead of the emulator. */
export const watchScripted = (url: string): PolledTrigger =>
	pollTrigger({
		node: triggerNode,
		parameters: { event: 'newInboundFax' },
		credentials: scriptedCredentials(url),
	});

/** Credentials of alice pointing at a scripted service instead of the emulator. */
export const scriptedCredentials = (url: string) => ({
	faxCloudApi: {
		userId: 'alice@acme',
		password: 'alice-pass-1',
		faxBaseUrl: `${url}/v1`,
		mailMergeBaseUrl: `${url}/mm/v1`,
	},
});

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

/** What n8n logged while `run` ran, as one text. */
export const logOf = async (run: () => Promise<void>): Promise<string> =>
	(await logLinesOf(run)).join('\n');

/** Creates a job of `lines` CSV lines; the emulator reads one line every 2 s, then it is COMPLETE. */
export const createJob = (emu: Emulator, lines: number, user: SeedUser = 'alice') =>
	postMailMergeJob(emu, lines, SEED_USERS[user]);
