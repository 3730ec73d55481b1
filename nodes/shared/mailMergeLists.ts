import type { IDataObject } from 'n8n-workflow';

import { faxCloudRequest } from './transport/exchanges';
import type { FaxCloudContext } from './transport/faxCloudInterfaces';
import { apiPath } from './transport/httpEncoding';

/**
 * A list of interface B (the jobs of GET /Job, a job's `Faxes`) in the order of its IDs, which is
 * the order the service made them in: a job's faxes in the order of its CSV lines. The description
 * gives no order for either list, so a service may answer newest first. Undefined when the answer
 * carries no such list.
 */
function inIdOrder(body: IDataObject, list: 'Jobs' | 'Faxes'): IDataObject[] | undefined {
	const records = body[list];
	if (!Array.isArray(records)) return undefined;
	return [...(records as IDataObject[])].sort((a, b) => Number(a.ID) - Number(b.ID));
}

/**
 * Every job of the login, oldest first (GET /Job has no filter and no paging); undefined when the
 * answer carries no `Jobs`, which says nothing about any job.
 */
export async function listMailMergeJobs(
	this: FaxCloudContext,
	itemIndex?: number,
): Promise<IDataObject[] | undefined> {
	const path = apiPath('Job');
	const body = await faxCloudRequest.call(this, {
		api: 'mailMerge',
		method: 'GET',
		path,
		itemIndex,
	});
	return inIdOrder(body, 'Jobs');
}

/** The faxes a job has made so far, in the order of its CSV lines (GET /Job/{id}/Faxes). */
export async function listJobFaxes(
	this: FaxCloudContext,
	jobId: string,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const path = apiPath('Job', jobId, 'Faxes');
	const body = await faxCloudRequest.call(this, {
		api: 'mailMerge',
		method: 'GET',
		path,
		itemIndex,
	});
	return inIdOrder(body, 'Faxes') ?? [];
}
