import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { normalizeMailMergeJob } from '../../../shared/recordFieldTypes';
import { readLimit, returnAllParameters } from '../common/returnAll';
import type { OperationDisplayOptions } from '../common/node.type';
import { listJobs } from './createOnce';

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
	const jobs = await listJobs.call(this, itemIndex);
	return jobs.slice(0, limit).map((job) => ({ json: normalizeMailMergeJob(job) }));
}
