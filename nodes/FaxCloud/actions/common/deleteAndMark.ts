import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxCloudRequest } from '../../../shared/transport';
import { apiPath } from '../../../shared/wire';
import type { FaxDirection } from './direction';
import { DIRECTIONS } from './direction';
import { faxIdParameter, readFaxId } from './faxId';
import { requestsAtOnceCollection } from './requestsAtOnce';

export function deleteFaxOperation(direction: FaxDirection) {
	const info = DIRECTIONS[direction];
	const description = updateDisplayOptions(
		{ show: { resource: [info.resource], operation: ['delete'] } },
		[faxIdParameter(direction), requestsAtOnceCollection],
	);

	async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
	): Promise<INodeExecutionData[]> {
		const faxId = readFaxId.call(this, itemIndex);
		await faxCloudRequest.call(this, {
			api: 'fax',
			method: 'DELETE',
			path: apiPath(info.collection, faxId),
			itemIndex,
		});
		return [{ json: { FaxId: Number(faxId), deleted: true, success: true } }];
	}

	return { description, execute };
}

/** Mark is the service's own "already retrieved" flag; Unmark clears it. */
export function markFaxOperation(direction: FaxDirection, mark: boolean) {
	const info = DIRECTIONS[direction];
	const description = updateDisplayOptions(
		{ show: { resource: [info.resource], operation: [mark ? 'mark' : 'unmark'] } },
		[faxIdParameter(direction), requestsAtOnceCollection],
	);

	async function execute(
		this: IExecuteFunctions,
		itemIndex: number,
	): Promise<INodeExecutionData[]> {
		const faxId = readFaxId.call(this, itemIndex);
		await faxCloudRequest.call(this, {
			api: 'fax',
			method: 'PUT',
			path: apiPath(info.collection, faxId),
			form: { Mark: mark },
			itemIndex,
		});
		return [{ json: { FaxId: Number(faxId), Mark: mark, success: true } }];
	}

	return { description, execute };
}
