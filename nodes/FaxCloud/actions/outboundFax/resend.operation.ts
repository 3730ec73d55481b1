import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { normalizeCreatedFax } from '../../../shared/records';
import { faxCloudRequest } from '../../../shared/transport';
import { validateFaxNumber } from '../../../shared/validation';
import { apiPath } from '../../../shared/wire';
import { faxIdParameter, readFaxId } from '../common/faxId';
import { requestsAtOnceCollection } from '../common/requestsAtOnce';

const NEW_NUMBER_LABEL = 'New Fax Number';

const properties: INodeProperties[] = [
	faxIdParameter('outbound'),
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

export const description = updateDisplayOptions(
	{ show: { resource: ['outboundFax'], operation: ['resend'] } },
	properties,
);

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
	const record = (Array.isArray(body.FaxInfo) ? body.FaxInfo[0] : body.FaxInfo) as
		| IDataObject
		| undefined;
	const number = String(record?.FaxNumber ?? '').trim();
	if (!number) {
		throw new NodeOperationError(this.getNode(), `Fax ${faxId} has no fax number to resend to`, {
			itemIndex,
			description: `Enter the destination in ${NEW_NUMBER_LABEL}.`,
		});
	}
	return number;
}

/** A refused resend is nearly always a fax that has not failed; the generic 400 advice would not say so. */
function withResendAdvice(
	this: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError) {
		if (error.httpCode === '400') {
			error.description =
				'Only a fax whose status is sendFailed can be resent: check its FaxStatus with Get, and the New Fax Number.';
		}
		return error;
	}
	if (error instanceof NodeOperationError) return error;
	return new NodeOperationError(this.getNode(), error as Error, { itemIndex });
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const faxId = readFaxId.call(this, itemIndex);
	const typed = String(this.getNodeParameter('faxNumber', itemIndex, '') ?? '').trim();
	const faxNumber = typed
		? validateFaxNumber(this, typed, NEW_NUMBER_LABEL, itemIndex)
		: await originalNumber.call(this, itemIndex, faxId);
	let body: IDataObject;
	try {
		body = await faxCloudRequest.call(this, {
			api: 'fax',
			method: 'POST',
			path: apiPath('outboundfaxes', faxId, 'resend'),
			form: { FaxNumber: faxNumber },
			itemIndex,
		});
	} catch (error) {
		throw withResendAdvice.call(this, error, itemIndex);
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
	return created.map((fax) => ({
		json: {
			...normalizeCreatedFax({ FaxId: fax.FaxId, FaxNumber: fax.FaxNumber }),
			ResentFaxId: Number(faxId),
		},
	}));
}
