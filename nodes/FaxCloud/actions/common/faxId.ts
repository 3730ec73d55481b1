import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { validateId } from '../../../shared/validation';
import type { FaxDirection } from './direction';
import { DIRECTIONS } from './direction';

export const FAX_ID_LABEL = 'Fax ID';

export function faxIdParameter(direction: FaxDirection): INodeProperties {
	return {
		displayName: FAX_ID_LABEL,
		name: 'faxId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1234',
		description: `FaxId of the ${DIRECTIONS[direction].noun}, as returned by ${
			direction === 'outbound' ? 'Send or Get Many' : 'Get Many or the trigger'
		}`,
	};
}

export function readFaxId(this: IExecuteFunctions, itemIndex: number): string {
	return validateId(this, this.getNodeParameter('faxId', itemIndex), FAX_ID_LABEL, itemIndex);
}
