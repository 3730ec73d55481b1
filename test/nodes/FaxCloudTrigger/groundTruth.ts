// The Fax Cloud Trigger suites' ground truth: what the trigger emitted, what the emulator recorded.
import type { INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { SEED_USERS, type SeedUser } from '../../harness/jest/emulator';

/** Each emitted value once, and together exactly the ground truth (in any order). */
export function expectEachOnce<T>(emitted: T[], truth: T[]) {
	expect(new Set(emitted).size).toBe(emitted.length);
	expect(sorted(emitted)).toEqual(sorted(truth));
}

export const inboundIds = (items: INodeExecutionData[]) =>
	items.map((item) => Number(item.json.FaxId));

/** An outbound status change as `FaxId:status`, the way the ground truth is compared. */
export const statusChanges = (items: INodeExecutionData[]) =>
	items.map((item) => `${String(item.json.FaxId)}:${String(item.json.FaxStatus)}`);

/** Inbound faxes the emulator created since `sinceId` (exclusive), as ground truth. */
export function inboundCreatedAfter(
	emulator: Emulator,
	sinceId: number,
	userId?: string,
): number[] {
	return emulator.control
		.inboundAll()
		.filter((fax) => Number(fax.FaxId) > sinceId && (!userId || fax.FaxUserId === userId))
		.map((fax) => Number(fax.FaxId))
		.sort((a, b) => a - b);
}

/** Status changes recorded by the emulator after the first `skip` history entries. */
export function historyAfter(emulator: Emulator, skip: number, statuses?: string[]): string[] {
	return emulator.control
		.outboundHistory()
		.slice(skip)
		.filter((change) => !statuses || statuses.includes(change.status))
		.map((change) => `${change.faxId}:${change.status}`);
}

export const sorted = <T>(values: T[]) => [...values].sort();

/** Search requests of one direction the emulator received, oldest first. */
export function searches(emulator: Emulator, collection: 'inboundfaxes' | 'outboundfaxes') {
	return emulator.control.requests({ api: 'fax', method: 'GET', path: `^/v1/${collection}$` });
}

/** The account a trigger's stored state names: the fax interface's base URL and the login. */
export const stateAccount = (emulator: Emulator, user: SeedUser = 'alice') =>
	JSON.stringify([emulator.urls.fax, SEED_USERS[user].userId]);
