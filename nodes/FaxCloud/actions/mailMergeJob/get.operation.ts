import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { normalizeMailMergeJob } from '../../../shared/recordFieldTypes';
import { faxCloudRequest } from '../../../shared/transport/exchanges';
import { apiPath } from '../../../shared/transport/httpEncoding';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';
import { jobIdParameters, readJobId } from './jobId';

const properties: INodeProperties[] = [...jobIdParameters];

const displayOptions = showOnlyFor('mailMergeJob', 'get');

export const description = updateDisplayOptions(displayOptions, properties);

export const execute: ItemExecute = async function (itemIndex) {
	const jobId = readJobId.call(this, itemIndex);
	const body = await faxCloudRequest.call(this, {
		api: 'mailMerge',
		method: 'GET',
		path: apiPath('Job', jobId),
		itemIndex,
	});
	const job = body.Job;
	if (!job || typeof job !== 'object' || Array.isArray(job)) {
		throw new NodeOperationError(
			this.getNode(),
			`The service returned no mail merge job with Job ID ${jobId}`,
			{ itemIndex, description: 'Check the Job ID with the Get Many operation.' },
		);
	}
	return [{ json: normalizeMailMergeJob(job as IDataObject) }];
};
