import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { validateBoolean, validateInteger } from '../../../shared/validation';

/** Return All / Limit for lists the service answers in one piece (no paging on its side). */
export const returnAllParameters: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** The records the user asked for: all, or the first Limit of them. */
export function applyReturnAll(
	this: IExecuteFunctions,
	itemIndex: number,
	records: IDataObject[],
): IDataObject[] {
	const returnAll = validateBoolean(
		this,
		this.getNodeParameter('returnAll', itemIndex, false),
		'Return All',
		itemIndex,
	);
	if (returnAll) return records;
	const limit = validateInteger(
		this,
		this.getNodeParameter('limit', itemIndex, 50),
		'Limit',
		{ min: 1 },
		itemIndex,
	);
	return records.slice(0, limit);
}

/** Reads Return All / Limit before any request, so a bad Limit sends nothing. */
export function checkReturnAll(this: IExecuteFunctions, itemIndex: number): void {
	applyReturnAll.call(this, itemIndex, []);
}
