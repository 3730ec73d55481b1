import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { faxCloudRequest } from '../../../shared/transport';
import { apiPath } from '../../../shared/wire';
import type { FaxDirection } from './direction';
import { DIRECTIONS } from './direction';
import { faxIdParameter, readFaxId } from './faxId';
import { requestsAtOnceCollection } from './requestsAtOnce';

/** The single-fax answer is the search wrapper with one record; some deployments send an object. */
function firstRecord(body: IDataObject): IDataObject | undefined {
	const info = body.FaxInfo;
	if (Array.isArray(info)) return info[0] as IDataObject | undefined;
	return info && typeof info === 'object' ? (info as IDataObject) : undefined;
}

export function getFaxOperation(direction: FaxDirection) {
	const info = DIRECTIONS[direction];
	const description = updateDisplayOptions(
		{ show: { resource: [info.resource], operation: ['get'] } },
		[faxIdParameter(direction), requestsAtOnceCollection],
	);

	async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
	): Promise<INodeExecutionData[]> {
		const faxId = readFaxId.call(this, itemIndex);
		const body = await faxCloudRequest.call(this, {
			api: 'fax',
			method: 'GET',
			path: apiPath(info.collection, faxId),
			itemIndex,
		});
		const record = firstRecord(body);
		if (!record) {
			throw new NodeOperationError(
				this.getNode(),
				`The service returned no ${info.noun} with Fax ID ${faxId}`,
				{ itemIndex, description: 'Check the Fax ID; the fax may have been deleted.' },
			);
		}
		return [{ json: info.normalize(record) }];
	}

	return { description, execute };
}
