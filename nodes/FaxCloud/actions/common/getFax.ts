import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FaxDirection } from '../../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../../shared/faxDirections';
import { faxCloudRequest } from '../../../shared/transport/exchanges';
import { apiPath } from '../../../shared/transport/httpEncoding';
import { readFaxId } from './faxId';
import { readSimplifyOfItem, simplifiedItems } from './simplifyFaxItems';

/** The single-fax answer is the search wrapper with one record; some deployments send an object. */
export function firstFaxRecord(body: IDataObject): IDataObject | undefined {
	const info = body.FaxInfo;
	if (Array.isArray(info)) return info[0] as IDataObject | undefined;
	return info && typeof info === 'object' ? (info as IDataObject) : undefined;
}

/** One fax by its Fax ID, as the service returns it (normalized). */
export async function fetchFax(
	this: IExecuteFunctions,
	direction: FaxDirection,
	faxId: string,
	itemIndex: number,
): Promise<IDataObject> {
	const { collection, noun, normalize } = FAX_DIRECTIONS[direction];
	const body = await faxCloudRequest.call(this, {
		api: 'fax',
		method: 'GET',
		path: apiPath(collection, faxId),
		itemIndex,
	});
	const record = firstFaxRecord(body);
	if (!record) {
		throw new NodeOperationError(
			this.getNode(),
			`The service returned no ${noun} with Fax ID ${faxId}`,
			{ itemIndex, description: 'Check the Fax ID; the fax may have been deleted.' },
		);
	}
	return normalize(record);
}

/** Get of either fax resource: one fax by the item's Fax ID, simplified unless asked otherwise. */
export async function getFax(
	this: IExecuteFunctions,
	direction: FaxDirection,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const faxId = readFaxId.call(this, itemIndex);
	const simplify = readSimplifyOfItem.call(this, itemIndex);
	const record = await fetchFax.call(this, direction, faxId, itemIndex);
	return simplifiedItems(direction, [{ json: record }], simplify);
}
