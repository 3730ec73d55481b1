import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { validateId } from '../../../shared/validation';

export const JOB_ID_LABEL = 'Job ID';

export const jobIdParameter: INodeProperties = {
	displayName: JOB_ID_LABEL,
	name: 'jobId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 12',
	description: 'JobID of the mail merge job, as returned by Create or Get Many',
};

export function readJobId(this: IExecuteFunctions, itemIndex: number): string {
	return validateId(this, this.getNodeParameter('jobId', itemIndex), JOB_ID_LABEL, itemIndex);
}
