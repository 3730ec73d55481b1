import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listMailMergeJobs } from '../../../shared/mailMergeLists';
import { normalizeMailMergeJob } from '../../../shared/recordFieldTypes';
import { readLimit, returnAllParameters } from '../common/returnAll';
import { type ItemExecute, showOnlyFor } from '../common/operationShape';

const properties: INodeProperties[] = [...returnAllParameters];

const displayOptions = showOnlyFor('mailMergeJob', 'getAll');

export const description = updateDisplayOptions(displayOptions, properties);

export const execute: ItemExecute = async function (itemIndex) {
	const limit = readLimit.call(this, itemIndex);
	const jobs = (await listMailMergeJobs.call(this, itemIndex)) ?? [];
	return jobs.slice(0, limit).map((job) => ({ json: normalizeMailMergeJob(job) }));
};
