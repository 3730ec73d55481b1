// The Fax Cloud Trigger under test and its ground truth: what it emitted, what the emulator recorded.
import type { INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import type { HistoryEntry } from '../../../emulator/control/control';
import { FaxCloudTrigger } from '../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node';
import { call, postMailMergeJob, sendFax } from '../emulatorHttp';
import { SEED_USERS, type SeedUser } from './emulator';

export const triggerNode = new FaxCloudTrigger();

/** Creates a job of `lines` CSV lines; the emulator reads one line every 2 s, then it is COMPLETE. */
export const createJob = (emu: Emulator, lines: number, user: SeedUser = 'alice') =>
	postMailMergeJob(emu, lines, SEED_USERS[user]);

/** Sends one fax as a seed user; the last four digits script its outcome (emulator README). */
export async function sendOutbound(
	emu: Emulator,
	user: SeedUser,
	faxNumber = '12125550000',
	params: Record<string, string> = {},
	file?: Blob,
): Promise<number> {
	const res = await sendFax(emu, SEED_USERS[user], { FaxNumber: faxNumber, ...params }, file);
	if (res.status !== 201) throw new Error(`send failed: ${res.status} ${res.body.toString()}`);
	return Number(res.json.FaxInfo[0].FaxId);
}

/** Another client of the service, logged in as alice, edits a fax (`path`: `inboundfaxes/7`). */
export async function editFax(emu: Emulator, path: string, form: Record<string, string>) {
	const res = await call('PUT', `${emu.urls.fax}/${path}`, { auth: SEED_USERS.alice, form });
	if (res.status !== 201) throw new Error(`PUT ${path} failed: ${res.status}`);
}

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
