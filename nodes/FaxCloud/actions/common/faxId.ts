import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { FaxDirection } from '../../../shared/faxDirections';
import { FAX_DIRECTIONS } from '../../../shared/faxDirections';
import { validateId } from '../../../shared/validation';
import type { FaxOperationName, FaxResourceName, OperationDisplayOptions } from '../node.type';
import { requestsAtOnceCollection } from './requestsAtOnce';

export const FAX_ID_LABEL = 'Fax ID';

export function faxIdParameter(direction: FaxDirection): INodeProperties {
	return {
		displayName: FAX_ID_LABEL,
		name: 'faxId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1234',
		description: `FaxId of the ${FAX_DIRECTIONS[direction].noun}, as returned by ${
			direction === 'outbound' ? 'Send or Get Many' : 'Get Many or the trigger'
		}`,
	};
}

export function readFaxId(this: IExecuteFunctions, itemIndex: number): string {
	return validateId(this, this.getNodeParameter('faxId', itemIndex), FAX_ID_LABEL, itemIndex);
}

/** The display rule of a fax operation of either direction. */
export function faxOperationDisplay(
	direction: FaxDirection,
	operation: FaxOperationName,
): OperationDisplayOptions<FaxResourceName> {
	return { show: { resource: [FAX_DIRECTIONS[direction].resource], operation: [operation] } };
}

/** Parameters of an operation on one fax that needs nothing but its Fax ID (Get, Delete, Mark). */
export function faxIdDescription(
	direction: FaxDirection,
	operation: FaxOperationName,
): INodeProperties[] {
	return updateDisplayOptions(faxOperationDisplay(direction, operation), [
		faxIdParameter(direction),
		requestsAtOnceCollection,
	]);
}
