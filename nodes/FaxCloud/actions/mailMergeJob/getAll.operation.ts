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
import { readLimit, returnAllParameters } from '../common/returnAll';
import type { OperationDisplayOptions } from '../node.type';

const properties: INodeProperties[] = [...returnAllParameters];

const displayOptions: OperationDisplayOptions<'mailMergeJob'> = {
	show: { resource: ['mailMergeJob'], operation: ['getAll'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const limit = readLimit.call(this, itemIndex);
	const body = await faxCloudRequest.call(this, {
		api: 'mailMerge',
		method: 'GET',
		path: apiPath('Job'),
		itemIndex,
	});
	const jobs = Array.isArray(body.Jobs) ? (body.Jobs as IDataObject[]) : [];
	return jobs.slice(0, limit).map((job) => ({ json: normalizeMailMergeJob(job) }));
}
