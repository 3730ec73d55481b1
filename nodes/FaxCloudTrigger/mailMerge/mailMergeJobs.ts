// Mail merge jobs as the trigger reads them: the job list and one job by its ID.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { listMailMergeJobs } from '../../shared/mailMergeLists';
import { normalizeMailMergeJob } from '../../shared/recordFieldTypes';
import { faxCloudRequest } from '../../shared/transport/exchanges';
import { apiPath } from '../../shared/transport/httpEncoding';
import { warnOfTrigger } from '../poll/triggerWarning';

const FINISHED = new Set(['COMPLETE', 'CANCELLED']);

/** A mail merge job as the trigger reads it. */
export interface Job {
	job: IDataObject;
	id: number;
	finished: boolean;
}

function jobOf(context: IPollFunctions, record: IDataObject): Job {
	const job = normalizeMailMergeJob(record);
	const id = Number(job.ID);
	if (!Number.isInteger(id)) {
		throw new NodeOperationError(
			context.getNode(),
			`The service returned a mail merge job without a valid ID (${String(job.ID)})`,
			{ description: 'The trigger tells jobs apart by their ID; try again later.' },
		);
	}
	return { job, id, finished: FINISHED.has(String(job.Status)) };
}

/**
 * Every job of the login (GET /Job has no filter and no paging), oldest first; undefined when the
 * answer carries no `Jobs`, which says nothing about any job.
 */
export async function listJobs(context: IPollFunctions): Promise<Job[] | undefined> {
	const records = await listMailMergeJobs.call(context);
	return records?.map((record) => jobOf(context, record));
}

/** What GET /Job/{JobID} said: the job, that it does not exist, or nothing usable. */
export type LookUp = { job: Job } | 'gone' | 'failed';

/**
 * The service says a job does not exist only with HTTP 404 ("missing resource"). Code 2001 is
 * "Error getting the job. {details}", a general failure: in a successful HTTP answer, with a
 * server error or with anything else it proves nothing, so the job is kept and looked up again.
 */
function saysNotFound(error: NodeApiError): boolean {
	return Number(error.httpCode) === 404;
}

/** One job by its ID, tried once: a failure only postpones the job to the next poll. */
export async function lookUpJob(context: IPollFunctions, id: number): Promise<LookUp> {
	try {
		const body = await faxCloudRequest.call(context, {
			api: 'mailMerge',
			method: 'GET',
			path: apiPath('Job', id),
			attempts: 1,
		});
		const record = body.Job;
		if (!record || typeof record !== 'object' || Array.isArray(record)) return 'failed';
		const job = jobOf(context, record as IDataObject);
		return job.id === id ? { job } : 'failed';
	} catch (error) {
		if (error instanceof NodeApiError && saysNotFound(error)) return 'gone';
		warnOfTrigger(
			context,
			`mail merge job ${id} could not be looked up (${(error as Error).message}); it is kept and looked up again at the next poll`,
		);
		return 'failed';
	}
}
