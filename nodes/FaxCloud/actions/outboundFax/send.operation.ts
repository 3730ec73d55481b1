import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { asNodeError } from '../../../shared/errors';
import { faxCloudRequest } from '../../../shared/transport';
import type { RequestParams } from '../../../shared/wire';
import { apiPath } from '../../../shared/wire';
import type { OperationDisplayOptions } from '../node.type';
import { contentProperties, readAttachments, readContentSource } from './sendContent';
import {
	readRecoveryKeyOption,
	readSendOptions,
	readSendTimeout,
	sendOptionsCollection,
} from './sendOptions';
import {
	addRecoveryKey,
	createdFaxItems,
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

/** Everything one item will send except the file contents, validated. */
function planSend(this: IExecuteFunctions, itemIndex: number) {
	const destinations = readDestinations.call(this, itemIndex);
	const source = readContentSource.call(this, itemIndex);
	const fields: RequestParams = {
		FaxNumber: destinations.faxNumbers,
		FaxRecipient: destinations.recipients,
		...readSendOptions.call(this, itemIndex),
	};
	return {
		fields,
		source,
		timeoutMs: readSendTimeout.call(this, itemIndex),
		recoveryKeyWanted: readRecoveryKeyOption.call(this, itemIndex),
	};
}

/** Every item is checked before the first fax goes out, so a typo cannot send half of them. */
export async function checkAllItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<void> {
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) planSend.call(this, itemIndex);
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const { fields, source, timeoutMs, recoveryKeyWanted } = planSend.call(this, itemIndex);
	const key = addRecoveryKey(fields, recoveryKeyWanted);
	const files = await readAttachments.call(this, itemIndex, source);
	const unanswered: Omit<UnansweredSend, 'failure'> = { itemIndex, key, fields, timeoutMs };
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
	return createdFaxItems(created);
}
