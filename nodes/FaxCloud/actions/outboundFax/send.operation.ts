import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { asNodeError } from '../../../shared/itemErrors';
import { readItemParameter } from '../../../shared/runParameters';
import { faxCloudRequest } from '../../../shared/transport/exchanges';
import { mayHaveReachedService } from '../../../shared/transport/apiErrors';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { ItemPlanFailure, planEachItem } from '../common/planEachItem';
import type { FilePart, RequestParams } from '../../../shared/transport/httpEncoding';
import { type CheckAllItems, type ItemExecute, showOnlyFor } from '../common/operationShape';
import { UNKNOWN_LINEAGE_ADVICE, lineageOf, warnInSubWorkflow } from '../common/lineage';
import {
	contentProperties,
	type ContentSource,
	readAttachments,
	readContentSource,
} from './send/content';
import {
	createdFaxItems,
	findEarlierSend,
	foundItems,
	OUTBOUND_FAXES,
	recoverLostAnswer,
	type SendOnceOutcome,
	type UnansweredSend,
} from './send/earlierSends';
import {
	addRecoveryKey,
	itemKey,
	keyFieldFor,
	newSendRun,
	RECOVERY_KEY_OPTION,
	type RecoveryKey,
	SEND_ONCE_OPTION,
	type SendRun,
	userKey,
} from './send/keys';
import {
	readRecoveryKeyOption,
	readSendOnceKey,
	readSendOptions,
	readSendTimeout,
	sendOptionsCollection,
} from './send/options';
import { readDestinations, recipientProperties } from './send/recipients';

const properties: INodeProperties[] = [
	...recipientProperties,
	...contentProperties,
	sendOptionsCollection,
];

const displayOptions = showOnlyFor('outboundFax', 'send');

export const description = updateDisplayOptions(displayOptions, properties);

interface SendPlan {
	/** The request's fields before any key is added: a send copies them. */
	fields: Readonly<RequestParams>;
	source: ContentSource;
	timeoutMs?: number;
	recoveryKeyWanted: boolean;
	onceKey?: string;
	run: SendRun;
}

/** Everything one item will send except the file contents, validated. */
async function readSend(
	this: IExecuteFunctions,
	itemIndex: number,
	run: SendRun,
): Promise<SendPlan> {
	const destinations = readDestinations.call(this, itemIndex);
	const source = readContentSource.call(this, itemIndex);
	const options = readItemParameter.call(this, 'options', itemIndex, {}) as IDataObject;
	const fields: RequestParams = {
		FaxNumber: destinations.faxNumbers,
		FaxRecipient: destinations.recipients,
		...readSendOptions.call(this, itemIndex, options),
	};
	const recoveryKeyWanted = readRecoveryKeyOption.call(this, itemIndex, options);
	const onceKey = readSendOnceKey(options);
	if (onceKey !== undefined && !recoveryKeyWanted) {
		throw invalidParameter(
			this,
			SEND_ONCE_OPTION,
			`needs ${RECOVERY_KEY_OPTION} on: the key is kept in a batch field`,
			itemIndex,
		);
	}
	const keyField = keyFieldFor(fields);
	if (onceKey !== undefined && keyField === undefined) {
		throw invalidParameter(
			this,
			SEND_ONCE_OPTION,
			'needs Batch Name or Batch Unique ID left empty: the key is kept there',
			itemIndex,
		);
	}
	if (recoveryKeyWanted && onceKey === undefined && keyField && run.runScope === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			'This Retry cannot tell which faxes the execution it repeats already sent',
			{ itemIndex, description: UNKNOWN_LINEAGE_ADVICE },
		);
	}
	return {
		fields,
		source,
		timeoutMs: readSendTimeout.call(this, itemIndex, options),
		recoveryKeyWanted,
		onceKey,
		run,
	};
}

/**
 * Every item is read and checked before the first fax goes out, so a typo cannot send half of
 * them. The run's lineage is settled here too, once, before any send.
 */
export const checkAllItems: CheckAllItems<SendPlan> = async function (items) {
	const run = newSendRun(this, lineageOf(this));
	const plans = await planEachItem(this, items, function (itemIndex) {
		return readSend.call(this, itemIndex, run);
	});
	if (plans.some(keepsSafeOnlyInItsOwnExecution)) {
		warnInSubWorkflow(this, run.lineage, SUB_WORKFLOW_HINT);
	}
	return plans;
};

const SUB_WORKFLOW_HINT = `This Send runs in a sub-workflow, which n8n starts anew when the parent execution is retried: its faxes would be sent again. Set ${SEND_ONCE_OPTION} to a value the parent passes in (an order number) to send each once.`;

/** A send whose derived key protects it within its execution lineage only. */
function keepsSafeOnlyInItsOwnExecution(plan: SendPlan | ItemPlanFailure): boolean {
	return !(plan instanceof ItemPlanFailure) && plan.recoveryKeyWanted && plan.onceKey === undefined;
}

