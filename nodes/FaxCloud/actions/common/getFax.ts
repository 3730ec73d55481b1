import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { FaxDirection } from '../../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../../shared/faxDirections';
import { faxCloudRequest } from '../../../shared/transport';
import { apiPath } from '../../../shared/wire';
import type { FaxCloudOperation } from '../types';
import { faxIdDescription, readFaxId } from './faxId';

/** The single-fax answer is the search wrapper with one record; some deployments send an object. */
export function firstFaxRecord(body: IDataObject): IDataObject | undefined {
	const info = body.FaxInfo;
	if (Array.isArray(info)) return info[0] as IDataObject | undefined;
	return info && typeof info === 'object' ? (info as IDataObject) : undefined;
}

/** Get of either fax resource: one fax by its Fax ID. */
export function getFaxOperation(direction: FaxDirection): FaxCloudOperation {
	const { collection, noun, normalize } = FAX_DIRECTIONS[direction];
	return {
		description: faxIdDescription(direction, 'get'),
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			const faxId = readFaxId.call(this, itemIndex);
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
			return [{ json: normalize(record) }];
		},
	};
}
