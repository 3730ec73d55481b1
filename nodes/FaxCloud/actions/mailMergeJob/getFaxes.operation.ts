import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mailMergeList } from '../../../shared/mailMergeLists';
import { normalizeMailMergeFax } from '../../../shared/recordFieldTypes';
import { faxCloudRequest } from '../../../shared/transport/exchanges';
import { apiPath } from '../../../shared/transport/httpEncoding';
import { readLimit, returnAllParameters } from '../common/returnAll';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';
import { jobIdParameters, readJobId } from './jobId';

const properties: INodeProperties[] = [...jobIdParameters, ...returnAllParameters];

const displayOptions = showOnlyFor('mailMergeJob', 'getFaxes');

export const description = updateDisplayOptions(displayOptions, properties);

export const execute: ItemExecute = async function (itemIndex) {
	const jobId = readJobId.call(this, itemIndex);
	const limit = readLimit.call(this, itemIndex);
	const body = await faxCloudRequest.call(this, {
		api: 'mailMerge',
		method: 'GET',
		path: apiPath('Job', jobId, 'Faxes'),
		itemIndex,
	});
	return (mailMergeList(body, 'Faxes') ?? [])
		.slice(0, limit)
		.map((fax) => ({ json: { JobID: Number(jobId), ...normalizeMailMergeFax(fax) } }));
};
