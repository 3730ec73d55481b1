import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { RequestParams } from '../../../../shared/transport/httpEncoding';
import { Digest } from '../../common/digest';
import type { Lineage } from '../../common/lineage';

/**
 * Every send carries a key in a batch field the search can filter on, so that the node can ask
 * the service whether a send whose answer was lost, or that a Retry repeats, made its faxes. A
 * derived key names the send's place in its lineage (see common/lineage.ts): the workflow, the
 * node, the lineage, the node's run index and the item's position. Not its content: n8n's Retry
 * runs the node again on the same stored input, and a parameter that changed in between ($now in
 * Send After, the current workflow) does not make a send that went out a new one. With Send Once
 * per Key the user's key (an order number) replaces all but workflow and node, so it holds across
 * executions.
 */

export const SEND_ONCE_OPTION = 'Send Once per Key';
export const RECOVERY_KEY_OPTION = 'Recovery Key in Batch Fields';

export interface RecoveryKey {
	/** Parameter of the send and of the search that carries the key. */
	parameter: 'BatchUniqueId' | 'BatchName';
	/** The option the user would search with in Get Many. */
	label: 'Batch Unique ID' | 'Batch Name';
	value: string;
}

/** Why a send carries no key: the user turned it off, or filled both batch fields. */
export type NoKeyReason = 'turnedOff' | 'batchFieldsTaken';

/** What the sends of one run of the node share. */
export interface SendRun {
	lineage: Lineage;
	/** Workflow and node, the scope of every key (the node's name before n8n gave nodes IDs). */
	scope: Digest;
	/** The lineage's run, the scope of derived keys; undefined when the lineage is unknown. */
	runScope?: Digest;
	/** The run's scope with the item marker added, so each send's key digests only its index. */
	itemScope?: Digest;
	/** Batch Name of a run's sends when both batch fields are left to the node. */
	runKey?: string;
	/** The run's faxes by BatchUniqueId, one search per Fax User ID, made when first needed. */
	runFaxes: Map<string, Promise<Map<string, IDataObject[]>>>;
	/** Send Once per Key: the outcome of the run's latest send of each key, in item order. */
	onceSends: Map<string, Promise<IDataObject[] | undefined>>;
}

/** Read once per run: n8n copies the whole node on every getNode call. */
export function newSendRun(context: IExecuteFunctions, lineage: Lineage): SendRun {
	const node = context.getNode();
	const scope = new Digest()
		.add('fax-cloud-send/1')
		.add(String(context.getWorkflow().id ?? ''))
		.add(node.id || node.name);
	const run: SendRun = { lineage, scope, runFaxes: new Map(), onceSends: new Map() };
	if (lineage.id !== undefined) {
		run.runScope = scope.copy().add('lineage').add(lineage.id).add(String(lineage.runIndex));
		run.runKey = `n8n-run-${run.runScope.copy().add('run').key()}`;
		run.itemScope = run.runScope.copy().add('item');
	}
	return run;
}

/** The derived key of item N's send in its lineage's run (runScope, 'item', N). */
export function itemKey(itemScope: Digest, itemIndex: number): string {
	return `n8n-${itemScope.copy().add(String(itemIndex)).key()}`;
}

/** The key of a send with Send Once per Key: the user's key, within this workflow and node. */
export function userKey(run: SendRun, key: string): string {
	return `n8n-${run.scope.copy().add('once').add(key).key()}`;
}

/**
 * The user's BatchUniqueId names a batch and is usually shared by every item of a run, so it
 * cannot tell one send from another: the key goes into whichever batch field the user left
 * empty. With both set there is nothing left to search by. With both empty, Batch Name gets the
 * run's key as well, so that a Retry finds all the run's faxes with one search.
 */
export function addRecoveryKey(
	fields: RequestParams,
	value: string,
	runKey?: string,
): RecoveryKey | undefined {
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
