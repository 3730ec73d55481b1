import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { normalizeCreatedFax } from '../../../../shared/recordFieldTypes';
import { faxCloudRequestAllItems } from '../../../../shared/transport/paging';
import type { RequestParams } from '../../../../shared/transport/httpEncoding';
import { apiPath } from '../../../../shared/transport/httpEncoding';
import { RECOVERY_KEY_OPTION, type NoKeyReason, type RecoveryKey, type SendRun } from './keys';

/**
 * The two questions a send asks the service about its key, and nothing else does:
 * - "was this sent already?" (`findEarlierSend`): before a send that repeats one (a Retry, Retry
 *   On Fail) and before every send with Send Once per Key;
 * - "what did this send make?" (`recoverLostAnswer`): after a send whose answer was lost
 *   (connection closed, timeout, 5xx, unreadable body), which may still have created its faxes.
 * A derived key names one send of one lineage, so both find only that lineage's faxes.
 */

/** Where sends go and lookups search: built once, since a bulk send asks for it per fax. */
export const OUTBOUND_FAXES = apiPath('outboundfaxes');

/** The lookup is the only way out of an unknown state, so it is tried more often than a GET. */
export const LOOKUP_ATTEMPTS = 6;

/** Send Once's mark on each output item of a send the node looked up first. */
export type SendOnceOutcome = 'sent' | 'found';

/** Output items of a send: one per created fax, all of one group, in the service's order. */
export function createdFaxItems(
	created: IDataObject[],
	extra: IDataObject = {},
): INodeExecutionData[] {
	const groupId = created[0]?.GroupId ?? created[0]?.FaxId;
	return created.map((fax) => ({
		// The normalised record is a new object: the marks go into it rather than into a copy.
		json: Object.assign(
			normalizeCreatedFax({
				FaxId: fax.FaxId,
				FaxNumber: fax.FaxNumber,
				GroupId: fax.GroupId ?? groupId,
			}),
			extra,
		),
	}));
}

/** A send not made because its key has faxes: those faxes, as the service had them. */
export function foundItems(found: IDataObject[]): INodeExecutionData[] {
	const outcome: SendOnceOutcome = 'found';
	return createdFaxItems(found, { sendOnce: outcome }).map((item, index) => ({
		json: {
			...item.json,
			FaxStatus: found[index].FaxStatus ?? null,
			CreateTime: found[index].CreateTime ?? null,
		},
	}));
}

/** Outbound faxes matching `filter`, oldest first, as the user whose faxes the send makes. */
async function searchAsSender(
	this: IExecuteFunctions,
	filter: RequestParams,
	fields: RequestParams,
	itemIndex: number,
	timeoutMs: number | undefined,
): Promise<IDataObject[]> {
	const query: RequestParams = { ...filter, SortColumn: 'faxId', SortOrder: 'asc' };
	if (fields.FaxUserId !== undefined) query.FaxUserId = fields.FaxUserId;
	return await faxCloudRequestAllItems.call(this, {
		api: 'fax',
		method: 'GET',
		path: OUTBOUND_FAXES,
		query,
		itemIndex,
		timeoutMs,
		attempts: LOOKUP_ATTEMPTS,
	});
}

async function findByKey(
	this: IExecuteFunctions,
	key: RecoveryKey,
	fields: RequestParams,
	itemIndex: number,
	timeoutMs: number | undefined,
): Promise<IDataObject[]> {
	return await searchAsSender.call(
		this,
		{ [key.parameter]: key.value },
		fields,
		itemIndex,
		timeoutMs,
	);
}

async function searchRun(
	this: IExecuteFunctions,
	runKey: string,
	fields: RequestParams,
	itemIndex: number,
	timeoutMs: number | undefined,
): Promise<Map<string, IDataObject[]>> {
	const records = await searchAsSender.call(
		this,
		{ BatchName: runKey },
		fields,
		itemIndex,
		timeoutMs,
	);
	const byKey = new Map<string, IDataObject[]>();
	for (const record of records) {
		const key = String(record.BatchUniqueId ?? '');
		byKey.set(key, [...(byKey.get(key) ?? []), record]);
	}
	return byKey;
}

