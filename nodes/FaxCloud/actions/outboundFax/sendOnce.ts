import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { FilePart, RequestParams } from '../../../shared/httpEncoding';
import { Digest } from '../common/digest';
import { createdFaxItems, findByKey, searchAsSender, type RecoveryKey } from './sendRecovery';

/**
 * A send's key is derived, not drawn: from the workflow, the node, the item's position and what
 * the send holds (numbers, options, files' bytes). n8n's Retry runs the node again with the same
 * items, so the retried send carries the key the first one did, and the node can ask the service
 * whether that send already made its faxes. With Send Once per Key the user's own key (an order
 * number) replaces position and content, so it also holds across executions.
 */

export const SEND_ONCE_OPTION = 'Send Once per Key';

/** Marks each output item of a send the node looked up first. */
export type SendOnceOutcome = 'sent' | 'found';

/** What the sends of one run share: the keys' scope, the run's key and its searches. */
export interface SendRun {
	/** The workflow's ID and the node's (its name before n8n gave nodes IDs): every key's scope. */
	workflowId: string;
	nodeId: string;
	itemCount: number;
	/** Item N as the run's key sees it: its parameters and its files' names, types and sizes. */
	describeItem(itemIndex: number): string;
	runKey?: string;
	/** The run's faxes by their BatchUniqueId, one search per Fax User ID. */
	found: Map<string, Promise<Map<string, IDataObject[]>>>;
}

/**
 * A run's shared part, read once: n8n copies the whole node (its parameters included) on every
 * getNode call, which per send cost more than the key's digest itself.
 */
export function newSendRun(
	context: IExecuteFunctions,
	describeItem: SendRun['describeItem'],
): SendRun {
	const node = context.getNode();
	return {
		workflowId: String(context.getWorkflow().id ?? ''),
		nodeId: node.id || node.name,
		itemCount: context.getInputData().length,
		describeItem,
		found: new Map(),
	};
}

/** The digest of every key's scope, made once per run: each key goes on from a copy. */
const scopes = new WeakMap<SendRun, Digest>();

function scope(run: SendRun): Digest {
	let digest = scopes.get(run);
	if (!digest) {
		digest = new Digest().add('fax-cloud-send/1').add(run.workflowId).add(run.nodeId);
		scopes.set(run, digest);
	}
	return digest.copy();
}

/** The key of one item's send, from its position and content (fields before any key is added). */
export function contentKey(
	run: SendRun,
	itemIndex: number,
	fields: RequestParams,
	files: FilePart[],
): string {
	const digest = scope(run).add('item').add(String(itemIndex)).add(JSON.stringify(fields));
	for (const file of files) {
		digest.add(file.field).add(file.fileName).add(file.mimeType).add(file.data);
	}
	return `n8n-${digest.key()}`;
}

/** The key of a send with Send Once per Key: the user's key, within this workflow and node. */
export function userKey(run: SendRun, key: string): string {
	return `n8n-${scope(run).add('once').add(key).key()}`;
}

/**
 * The run's key, written into Batch Name: it groups the run's faxes so that a Retry asks for all
 * of them in one search. Built from every item's parameters and files' names and sizes, without
 * reading the files; an item that changes only changes this grouping, its own key still decides.
 */
export function runKeyOf(run: SendRun): string {
	if (run.runKey === undefined) {
		const digest = scope(run).add('run').add(String(run.itemCount));
		for (let itemIndex = 0; itemIndex < run.itemCount; itemIndex++) {
			digest.add(run.describeItem(itemIndex));
		}
		run.runKey = `n8n-run-${digest.key()}`;
	}
	return run.runKey;
}

async function searchRun(
	this: IExecuteFunctions,
	runKey: string,
	fields: RequestParams,
	itemIndex: number,
	timeoutMs: number | undefined,
): Promise<Map<string, IDataObject[]>> {
	const filter = { BatchName: runKey };
	const records = await searchAsSender.call(this, filter, fields, itemIndex, timeoutMs);
	const byKey = new Map<string, IDataObject[]>();
	for (const record of records) {
		const key = String(record.BatchUniqueId ?? '');
		byKey.set(key, [...(byKey.get(key) ?? []), record]);
	}
	return byKey;
}

export interface SendOnceLookup {
	key: RecoveryKey;
	/** The send's fields with the key in place. */
	fields: RequestParams;
	itemIndex: number;
	timeoutMs?: number;
	/** Set when the send's Batch Name holds the run's key, so one search serves the whole run. */
	runKey?: string;
	run: SendRun;
}

/**
 * The faxes that already carry this send's key. A run whose search finds none of its faxes may
 * have been changed since (an item more or less makes another run key), so each send is then
 * looked up by its own key: a Retry finds what went out unless the send itself changed.
 */
export async function findEarlierSend(
	this: IExecuteFunctions,
	lookup: SendOnceLookup,
): Promise<IDataObject[]> {
	const { key, fields, itemIndex, timeoutMs, runKey, run } = lookup;
	if (runKey !== undefined) {
		const searchId = `${String(fields.FaxUserId ?? '')}`;
		let search = run.found.get(searchId);
		if (!search) {
			search = searchRun.call(this, runKey, fields, itemIndex, timeoutMs);
			run.found.set(searchId, search);
		}
		const byKey = await search;
		if (byKey.size > 0) return byKey.get(key.value) ?? [];
	}
	return await findByKey.call(this, key, fields, itemIndex, timeoutMs);
}

/** A send not made because its key has faxes: those faxes, as the service has them now. */
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
