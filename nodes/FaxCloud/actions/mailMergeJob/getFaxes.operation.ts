import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { normalizeMailMergeFax } from '../../../shared/records';
import { faxCloudRequest } from '../../../shared/transport';
import { apiPath } from '../../../shared/wire';
import { jobIdParameter, readJobId } from './jobId';
import { applyReturnAll, checkReturnAll, returnAllParameters } from './listLimit';

const properties: INodeProperties[] = [jobIdParameter, ...returnAllParameters];

export const description = updateDisplayOptions(
	{ show: { resource: ['mailMergeJob'], operation: ['getFaxes'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const jobId = readJobId.call(this, itemIndex);
	checkReturnAll.call(this, itemIndex);
	const body = await faxCloudRequest.call(this, {
		api: 'mailMerge',
		method: 'GET',
		path: apiPath('Job', jobId, 'Faxes'),
		itemIndex,
	});
	const faxes = Array.isArray(body.Faxes) ? (body.Faxes as IDataObject[]) : [];
	return applyReturnAll
		.call(this, itemIndex, faxes)
		.map((fax) => ({ json: { JobID: Number(jobId), ...normalizeMailMergeFax(fax) } }));
}
