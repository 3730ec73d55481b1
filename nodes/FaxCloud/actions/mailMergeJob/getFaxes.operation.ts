import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listJobFaxes } from '../../../shared/mailMergeLists';
import { normalizeMailMergeFax } from '../../../shared/recordFieldTypes';
import { readLimit, returnAllParameters } from '../common/returnAll';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';
import { jobIdParameters, readJobId } from './jobId';

const properties: INodeProperties[] = [...jobIdParameters, ...returnAllParameters];

const displayOptions = showOnlyFor('mailMergeJob', 'getFaxes');

export const description = updateDisplayOptions(displayOptions, properties);

export const execute: ItemExecute = async function (itemIndex) {
	const jobId = readJobId.call(this, itemIndex);
	const limit = readLimit.call(this, itemIndex);
	return (await listJobFaxes.call(this, jobId, itemIndex))
		.slice(0, limit)
		.map((fax) => ({ json: { JobID: Number(jobId), ...normalizeMailMergeFax(fax) } }));
};
