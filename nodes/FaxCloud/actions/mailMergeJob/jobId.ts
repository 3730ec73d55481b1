import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idLocator, readLocatorId } from '../common/resourceLocator';
import { FROM_VERSION_2, ONLY_VERSION_1 } from '../../../shared/nodeVersions';

export const JOB_ID_LABEL = 'Job ID';

/** A typed id in version 1 nodes, a picker from version 2 on; both named jobId. */
export const jobIdParameters: INodeProperties[] = [
	{
		displayName: JOB_ID_LABEL,
		name: 'jobId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 12',
		description: 'JobID of the mail merge job, as returned by Create or Get Many',
		displayOptions: ONLY_VERSION_1,
	},
	{
		...idLocator({
			displayName: JOB_ID_LABEL,
			name: 'jobId',
			description:
				'The mail merge job: pick one of the newest, type to filter by ID or status, or enter its ID',
			searchListMethod: 'searchMailMergeJobs',
			listPlaceholder: 'Select a mail merge job...',
			idPlaceholder: 'e.g. 12',
		}),
		displayOptions: FROM_VERSION_2,
	},
];

export function readJobId(this: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(this, this.getNodeParameter('jobId', itemIndex), JOB_ID_LABEL, itemIndex);
}
