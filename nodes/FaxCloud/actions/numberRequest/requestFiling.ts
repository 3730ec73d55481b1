import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { faxCloudRequest } from '../../../shared/transport/exchanges';
import type { FilePart } from '../../../shared/transport/httpEncoding';
import { apiPath } from '../../../shared/transport/httpEncoding';

export const REQUEST_PATHS = {
	nonTollFree: apiPath('api', 'numbers', 'add-new-number-request', 'non-toll-free'),
	tollFree: apiPath('api', 'numbers', 'add-new-number-request', 'toll-free'),
	portIn: apiPath('api', 'numbers', 'add-port-request'),
} as const;

/** A request ready to be filed: its endpoint and its JSON body, or its data and PDF files. */
export type NumberRequestPlan = { path: string } & (
	| { json: IDataObject }
	| { data: IDataObject; files: FilePart[] }
);

/** Files one request; the answer (the provider's ticket) becomes the output item. */
export async function fileNumberRequest(
	this: IExecuteFunctions,
	itemIndex: number,
	request: NumberRequestPlan,
): Promise<INodeExecutionData[]> {
	const answer = await faxCloudRequest.call(this, {
		api: 'numbers',
		method: 'POST',
		path: request.path,
		...('json' in request
			? { json: request.json }
			: {
					multipart: {
						fields: { data: JSON.stringify(request.data) },
						files: request.files,
					},
				}),
		itemIndex,
	});
	return [{ json: answer }];
}
