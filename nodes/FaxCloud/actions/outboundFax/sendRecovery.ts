import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { normalizeCreatedFax } from '../../../shared/recordFieldTypes';
import { faxCloudRequestAllItems } from '../../../shared/transport';
import type { RequestParams } from '../../../shared/httpEncoding';
import { apiPath } from '../../../shared/httpEncoding';

/**
 * A send whose answer was lost (connection closed, timeout, 5xx, unreadable body) may still have
 * created its faxes. Each send therefore carries a generated key in a field the search can
 * filter on, and after such a failure the node searches for it instead of guessing. The key shows
 * in the service's batch reports, so a user may turn it off (Recovery Key in Batch Fields) and
 * give up the lookup.
 */

/** The lookup is the only way out of an unknown state, so it is tried more often than a GET. */
export const LOOKUP_ATTEMPTS = 6;

export interface RecoveryKey {
	/** Parameter of the send and of the search that carries the key. */
	parameter: 'BatchUniqueId' | 'BatchName';
	/** The option the user would search with in Get Many. */
	label: 'Batch Unique ID' | 'Batch Name';
	value: string;
}

export const RECOVERY_KEY_OPTION = 'Recovery Key in Batch Fields';

/** Why a send carries no key: the user turned it off, or filled both batch fields. */
export type NoKeyReason = 'turnedOff' | 'batchFieldsTaken';

/**
 * The user's BatchUniqueId names a batch and is usually shared by every item of a run, so it
 * cannot tell one send from another: the key goes into whichever batch field the user left
 * empty. With both set there is nothing left to search by. With both empty, Batch Name gets the
 * run's key as well, so that a Retry finds all the run's faxes with one search.
 */
export function addRecoveryKey(
	fields: RequestParams,
	value: string | undefined,
	runKey?: string,
): RecoveryKey | undefined {
	if (value === undefined) return undefined;
	let key: RecoveryKey | undefined;
	if (fields.BatchUniqueId === undefined) {
		key = { parameter: 'BatchUniqueId', label: 'Batch Unique ID', value };
		if (runKey !== undefined && fields.BatchName === undefined) fields.BatchName = runKey;
	} else if (fields.BatchName === undefined) {
		key = { parameter: 'BatchName', label: 'Batch Name', value };
	}
	if (key) fields[key.parameter] = key.value;
	return key;
}

/** Where a send's key would go, without adding it: undefined when both batch fields are taken. */
export function keyFieldFor(fields: RequestParams): RecoveryKey['parameter'] | undefined {
	if (fields.BatchUniqueId === undefined) return 'BatchUniqueId';
	return fields.BatchName === undefined ? 'BatchName' : undefined;
}

/** True for a failure after which the send may have been carried out (set by the transport). */
export function sendMayHaveHappened(error: unknown): error is NodeApiError {
	return error instanceof NodeApiError && error.context.mayHaveReachedService === true;
}

/** Output items of a send: one per created fax, all of one group, in the service's order. */
export function createdFaxItems(
	created: IDataObject[],
	extra: IDataObject = {},
): INodeExecutionData[] {
	const groupId = created[0]?.GroupId ?? created[0]?.FaxId;
	return created.map((fax) => ({
		json: {
			...normalizeCreatedFax({
				FaxId: fax.FaxId,
				FaxNumber: fax.FaxNumber,
				GroupId: fax.GroupId ?? groupId,
			}),
			...extra,
		},
	}));
}

export interface UnansweredSend {
	itemIndex: number;
	key?: RecoveryKey;
	/** Set when there is no key; decides what the error advises. */
	noKeyReason?: NoKeyReason;
	/** The send's parameters as sent (FaxUserId decides whose faxes are searched). */
	fields: RequestParams;
	timeoutMs?: number;
	/** Fields every output item of the send carries (Send Once's mark). */
	extra?: IDataObject;
	/** What went wrong with the send; thrown, with the lookup's outcome, when nothing is found. */
	failure: NodeApiError | NodeOperationError;
}

/** The transport's generic "look the fax up" advice gives way to what the lookup found. */
function setAdvice(failure: NodeApiError | NodeOperationError, advice: string): void {
	failure.description = advice;
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

/** Outbound faxes matching `filter`, oldest first, as the user whose faxes the send makes. */
export async function searchAsSender(
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
		path: apiPath('outboundfaxes'),
		query,
		itemIndex,
		timeoutMs,
		attempts: LOOKUP_ATTEMPTS,
	});
}

/** The faxes carrying a send's key. */
export async function findByKey(
	this: IExecuteFunctions,
	key: RecoveryKey,
	fields: RequestParams,
	itemIndex: number,
	timeoutMs: number | undefined,
): Promise<IDataObject[]> {
	const filter = { [key.parameter]: key.value };
	return await searchAsSender.call(this, filter, fields, itemIndex, timeoutMs);
}

/**
 * Looks the send's key up and returns the faxes found as the send's output, marked
 * `recoveredAfterError`. When none exists the original failure is thrown with the lookup's
 * result: the node does not send again by itself, since a request held up on the way (a delay
 * past the timeout) could still be carried out after the lookup and the fax would go out twice.
 */
export async function recoverUnansweredSend(
	this: IExecuteFunctions,
	send: UnansweredSend,
): Promise<INodeExecutionData[]> {
	const { failure, key, fields, itemIndex } = send;
	if (!key) {
		setAdvice(failure, noKeyAdvice(send.noKeyReason, fields));
		throw failure;
	}
	let found: IDataObject[];
	try {
		found = await findByKey.call(this, key, fields, itemIndex, send.timeoutMs);
	} catch (lookupError) {
		setAdvice(
			failure,
			`Looking the fax up failed as well (${(lookupError as Error).message}): search Get Many for ${key.label} "${key.value}" before sending again.`,
		);
		throw failure;
	}
	if (found.length > 0) return createdFaxItems(found, { recoveredAfterError: true, ...send.extra });
	const deleted =
		String(fields.DeleteAfterSend) === 'true'
			? ' With Delete After Send on, a fax already sent would be gone from the search.'
			: '';
	setAdvice(
		failure,
		`The node looked the fax up by ${key.label} "${key.value}" and found none, so the service did not create it.${deleted} The node does not send it again by itself: a request held up in the network could still arrive. Send it again once Get Many still finds no fax with this ${key.label}.`,
	);
	throw failure;
}
