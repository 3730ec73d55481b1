import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { FaxDirection } from '../../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../../shared/faxDirections';
import { idLocator, readLocatorId } from './resourceLocator';
import { FROM_VERSION_2, ONLY_VERSION_1 } from '../../../shared/nodeVersions';

export const FAX_ID_LABEL = 'Fax ID';

/** The list search of each direction's Fax ID picker (methods/listSearch.ts). */
export const FAX_SEARCH_METHOD: Record<FaxDirection, string> = {
	outbound: 'searchOutboundFaxes',
	inbound: 'searchInboundFaxes',
};

/**
 * The Fax ID of an operation on one fax: a typed id in version 1 nodes, a picker from version 2
 * on. Both are named faxId: a version 1 workflow keeps its plain id.
 */
export function faxIdParameters(direction: FaxDirection): INodeProperties[] {
	const { noun } = FAX_DIRECTIONS[direction];
	const description = `FaxId of the ${noun}, as returned by ${
		direction === 'outbound' ? 'Send or Get Many' : 'Get Many or the trigger'
	}`;
	return [
		{
			displayName: FAX_ID_LABEL,
			name: 'faxId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 1234',
			description,
			displayOptions: ONLY_VERSION_1,
		},
		{
			...idLocator({
				displayName: FAX_ID_LABEL,
				name: 'faxId',
				description: `The ${noun}: pick one of the newest, type to filter by ID, number or user, or enter its ID`,
				searchListMethod: FAX_SEARCH_METHOD[direction],
				listPlaceholder: `Select an ${direction} fax...`,
				idPlaceholder: 'e.g. 1234',
			}),
			displayOptions: FROM_VERSION_2,
		},
	];
}

export function readFaxId(this: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(this, this.getNodeParameter('faxId', itemIndex), FAX_ID_LABEL, itemIndex);
}
