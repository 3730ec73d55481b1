import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { validateBoolean, validateInteger } from '../../../shared/validation/valueChecks';

/** Return All / Limit of every list operation. */
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

/**
 * How many records the user asked for: undefined with Return All. Read before any request, so a
 * bad Limit sends nothing; a list the service answers whole is cut with `slice(0, limit)`.
 */
export function readLimit(this: IExecuteFunctions, itemIndex: number): number | undefined {
	const returnAll = validateBoolean(
		this,
		this.getNodeParameter('returnAll', itemIndex, false),
		'Return All',
		itemIndex,
	);
	if (returnAll) return undefined;
	return validateInteger(
		this,
		this.getNodeParameter('limit', itemIndex, 50),
		'Limit',
		{ min: 1 },
		itemIndex,
	);
}
