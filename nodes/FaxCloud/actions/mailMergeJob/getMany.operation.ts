import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { normalizeMailMergeJob } from '../../../shared/records';
import { faxCloudRequest } from '../../../shared/transport';
import { apiPath } from '../../../shared/wire';
import { applyReturnAll, checkReturnAll, returnAllParameters } from './listLimit';

const properties: INodeProperties[] = [...returnAllParameters];

export const description = updateDisplayOptions(
	{ show: { resource: ['mailMergeJob'], operation: ['getAll'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	checkReturnAll.call(this, itemIndex);
	const body = await faxCloudRequest.call(this, {
		api: 'mailMerge',
		method: 'GET',
		path: apiPath('Job'),
		itemIndex,
	});
	const jobs = Array.isArray(body.Jobs) ? (body.Jobs as IDataObject[]) : [];
	return applyReturnAll
		.call(this, itemIndex, jobs)
		.map((job) => ({ json: normalizeMailMergeJob(job) }));
}
