import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { countryParameter } from '../common/geoParameters';
import { returnAllParameters } from '../common/returnAll';
import type { OperationDisplayOptions } from '../common/node.type';
import { listLookup } from './listLookup';

const properties: INodeProperties[] = [countryParameter, ...returnAllParameters];

const displayOptions: OperationDisplayOptions<'numberLookup'> = {
	show: { resource: ['numberLookup'], operation: ['getRegions'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await listLookup.call(this, itemIndex, 'regions');
}
