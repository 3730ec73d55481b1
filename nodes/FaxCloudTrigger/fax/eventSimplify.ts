// Simplify for fax events: the parameter and its reading (version 2 on by default).
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import { SIMPLIFY_HINT } from '../../shared/simplifiedFax';
import { nodeVersionOf, VERSION_2_ON } from '../../shared/nodeVersions';
import { validateBoolean } from '../../shared/validation/valueChecks';

/**
 * Simplify of the fax events, from version 2 on and on by default: the same fields per direction
 * as the action node's Get. Version 1 always emitted the whole record.
 */
export function eventSimplifyParameters(events: string[]): INodeProperties[] {
	return [
		{
			displayName: 'Simplify',
			name: 'simple',
			type: 'boolean',
			displayOptions: { show: { event: events, '@version': VERSION_2_ON } },
			default: true,
			description: 'Whether to return a simplified version of the response instead of the raw data',
			hint: SIMPLIFY_HINT,
		},
	];
}

export function readEventSimplify(this: IPollFunctions): boolean {
	if (nodeVersionOf(this) < 2) return false;
	return validateBoolean(this, this.getNodeParameter('simple', true), 'Simplify');
}
