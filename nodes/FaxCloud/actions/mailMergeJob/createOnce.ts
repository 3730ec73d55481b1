import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { normalizeMailMergeJob } from '../../../shared/recordFieldTypes';
import { faxCloudRequest } from '../../../shared/transport';
import { apiPath } from '../../../shared/httpEncoding';
import type { CsvLineFax } from './csvChecks';

/**
 * A job carries no field the client sets, so n8n's Retry recognises its earlier job by what the
 * service shows of it: the job list gives each job's ExpectedFaxCount, and a job's fax list gives
 * each processed line's fax number and keyword, in line order. A job of the same size whose faxes
 * so far are this CSV's first lines is taken for this one.
 */

interface Candidate {
	job: IDataObject;
	faxes: IDataObject[];
}

function sameLines(faxes: IDataObject[], lines: CsvLineFax[]): boolean {
	const ordered = [...faxes].sort((a, b) => Number(a.ID) - Number(b.ID));
	return ordered.every(
		(fax, index) =>
			index < lines.length &&
			String(fax.FaxNumber ?? '').trim() === lines[index].faxNumber &&
			String(fax.Keyword ?? '') === lines[index].keyword,
	);
}

/** Every job of the login, as the service lists them (GET /Job). */
export async function listJobs(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const body = await faxCloudRequest.call(this, {
		api: 'mailMerge',
		method: 'GET',
		path: apiPath('Job'),
		itemIndex,
	});
	return Array.isArray(body.Jobs) ? (body.Jobs as IDataObject[]) : [];
}

async function candidates(
	this: IExecuteFunctions,
	itemIndex: number,
	expectedFaxes: number,
): Promise<IDataObject[]> {
	const jobs = await listJobs.call(this, itemIndex);
	return jobs
		.filter((job) => Number(job.ExpectedFaxCount) === expectedFaxes && job.Status !== 'CANCELLED')
		.sort((a, b) => Number(b.ID) - Number(a.ID));
}

/**
 * The earlier job of these lines, newest first, as the create's output marked `sendOnce: 'found'`;
 * undefined when there is none. A job of the same size that has made no fax yet cannot be told
 * apart, so the create stops rather than risk a second job.
 */
export async function findEarlierJob(
	this: IExecuteFunctions,
	itemIndex: number,
	lines: CsvLineFax[],
	expectedFaxes: number,
): Promise<INodeExecutionData[] | undefined> {
	for (const job of await candidates.call(this, itemIndex, expectedFaxes)) {
		const body = await faxCloudRequest.call(this, {
			api: 'mailMerge',
			method: 'GET',
			path: apiPath('Job', String(job.ID), 'Faxes'),
			itemIndex,
		});
		const found: Candidate = {
			job,
			faxes: Array.isArray(body.Faxes) ? (body.Faxes as IDataObject[]) : [],
		};
		if (found.faxes.length === 0) {
			throw new NodeOperationError(
				this.getNode(),
				`Job ${String(job.ID)} expects ${expectedFaxes} faxes like this one and has made none yet`,
				{
					itemIndex,
					description:
						'Nothing was created. In a Retry the node looks for the job its first run may have created, and it cannot tell yet whether this job is that one. Retry again once the job has made its first fax (Get Faxes shows it).',
				},
			);
		}
		if (sameLines(found.faxes, lines)) {
			const { ID, ...record } = normalizeMailMergeJob(found.job);
			return [{ json: { JobID: ID, ExpectedFaxes: expectedFaxes, sendOnce: 'found', ...record } }];
		}
	}
	return undefined;
}
