import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { faxCloudRequest } from '../../../shared/transport';
import type { FilePart } from '../../../shared/httpEncoding';
import { apiPath } from '../../../shared/httpEncoding';
import type { FaxCloudOperation } from '../types';

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

type Planner = (this: IExecuteFunctions, itemIndex: number) => Promise<NumberRequestPlan>;

/**
 * The operation around a planner: each item's request is checked, then filed; the answer (the
 * provider's ticket) becomes the output item. Every item is checked before the first request is
 * filed, since a node stopped halfway would be run again and file the first requests twice.
 */
export function numberRequestOperation(
	plan: Planner,
): Required<Pick<FaxCloudOperation, 'checkAllItems' | 'execute'>> {
	return {
		async checkAllItems(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<void> {
			for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
				await plan.call(this, itemIndex);
			}
		},
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			const request = await plan.call(this, itemIndex);
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
		},
	};
}
