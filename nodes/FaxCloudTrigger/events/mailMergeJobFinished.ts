import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { normalizeMailMergeJob } from '../../shared/records';
import { faxCloudRequest } from '../../shared/transport';
import { apiPath } from '../../shared/wire';
import type { PreparedEvent, TriggerEvent } from '../triggerEvent';
import { EventWindow, floorMinute } from '../window';

const MAIL_MERGE_JOB_FINISHED = 'mailMergeJobFinished';

const FINISHED = new Set(['COMPLETE', 'CANCELLED']);

interface Job {
	job: IDataObject;
	id: number;
	/** CreatedOn: the job list has no completion time, so jobs are discovered by creation. */
	time: number;
	key: string;
	finished: boolean;
}

interface JobList {
	jobs: Job[];
	/**
	 * "Now" for the window: the newest CreatedOn, not the Date header. The description's samples
	 * of interface B carry no zone, so its times may be on another clock than HTTP's; and the list
	 * is read whole every time, so the header would save no request.
	 */
	newest?: number;
}

/** Every job of the login (GET /Job has no filter and no paging), oldest first. */
async function listJobs(context: IPollFunctions): Promise<JobList> {
	const body = await faxCloudRequest.call(context, {
		api: 'mailMerge',
		method: 'GET',
		path: apiPath('Job'),
	});
	const records = Array.isArray(body.Jobs) ? (body.Jobs as IDataObject[]) : [];
	const jobs = records.map((record): Job => {
		const job = normalizeMailMergeJob(record);
		const id = Number(job.ID);
		const time = Date.parse(String(job.CreatedOn ?? ''));
		if (!Number.isInteger(id) || isNaN(time)) {
			throw new NodeOperationError(
				context.getNode(),
				`The service returned mail merge job ${String(job.ID)} without a valid ID or CreatedOn`,
				{ description: 'The trigger discovers jobs by these fields; try again later.' },
			);
		}
		return { job, id, time, key: `job:${id}`, finished: FINISHED.has(String(job.Status)) };
	});
	jobs.sort((a, b) => a.time - b.time || a.id - b.id);
	return { jobs, newest: jobs[jobs.length - 1]?.time };
}

/**
 * A job is discovered once, through a window over CreatedOn like the fax events (the whole list is
 * read every time, so a job that appears late within the allowance is still new); a job still in
 * process is then kept in `pending` (bounded by the jobs in process) until it is COMPLETE or
 * CANCELLED, which emits it once.
 */
function prepare(this: IPollFunctions): PreparedEvent {
	return {
		watching: MAIL_MERGE_JOB_FINISHED,
		sample: async () => {
			const finished = (await listJobs(this)).jobs.filter((job) => job.finished);
			const newest = finished[finished.length - 1];
			return newest ? { json: newest.job } : undefined;
		},
		baseline: async (latenessMs) => {
			const { jobs, newest } = await listJobs(this);
			const start = newest === undefined ? null : floorMinute(newest - latenessMs);
			const window = new EventWindow({
				windowStart: start === null ? null : new Date(start).toISOString(),
				seen: {},
			});
			const pending: number[] = [];
			for (const job of jobs) {
				window.remember(job.time, job.key);
				if (!job.finished) pending.push(job.id);
			}
			return { ...window.toState(), pending };
		},
		poll: async (state, budget, latenessMs) => {
			const { jobs, newest } = await listJobs(this);
			const byId = new Map(jobs.map((job) => [job.id, job]));
			const items: INodeExecutionData[] = [];
			const pending: number[] = [];
			for (const id of state.pending ?? []) {
				const job = byId.get(id);
				// A job gone from the list was deleted: nothing to wait for.
				if (!job) continue;
				if (job.finished && !budget.eventsFull) {
					items.push({ json: job.job });
					budget.countEvent();
				} else pending.push(id);
			}
			const window = new EventWindow(state);
			let firstLeft: number | undefined;
			for (const job of jobs) {
				if (!window.isNew(job.time, job.key)) continue;
				if (budget.eventsFull) {
					firstLeft = job.time;
					break;
				}
				if (job.finished) {
					items.push({ json: job.job });
					budget.countEvent();
				} else pending.push(job.id);
				window.remember(job.time, job.key);
			}
			window.advance({ serviceTime: newest, latenessMs, firstLeft });
			return { items, state: { ...window.toState(), pending } };
		},
	};
}

export const mailMergeJobFinished: TriggerEvent = {
	value: MAIL_MERGE_JOB_FINISHED,
	name: 'Mail Merge Job Finished',
	description: 'A mail merge job of the login reached COMPLETE or CANCELLED',
	properties: [],
	prepare,
};
