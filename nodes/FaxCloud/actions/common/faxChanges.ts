import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { FaxDirection } from '../../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../../shared/faxDirections';
import { faxCloudRequest } from '../../../shared/transport/exchanges';
import type { RequestParams } from '../../../shared/transport/httpEncoding';
import { apiPath } from '../../../shared/transport/httpEncoding';
import { readFaxId } from './faxId';

/** One request on the fax of the item's Fax ID (a PUT with its changes, or a DELETE); its id. */
async function requestOnFax(
	this: IExecuteFunctions,
	direction: FaxDirection,
	itemIndex: number,
	change: { method: 'PUT'; form: RequestParams } | { method: 'DELETE' },
): Promise<number> {
	const faxId = readFaxId.call(this, itemIndex);
	await faxCloudRequest.call(this, {
		api: 'fax',
		path: apiPath(FAX_DIRECTIONS[direction].collection, faxId),
		itemIndex,
		...change,
	});
	return Number(faxId);
}

/** Delete of either fax resource: the fax and its image. */
export async function deleteFax(
	this: IExecuteFunctions,
	direction: FaxDirection,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const FaxId = await requestOnFax.call(this, direction, itemIndex, { method: 'DELETE' });
	return [{ json: { FaxId, deleted: true, success: true } }];
}

/** Mark and Unmark of either fax resource: the service's own "already retrieved" flag. */
export async function markFax(
	this: IExecuteFunctions,
	direction: FaxDirection,
	mark: boolean,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const form = { Mark: mark };
	const FaxId = await requestOnFax.call(this, direction, itemIndex, { method: 'PUT', form });
	return [{ json: { FaxId, Mark: mark, success: true } }];
}
