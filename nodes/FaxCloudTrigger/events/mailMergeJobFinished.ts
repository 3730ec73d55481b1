// Event "Mail Merge Job Finished": a job of the login reached COMPLETE or CANCELLED.
import type { IPollFunctions } from 'n8n-workflow';

import { listJobs } from '../mailMerge/mailMergeJobs';
import { baselineJobs, pollJobs } from '../mailMerge/mailMergePoll';
import type { PreparedEvent, TriggerEvent } from '../poll/triggerEvent';

const MAIL_MERGE_JOB_FINISHED = 'mailMergeJobFinished';

/**
 * A job is discovered by its ID (the whole list is read every time); a job still in process is
 * kept in `pending` until it is COMPLETE or CANCELLED, which emits it once. Times play no part:
 * CreatedOn has no zone in the description's samples and may repeat an hour in autumn.
 */
function prepare(this: IPollFunctions): PreparedEvent {
	return {
		watching: MAIL_MERGE_JOB_FINISHED,
		sample: async () => {
			const finished = ((await listJobs(this)) ?? []).filter((job) => job.finished);
			const newest = finished[finished.length - 1];
			return newest ? { json: newest.job } : undefined;
		},
		baseline: async () => await baselineJobs.call(this),
		poll: async (state, budget) => await pollJobs.call(this, state, budget),
	};
}

export const mailMergeJobFinished: TriggerEvent = {
	value: MAIL_MERGE_JOB_FINISHED,
	name: 'Mail Merge Job Finished',
	description: 'A mail merge job of the login reached COMPLETE or CANCELLED',
	properties: [],
	prepare,
};
