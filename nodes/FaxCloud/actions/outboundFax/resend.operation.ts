import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { asNodeError } from '../../../shared/itemErrors';
import { textOf } from '../../../shared/parameterText';
import { normalizeCreatedFax } from '../../../shared/recordFieldTypes';
import { faxCloudRequest } from '../../../shared/transport/exchanges';
import { validateFaxNumber } from '../../../shared/validation/addressChecks';
import { apiPath } from '../../../shared/transport/httpEncoding';
import { faxIdParameters, readFaxId } from '../common/faxId';
import { firstFaxRecord } from '../common/getFax';
import { requestsAtOnceCollection } from '../common/requestsAtOnce';
import { type CheckAllItems, type ItemExecute, showOnlyFor } from '../common/operationShape';
import { lineageOf } from '../common/lineage';
import { type ItemNotes, itemNotesOf, notedBefore, noteItem } from '../common/itemNotes';

const NEW_NUMBER_LABEL = 'New Fax Number';

const properties: INodeProperties[] = [
	...faxIdParameters('outbound'),
	{
		displayName: NEW_NUMBER_LABEL,
		name: 'faxNumber',
		type: 'string',
		default: '',
		placeholder: 'e.g. 12125550100',
		description:
			'Destination of the new attempt: 1 and 10 digits for US/Canada, + and the country code otherwise; empty resends to the original number',
	},
	requestsAtOnceCollection,
];

const displayOptions = showOnlyFor('outboundFax', 'resend');

export const description = updateDisplayOptions(displayOptions, properties);

/** The fax's own number, so the request names its destination whatever the service's default. */
async function originalNumber(
	this: IExecuteFunctions,
	itemIndex: number,
	faxId: string,
): Promise<string> {
	const body = await faxCloudRequest.call(this, {
		api: 'fax',
		method: 'GET',
		path: apiPath('outboundfaxes', faxId),
		itemIndex,
	});
	const number = textOf(firstFaxRecord(body)?.FaxNumber);
	if (!number) {
		throw new NodeOperationError(this.getNode(), `Fax ${faxId} has no fax number to resend to`, {
			itemIndex,
			description: `Enter the destination in ${NEW_NUMBER_LABEL}.`,
		});
	}
	return number;
}

/** A refused resend is nearly always a fax that has not failed; the generic 400 advice would not say so. */
const RESEND_REFUSED_ADVICE =
	'Only a fax whose status is sendFailed can be resent: check its FaxStatus with Get, and the New Fax Number.';

/** Why a Retry finds the fax to resend gone, and what to do. */
const GONE_IN_RETRY_ADVICE =
	'Nothing was resent. A resend deletes the fax it resends, so the run this Retry repeats may have resent it without hearing the answer: look for the new fax with Get Many (Updated After the first run) before resending.';

/** The same, for a sub-workflow, which a Retry of its parent runs anew with nothing noted. */
const GONE_IN_SUB_WORKFLOW_ADVICE =
	'Nothing was resent. A resend deletes the fax it resends, and this one runs in a sub-workflow, which n8n starts anew when the parent execution is retried: an earlier run of the parent may have resent it, or the Fax ID names no fax. Look for the new fax with Get Many (Updated After that run) before resending.';

/**
 * A resend deletes the fax it resends, so a Retry can neither resend an item's fax again nor look
 * the new fax up from the old one: each item's resend is noted (common/itemNotes.ts), and a Retry,
 * or a later try of Retry On Fail, outputs it as found instead of asking for the deleted fax.
 */
export const checkAllItems: CheckAllItems<ItemNotes> = async function (items) {
	const notes = itemNotesOf(lineageOf(this), 'faxCloudResends');
	return items.map(() => notes);
};

export const execute: ItemExecute<ItemNotes> = async function (itemIndex, notes) {
	const faxId = readFaxId.call(this, itemIndex);
	const typed = textOf(this.getNodeParameter('faxNumber', itemIndex, ''));
	const found = notedBefore(notes, itemIndex);
	if (found?.ResentFaxId === Number(faxId)) {
		const { FaxId, FaxNumber, ResentFaxId } = found;
		return [{ json: { FaxId, FaxNumber, ResentFaxId, sendOnce: 'found' } }];
	}
	let body: IDataObject;
	try {
		const faxNumber = typed
			? validateFaxNumber(this, typed, NEW_NUMBER_LABEL, itemIndex)
			: await originalNumber.call(this, itemIndex, faxId);
		body = await faxCloudRequest.call(this, {
			api: 'fax',
			method: 'POST',
			path: apiPath('outboundfaxes', faxId, 'resend'),
			form: { FaxNumber: faxNumber },
			itemIndex,
		});
	} catch (error) {
		const nodeError = asNodeError(this, error, itemIndex);
		if (nodeError instanceof NodeApiError && nodeError.httpCode === '400') {
			nodeError.description = RESEND_REFUSED_ADVICE;
		}
		if (nodeError instanceof NodeApiError && nodeError.httpCode === '404') {
			const { rerun, subWorkflow } = notes.lineage;
			if (rerun) nodeError.description = GONE_IN_RETRY_ADVICE;
			else if (subWorkflow) nodeError.description = GONE_IN_SUB_WORKFLOW_ADVICE;
		}
		throw nodeError;
	}
	const created = Array.isArray(body.FaxInfo) ? (body.FaxInfo as IDataObject[]) : [];
	if (created.length === 0) {
		throw new NodeOperationError(
			this.getNode(),
			'The service accepted the resend but returned no FaxId',
			{
				itemIndex,
				description: 'The new fax may exist: look it up with Get Many before resending again.',
			},
		);
	}
	return created.map((fax) => {
		const resent: IDataObject = {
			...normalizeCreatedFax({ FaxId: fax.FaxId, FaxNumber: fax.FaxNumber }),
			ResentFaxId: Number(faxId),
		};
		if (typeof resent.FaxId === 'number') noteItem(notes, itemIndex, resent);
		return { json: notes.lineage.rerun ? { ...resent, sendOnce: 'sent' } : resent };
	});
};
