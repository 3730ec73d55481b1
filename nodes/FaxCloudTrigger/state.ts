import type { IDataObject } from 'n8n-workflow';

import type { WindowState } from './cursor';
import { isWindowState } from './cursor';

/** Layout version of the node's static data; another version starts afresh. */
const STATE_VERSION = 1;

/**
 * What the trigger keeps in the workflow's static data between polls. Every part is bounded:
 * the window by the events of about two minutes, `marks` by MAX_MARK_RETRIES, `pending` by the
 * mail merge jobs still in process.
 */
export interface TriggerState extends WindowState {
	/** Which event and which faxes the state belongs to; a change starts afresh. */
	watching: string;
	/** Inbound faxes whose mark as retrieved failed: [FaxId, attempts so far]. */
	marks?: Array<[number, number]>;
	/** Mail merge jobs that were in process at the last poll. */
	pending?: number[];
}

interface StoredState extends TriggerState {
	version: number;
}

function isTriggerState(value: IDataObject): value is IDataObject & StoredState {
	return (
		value.version === STATE_VERSION &&
		typeof value.watching === 'string' &&
		isWindowState(value) &&
		(value.marks === undefined ||
			(Array.isArray(value.marks) &&
				value.marks.every(
					(entry) => Array.isArray(entry) && entry.length === 2 && entry.every(Number.isInteger),
				))) &&
		(value.pending === undefined ||
			(Array.isArray(value.pending) && value.pending.every(Number.isInteger)))
	);
}

/** The stored state when it belongs to what the node watches now; otherwise undefined. */
export function loadState(staticData: IDataObject, watching: string): TriggerState | undefined {
	if (!isTriggerState(staticData) || staticData.watching !== watching) return undefined;
	return {
		watching: staticData.watching,
		cursor: staticData.cursor,
		seen: staticData.seen,
		marks: staticData.marks,
		pending: staticData.pending,
	};
}

/**
 * Replaces the stored state in one step, at the end of a poll whose requests all succeeded. An
 * unchanged state is not written, so n8n has nothing to save.
 */
export function saveState(staticData: IDataObject, state: TriggerState): void {
	const stored = JSON.parse(JSON.stringify({ version: STATE_VERSION, ...state })) as IDataObject;
	const keys = new Set([...Object.keys(stored), ...Object.keys(staticData)]);
	const same = [...keys].every(
		(key) => JSON.stringify(stored[key]) === JSON.stringify(staticData[key]),
	);
	if (same) return;
	for (const key of Object.keys(staticData)) {
		if (!(key in stored)) delete staticData[key];
	}
	Object.assign(staticData, stored);
}
