import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { asNodeError } from '../../../shared/errors';
import { readItemParameter } from '../../../shared/runParameters';
import { faxCloudRequest } from '../../../shared/transport';
import { invalidParameter } from '../../../shared/validation';
import { ItemPlanFailure, planEachItem } from '../common/planEachItem';
import type { FilePart, RequestParams } from '../../../shared/httpEncoding';
import { apiPath } from '../../../shared/httpEncoding';
import type { OperationDisplayOptions } from '../node.type';
import {
	contentProperties,
	type ContentSource,
	readAttachments,
	readContentSource,
} from './sendContent';
import {
	contentKey,
	findEarlierSend,
	foundItems,
	newSendRun,
	runKeyOf,
	SEND_ONCE_OPTION,
	type SendOnceOutcome,
	type SendRun,
	userKey,
} from './sendOnce';
import {
	readRecoveryKeyOption,
	readSendOnceKey,
	readSendOptions,
	readSendTimeout,
	sendOptionsCollection,
} from './sendOptions';
import {
	addRecoveryKey,
	createdFaxItems,
	keyFieldFor,
	RECOVERY_KEY_OPTION,
	recoverUnansweredSend,
	sendMayHaveHappened,
	type UnansweredSend,
} from './sendRecovery';
import { readDestinations, recipientProperties } from './sendRecipients';

const properties: INodeProperties[] = [
	...recipientProperties,
	...contentProperties,
	sendOptionsCollection,
];

const displayOptions: OperationDisplayOptions<'outboundFax'> = {
	show: { resource: ['outboundFax'], operation: ['send'] },
};

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
): Promise<Omit<SendPlan, 'run'>> {
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
	if (onceKey !== undefined && keyFieldFor(fields) === undefined) {
		throw invalidParameter(
			this,
			SEND_ONCE_OPTION,
			'needs Batch Name or Batch Unique ID left empty: the key is kept there',
			itemIndex,
		);
	}
	return {
		fields,
		source,
		timeoutMs: readSendTimeout.call(this, itemIndex, options),
		recoveryKeyWanted,
		onceKey,
	};
}

/** What groups a run's sends: each item's parameters and its files' names, types and sizes. */
function describeForRun(
	item: INodeExecutionData,
	read: Omit<SendPlan, 'run'> | ItemPlanFailure,
): string {
	if (read instanceof ItemPlanFailure) return 'invalid';
	const { fields, source } = read;
	const binary = item.binary ?? {};
	const files =
		source.kind === 'binary'
			? source.fields.map((field) => [
					field,
					binary[field]?.fileName,
					binary[field]?.mimeType,
					binary[field]?.fileSize,
				])
			: source.text;
	return JSON.stringify([fields, files]);
}

/**
 * Every item is read and checked before the first fax goes out, so a typo cannot send half of
 * them; the run's key is made from these readings, when a send first needs it.
 */
export async function checkAllItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<Array<SendPlan | ItemPlanFailure>> {
	const reads = await planEachItem(this, items, readSend);
	const run = newSendRun(this, (itemIndex) => describeForRun(items[itemIndex], reads[itemIndex]));
	return reads.map((read) => (read instanceof ItemPlanFailure ? read : { ...read, run }));
}

/**
 * The key a send carries and whether the node looks it up before sending: in n8n's Retry (the
 * same items again) and whenever the user gives Send Once per Key.
 */
function sendKeys(
	this: IExecuteFunctions,
	itemIndex: number,
	plan: SendPlan,
	fields: RequestParams,
	files: FilePart[],
) {
	const { recoveryKeyWanted, onceKey } = plan;
	if (!recoveryKeyWanted) return { key: undefined, lookFirst: false };
	if (onceKey !== undefined) {
		return { key: addRecoveryKey(fields, userKey(plan.run, onceKey)), lookFirst: true };
	}
	const value = contentKey(plan.run, itemIndex, fields, files);
	const bothFree = fields.BatchUniqueId === undefined && fields.BatchName === undefined;
	const runKey = bothFree ? runKeyOf(plan.run) : undefined;
	const key = addRecoveryKey(fields, value, runKey);
	return { key, runKey, lookFirst: key !== undefined && this.getMode() === 'retry' };
}

/** Sends the item's fax as checkAllItems read it, once its files are read. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	plan: SendPlan,
): Promise<INodeExecutionData[]> {
	const { source, timeoutMs, recoveryKeyWanted, run } = plan;
	const fields: RequestParams = { ...plan.fields };
	const files = await readAttachments.call(this, itemIndex, source);
	const { key, runKey, lookFirst } = sendKeys.call(this, itemIndex, plan, fields, files);
	if (key && lookFirst) {
		let earlier: IDataObject[];
		try {
			earlier = await findEarlierSend.call(this, {
				key,
				fields,
				itemIndex,
				timeoutMs,
				runKey,
				run,
			});
		} catch (error) {
			const failure = asNodeError(this, error, itemIndex);
			failure.description = `Nothing was sent: the node looks ${key.label} "${key.value}" up before sending it again, and the lookup failed. Run it again once the service answers.`;
			throw failure;
		}
		if (earlier.length > 0) return foundItems(earlier);
	}
	const sent: SendOnceOutcome = 'sent';
	const extra: IDataObject = lookFirst ? { sendOnce: sent } : {};
	const unanswered: Omit<UnansweredSend, 'failure'> = { itemIndex, key, fields, timeoutMs, extra };
	if (!key) unanswered.noKeyReason = recoveryKeyWanted ? 'batchFieldsTaken' : 'turnedOff';
	let body: IDataObject;
	try {
		body = await faxCloudRequest.call(this, {
			api: 'fax',
			method: 'POST',
			path: apiPath('outboundfaxes'),
			multipart: { fields, files },
			itemIndex,
			timeoutMs,
		});
	} catch (error) {
		if (sendMayHaveHappened(error)) {
			return await recoverUnansweredSend.call(this, { ...unanswered, failure: error });
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
		return await recoverUnansweredSend.call(this, { ...unanswered, failure });
	}
	return createdFaxItems(created, extra);
}
