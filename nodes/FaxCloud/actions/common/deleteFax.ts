import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { FaxDirection } from '../../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../../shared/faxDirections';
import { faxCloudRequest } from '../../../shared/transport';
import { apiPath } from '../../../shared/wire';
import type { FaxCloudOperation } from '../types';
import { faxIdDescription, readFaxId } from './faxId';

/** Delete of either fax resource: the fax and its image. */
export function deleteFaxOperation(direction: FaxDirection): FaxCloudOperation {
	return {
		description: faxIdDescription(direction, 'delete'),
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			const faxId = readFaxId.call(this, itemIndex);
			await faxCloudRequest.call(this, {
				api: 'fax',
				method: 'DELETE',
				path: apiPath(FAX_DIRECTIONS[direction].collection, faxId),
				itemIndex,
			});
			return [{ json: { FaxId: Number(faxId), deleted: true, success: true } }];
		},
	};
}