interface KeyedFields {
	key?: RecoveryKey;
	/** The node looks the key up before sending: a rerun, or Send Once per Key. */
	lookFirst: boolean;
}

/** Puts the send's key into its fields: the user's with Send Once per Key, else a derived one. */
function addKey(plan: SendPlan, itemIndex: number, fields: RequestParams): KeyedFields {
	const { recoveryKeyWanted, onceKey, run } = plan;
	if (!recoveryKeyWanted) return { lookFirst: false };
	if (onceKey !== undefined) {
		return { key: addRecoveryKey(fields, userKey(run, onceKey)), lookFirst: true };
	}
	if (run.itemScope === undefined) return { lookFirst: false };
	const key = addRecoveryKey(fields, itemKey(run.itemScope, itemIndex), run.runKey);
	return { key, lookFirst: key !== undefined && run.lineage.rerun };
}

/** The faxes sent before under this key, or an error saying nothing was sent. */
async function lookUp(
	this: IExecuteFunctions,
	key: RecoveryKey,
	fields: RequestParams,
	itemIndex: number,
	plan: SendPlan,
): Promise<IDataObject[]> {
	try {
		return await findEarlierSend.call(this, {
			key,
			fields,
			itemIndex,
			timeoutMs: plan.timeoutMs,
			run: plan.run,
		});
	} catch (error) {
		const failure = asNodeError(this, error, itemIndex);
		failure.description = `Nothing was sent: the node looks ${key.label} "${key.value}" up before sending it again, and the lookup failed. Run it again once the service answers.`;
		throw failure;
	}
}

/** One send, looked up first when `lookFirst`; its output items. */
async function sendOrFind(
	this: IExecuteFunctions,
	itemIndex: number,
	plan: SendPlan,
	fields: RequestParams,
	files: FilePart[],
	{ key, lookFirst }: KeyedFields,
): Promise<INodeExecutionData[]> {
	if (key && lookFirst) {
		const earlier = await lookUp.call(this, key, fields, itemIndex, plan);
		if (earlier.length > 0) return foundItems(earlier);
	}
	const { timeoutMs, recoveryKeyWanted } = plan;
	const sent: SendOnceOutcome = 'sent';
	const extra: IDataObject = lookFirst ? { sendOnce: sent } : {};
	const unanswered: Omit<UnansweredSend, 'failure'> = { itemIndex, key, fields, timeoutMs, extra };
	if (!key) unanswered.noKeyReason = recoveryKeyWanted ? 'batchFieldsTaken' : 'turnedOff';
	let body: IDataObject;
	try {
		body = await faxCloudRequest.call(this, {
			api: 'fax',
			method: 'POST',
			path: OUTBOUND_FAXES,
			multipart: { fields, files },
			itemIndex,
			timeoutMs,
		});
	} catch (error) {
		if (mayHaveReachedService(error)) {
			return await recoverLostAnswer.call(this, { ...unanswered, failure: error });
		}
		throw asNodeError(this, error, itemIndex);
	}
	const created = Array.isArray(body.FaxInfo) ? (body.FaxInfo as IDataObject[]) : [];
	if (created.length === 0) {
		const failure = new NodeOperationError(
			this.getNode(),
			'The service accepted the fax but returned no FaxId',
			{ itemIndex },
		);
		return await recoverLostAnswer.call(this, { ...unanswered, failure });
	}
	return createdFaxItems(created, extra);
}

/**
 * Send Once per Key within one run: items with the same key take turns, and a later one takes the
 * earlier one's faxes without asking the service again (a record the service has just created
 * may not show in a search yet). An earlier item that failed leaves the key to the next.
 */
async function sendOncePerKey(
	this: IExecuteFunctions,
	itemIndex: number,
	plan: SendPlan,
	fields: RequestParams,
	files: FilePart[],
	keyed: KeyedFields & { key: RecoveryKey },
): Promise<INodeExecutionData[]> {
	const turns = plan.run.onceSends;
	const before = turns.get(keyed.key.value);
	const mine = (async () => {
		const earlier = before ? await before : undefined;
		if (earlier && earlier.length > 0) {
			const found: SendOnceOutcome = 'found';
			return createdFaxItems(earlier, { sendOnce: found });
		}
		return await sendOrFind.call(this, itemIndex, plan, fields, files, keyed);
	})();
	turns.set(
		keyed.key.value,
		mine.then(
			(items) => items.map((item) => item.json),
			() => undefined,
		),
	);
	return await mine;
}

/** Sends the item's fax as checkAllItems read it, once its files are read. */
export const execute: ItemExecute<SendPlan> = async function (itemIndex, plan) {
	const fields: RequestParams = { ...plan.fields };
	const files = await readAttachments.call(this, itemIndex, plan.source);
	const keyed = addKey(plan, itemIndex, fields);
	if (plan.onceKey !== undefined && keyed.key) {
		return await sendOncePerKey.call(this, itemIndex, plan, fields, files, {
			...keyed,
			key: keyed.key,
		});
	}
	return await sendOrFind.call(this, itemIndex, plan, fields, files, keyed);
};
