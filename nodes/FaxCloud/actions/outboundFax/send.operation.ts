import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { asNodeError } from '../../../shared/errors';
import { faxCloudRequest } from '../../../shared/transport';
import { invalidParameter } from '../../../shared/validation';
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
	runKeyOf,
	SEND_ONCE_OPTION,
	type SendOnceOutcome,
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
}

/** Everything one item will send except the file contents, validated. */
function planSend(this: IExecuteFunctions, itemIndex: number): SendPlan {
	const destinations = readDestinations.call(this, itemIndex);
	const source = readContentSource.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
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

/**
 * Each item's plan (or why it is invalid) for the rest of the run, keyed by the run's execute
 * context: the all-items check, the run key and the item's own send share one reading, as reading
 * the parameters resolves every expression of the item again.
 */
const runPlans = new WeakMap<
	IExecuteFunctions,
	Map<number, { plan?: SendPlan; failure?: unknown }>
>();

function planOf(this: IExecuteFunctions, itemIndex: number): SendPlan {
	let plans = runPlans.get(this);
	if (!plans) {
		plans = new Map();
		runPlans.set(this, plans);
	}
	let planned = plans.get(itemIndex);
	if (!planned) {
		try {
			planned = { plan: planSend.call(this, itemIndex) };
		} catch (failure) {
			planned = { failure };
		}
		plans.set(itemIndex, planned);
	}
	if (!planned.plan) throw planned.failure;
	return planned.plan;
}

/** What groups a run's sends: each item's parameters and its files' names, types and sizes. */
function describeForRun(this: IExecuteFunctions, itemIndex: number): string {
	try {
		const { fields, source } = planOf.call(this, itemIndex);
		const binary = this.getInputData()[itemIndex].binary ?? {};
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
	} catch {
		return 'invalid';
	}
}

/** Every item is checked before the first fax goes out, so a typo cannot send half of them. */
export async function checkAllItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<void> {
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) planOf.call(this, itemIndex);
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
		return { key: addRecoveryKey(fields, userKey.call(this, onceKey)), lookFirst: true };
	}
	const value = contentKey.call(this, itemIndex, fields, files);
	const bothFree = fields.BatchUniqueId === undefined && fields.BatchName === undefined;
	const runKey = bothFree ? runKeyOf.call(this, describeForRun.bind(this)) : undefined;
	const key = addRecoveryKey(fields, value, runKey);
	return { key, runKey, lookFirst: key !== undefined && this.getMode() === 'retry' };
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const plan = planOf.call(this, itemIndex);
	const { source, timeoutMs, recoveryKeyWanted } = plan;
	const fields: RequestParams = { ...plan.fields };
	const files = await readAttachments.call(this, itemIndex, source);
	const { key, runKey, lookFirst } = sendKeys.call(this, itemIndex, plan, fields, files);
	if (key && lookFirst) {
		let earlier: IDataObject[];
		try {
			earlier = await findEarlierSend.call(this, { key, fields, itemIndex, timeoutMs, runKey });
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
