// The trigger's stored state: its layout, loading (with mismatches) and saving in one step.
import type { IDataObject } from 'n8n-workflow';

import { windowOfVersion1 } from './stateVersion1';
import type { WindowState } from './eventWindow';
import { isWindowState } from './eventWindow';

/** Layout version of the node's static data; version 1 is read and rewritten, others start afresh. */
const STATE_VERSION = 2;

/**
 * What the trigger keeps in the workflow's static data between polls. Every part is bounded:
 * the window by the events of the lateness allowance, `held` by MAX_HELD (heldEvents.ts), `marks`
 * by MAX_MARK_RETRIES, `pending` by the mail merge jobs still in process, `jobs` by the mail merge
 * jobs the service still has.
 */
export interface TriggerState extends WindowState {
	/** Which event and which faxes the state belongs to; a change starts afresh. */
	watching: string;
	/**
	 * The account (base URL and login, see account.ts) the state belongs to; a change starts
	 * afresh. A state saved before accounts were kept has none and is taken as the current one's.
	 */
	account?: string;
	/** Inbound faxes whose mark as retrieved failed: [FaxId, attempts so far]. */
	marks?: Array<[number, number]>;
	/** Mail merge jobs that were in process at the last poll. */
	pending?: number[];
	/**
	 * Mail merge jobs the trigger knows (emitted, pending, or there at the activation), until the
	 * service says one does not exist; absent in states written before it was kept.
	 */
	jobs?: number[];
}

function validMarks(value: unknown): value is Array<[number, number]> | undefined {
	return (
		value === undefined ||
		(Array.isArray(value) &&
			value.every(
				(entry) => Array.isArray(entry) && entry.length === 2 && entry.every(Number.isInteger),
			))
	);
}

function validPending(value: unknown): value is number[] | undefined {
	return value === undefined || (Array.isArray(value) && value.every(Number.isInteger));
}

function windowOf(value: IDataObject): WindowState | undefined {
	if (value.version === STATE_VERSION) {
		if (!isWindowState(value)) return undefined;
		const { windowStart, seen, statuses, clock, sliceMs, held } = value;
		return { windowStart, seen, statuses, clock, sliceMs, held };
	}
	return windowOfVersion1(value);
}

/** Why a stored state cannot be continued; undefined when it can. */
export type StateMismatch = 'nothing' | 'account' | 'watching' | 'unreadable';

function mismatchOf(
	staticData: IDataObject,
	watching: string,
	account: string,
	window: WindowState | undefined,
): StateMismatch | undefined {
	if (Object.keys(staticData).length === 0) return 'nothing';
	if (staticData.watching !== watching) return 'watching';
	if (staticData.account !== undefined && staticData.account !== account) return 'account';
	if (
		!validMarks(staticData.marks) ||
		!validPending(staticData.pending) ||
		!validPending(staticData.jobs)
	)
		return 'unreadable';
	return window ? undefined : 'unreadable';
}

export type LoadedState =
	| { state: TriggerState; mismatch?: undefined }
	| {
			state?: undefined;
			mismatch: StateMismatch;
			/** What the replaced state still had to do: mark retries and mail merge jobs in process. */
			leftBehind: { marks: number; pending: number };
	  };

/** The stored state when it belongs to what the node watches now, with this account. */
export function loadState(staticData: IDataObject, watching: string, account: string): LoadedState {
	const window = windowOf(staticData);
	const mismatch = mismatchOf(staticData, watching, account, window);
	if (mismatch || !window) {
		const { marks, pending } = staticData;
		return {
			mismatch: mismatch ?? 'unreadable',
			leftBehind: {
				marks: Array.isArray(marks) ? marks.length : 0,
				pending: Array.isArray(pending) ? pending.length : 0,
			},
		};
	}
	const { marks, pending, jobs } = staticData as Pick<TriggerState, 'marks' | 'pending' | 'jobs'>;
	return { state: { watching, account, ...window, marks, pending, jobs } };
}

/** The stored state of an event, without the `watching` tag the poll adds. */
export type EventState = Omit<TriggerState, 'watching'>;

/** How many times a state was saved: states before generations were kept count as 0. */
export function generationOf(staticData: IDataObject): number {
	const generation = staticData.generation;
	return typeof generation === 'number' && Number.isInteger(generation) ? generation : 0;
}

/**
 * Replaces the stored state in one step, at the end of a poll whose requests all succeeded, and
 * returns its generation: one more than the stored one when the state changed. An unchanged
 * state is not written, so n8n has nothing to save.
 */
export function saveState(staticData: IDataObject, state: TriggerState): number {
	const generation = generationOf(staticData);
	const stored = JSON.parse(
		JSON.stringify({ version: STATE_VERSION, ...state, generation }),
	) as IDataObject;
	const keys = new Set([...Object.keys(stored), ...Object.keys(staticData)]);
	const same = [...keys].every(
		(key) => JSON.stringify(stored[key]) === JSON.stringify(staticData[key]),
	);
	if (same) return generation;
	for (const key of Object.keys(staticData)) {
		if (!(key in stored)) delete staticData[key];
	}
	Object.assign(staticData, stored, { generation: generation + 1 });
	return generation + 1;
}
