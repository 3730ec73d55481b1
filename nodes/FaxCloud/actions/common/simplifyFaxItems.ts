import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { FaxDirection } from '../../../shared/faxDirections';
import { SIMPLIFY_HINT, simplifyFax } from '../../../shared/simplifiedFax';
import { validateBoolean } from '../../../shared/validation/valueChecks';
import { FROM_VERSION_2, nodeVersionOf } from '../../../shared/nodeVersions';

/** Simplify, on by default (version 2 on): version 1 always returned the whole record. */
export const simplifyParameter: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
	hint: SIMPLIFY_HINT,
	displayOptions: FROM_VERSION_2,
};

export function readSimplifyOfItem(this: IExecuteFunctions, itemIndex: number): boolean {
	if (nodeVersionOf(this) < 2) return false;
	return validateBoolean(
		this,
		this.getNodeParameter('simple', itemIndex, true),
		'Simplify',
		itemIndex,
	);
}

/** The items as the user asked: the simplified records, or the whole ones. */
export function simplifiedItems(
	direction: FaxDirection,
	items: INodeExecutionData[],
	simplify: boolean,
): INodeExecutionData[] {
	return simplify
		? items.map((item) => ({ ...item, json: simplifyFax(direction, item.json) }))
		: items;
}
