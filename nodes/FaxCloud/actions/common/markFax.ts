import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import type { FaxDirection } from '../../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../../shared/faxDirections';
import { faxCloudRequest } from '../../../shared/transport';
import { apiPath } from '../../../shared/wire';
import type { FaxCloudOperation } from '../types';
import { faxIdDescription, readFaxId } from './faxId';

/** Mark and Unmark of either fax resource: the service's own "already retrieved" flag. */
export function markFaxOperation(
	direction: FaxDirection,
	operation: 'mark' | 'unmark',
): FaxCloudOperation {
	const mark = operation === 'mark';
	return {
		description: faxIdDescription(direction, operation),
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			const faxId = readFaxId.call(this, itemIndex);
			await faxCloudRequest.call(this, {
				api: 'fax',
				method: 'PUT',
				path: apiPath(FAX_DIRECTIONS[direction].collection, faxId),
				form: { Mark: mark },
				itemIndex,
			});
			return [{ json: { FaxId: Number(faxId), Mark: mark, success: true } }];
		},
	};
}