export interface KeyedSend {
	key: RecoveryKey;
	/** The send's fields with the key in place (FaxUserId decides whose faxes are searched). */
	fields: RequestParams;
	itemIndex: number;
	timeoutMs?: number;
	run: SendRun;
}

/**
 * The faxes that already carry this send's key. When Batch Name holds the run's key, one search
 * per Fax User ID serves the whole run; otherwise each send is looked up by its own key.
 */
export async function findEarlierSend(
	this: IExecuteFunctions,
	send: KeyedSend,
): Promise<IDataObject[]> {
	const { key, fields, itemIndex, timeoutMs, run } = send;
	const runKey = run.runKey;
	if (runKey !== undefined && fields.BatchName === runKey) {
		const searchId = String(fields.FaxUserId ?? '');
		let search = run.runFaxes.get(searchId);
		if (!search) {
			search = searchRun.call(this, runKey, fields, itemIndex, timeoutMs);
			run.runFaxes.set(searchId, search);
		}
		return (await search).get(key.value) ?? [];
	}
	return await findByKey.call(this, key, fields, itemIndex, timeoutMs);
}

export interface UnansweredSend {
	itemIndex: number;
	key?: RecoveryKey;
	/** Set when there is no key; decides what the error advises. */
	noKeyReason?: NoKeyReason;
	/** The send's parameters as sent. */
	fields: RequestParams;
	timeoutMs?: number;
	/** Fields every output item of the send carries (Send Once's mark). */
	extra?: IDataObject;
	/** What went wrong with the send; thrown, with the lookup's outcome, when nothing is found. */
	failure: NodeApiError | NodeOperationError;
}

function noKeyAdvice(reason: NoKeyReason | undefined, fields: RequestParams): string {
	if (reason === 'turnedOff') {
		const batch =
			fields.BatchUniqueId === undefined
				? ''
				: ` with Batch Unique ID "${String(fields.BatchUniqueId)}"`;
		return `The fax may or may not have been sent. ${RECOVERY_KEY_OPTION} is off, so the node has no key to look it up by: search Get Many for the faxes${batch} updated since this run started before sending again, or turn the option on to let the node look it up.`;
	}
	return `The fax may have been created. With both Batch Name and Batch Unique ID set the node has no key of its own to look it up: search Get Many for Batch Unique ID "${String(fields.BatchUniqueId)}" before sending again, and leave one of the two empty to let the node do it.`;
}

/**
 * Looks the send's key up and returns the faxes found as the send's output, marked
 * `recoveredAfterError`. When none exists the original failure is thrown with the lookup's
 * result: the node does not send again by itself, since a request held up on the way (a delay
 * past the timeout) could still be carried out after the lookup and the fax would go out twice.
 */
export async function recoverLostAnswer(
	this: IExecuteFunctions,
	send: UnansweredSend,
): Promise<INodeExecutionData[]> {
	const { failure, key, fields, itemIndex } = send;
	if (!key) {
		failure.description = noKeyAdvice(send.noKeyReason, fields);
		throw failure;
	}
	let found: IDataObject[];
	try {
		found = await findByKey.call(this, key, fields, itemIndex, send.timeoutMs);
	} catch (lookupError) {
		failure.description = `Looking the fax up failed as well (${(lookupError as Error).message}): search Get Many for ${key.label} "${key.value}" before sending again.`;
		throw failure;
	}
	if (found.length > 0) return createdFaxItems(found, { recoveredAfterError: true, ...send.extra });
	const deleted =
		String(fields.DeleteAfterSend) === 'true'
			? ' With Delete After Send on, a fax already sent would be gone from the search.'
			: '';
	failure.description = `The node looked the fax up by ${key.label} "${key.value}" and found none, so the service did not create it.${deleted} The node does not send it again by itself: a request held up in the network could still arrive. Send it again once Get Many still finds no fax with this ${key.label}.`;
	throw failure;
}
