// The Fax Cloud Trigger suites' ground truth: what the trigger emitted, what the emulator recorded.
import type { INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import type { HistoryEntry } from '../../../emulator/control/control';
import { SEED_USERS, type SeedUser } from './emulator';

/** Each emitted value once, and together exactly the ground truth (in any order). */
export function expectEachOnce<T>(emitted: T[], truth: T[]) {
	expect(new Set(emitted).size).toBe(emitted.length);
	expect(sorted(emitted)).toEqual(sorted(truth));
}

export const sorted = <T>(values: T[]) => [...values].sort();

export const inboundIds = (items: INodeExecutionData[]) =>
	items.map((item) => Number(item.json.FaxId));

/** An outbound status change as `FaxId:status`, the way the ground truth is compared. */
export const statusChanges = (items: INodeExecutionData[]) =>
	items.map((item) => `${String(item.json.FaxId)}:${String(item.json.FaxStatus)}`);

/** Inbound faxes the emulator created since `sinceId` (exclusive), ascending, as ground truth. */
export const inboundCreatedAfter = (emulator: Emulator, sinceId: number): number[] =>
	emulator.control
		.inboundAll()
		.map((fax) => Number(fax.FaxId))
		.filter((faxId) => faxId > sinceId)
		.sort((a, b) => a - b);

/**
 * Status changes recorded by the emulator after the first `skip` history entries, as
 * `FaxId:status`: all, those of the given statuses, or those `keep` says.
 */
export function historyAfter(
	emulator: Emulator,
	skip: number,
	keep?: string[] | ((change: HistoryEntry) => boolean),
): string[] {
	const kept =
		typeof keep === 'function'
			? keep
			: (change: HistoryEntry) => !keep || keep.includes(change.status);
	return emulator.control
		.outboundHistory()
		.slice(skip)
		.filter(kept)
		.map((change) => `${change.faxId}:${change.status}`);
}

/** Search requests of one direction the emulator received, oldest first. */
export const searches = (emulator: Emulator, collection: 'inboundfaxes' | 'outboundfaxes') =>
	emulator.control.requests({ api: 'fax', method: 'GET', path: `^/v1/${collection}$` });

/** The account a trigger's stored state names: the fax interface's base URL and the login. */
export const stateAccount = (emulator: Emulator, user: SeedUser = 'alice') =>
	JSON.stringify([emulator.urls.fax, SEED_USERS[user].userId]);
