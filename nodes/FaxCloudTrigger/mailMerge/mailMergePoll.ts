// Mail merge events: the first activation (known jobs) and one poll, emitting finished jobs once.
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { PollBudget } from '../poll/pollBudget';
import type { Job } from './mailMergeJobs';
import { listJobs, lookUpJob } from './mailMergeJobs';
import { knownFromWindow } from './mailMergeUpgrade';
import type { EventState } from '../state/triggerState';
import { warnOfTrigger } from '../poll/triggerWarning';

/**
 * Look-ups of jobs missing from the list, per poll: one request each. The rest wait for the next
 * poll, in turn, so a service whose list leaves out many jobs costs a bounded number of requests.
 */
const MAX_LOOKUPS_PER_POLL = 20;

/** The mail merge event keeps job IDs, not a window over CreatedOn. */
const NO_WINDOW = { windowStart: null, seen: {} };

/** First activation: every job there now is known, those in process are pending. */
export async function baselineJobs(this: IPollFunctions): Promise<EventState> {
	// An answer without Jobs is taken as no jobs: every job listed later is then new.
	const jobs = (await listJobs(this)) ?? [];
	return {
		...NO_WINDOW,
		jobs: jobs.map((job) => job.id),
		pending: jobs.filter((job) => !job.finished).map((job) => job.id),
	};
}

/**
 * A job is new when its ID is not known, whatever its CreatedOn says. It is emitted when it is
 * COMPLETE or CANCELLED, once; until then it is pending. A job missing from the list is looked up
 * by its ID: found, it stays (and a pending one that finished is emitted); only when the service
 * says it does not exist is it forgotten. So `jobs` never holds more than the jobs the service
 * has, and one answer that leaves a job out loses and repeats nothing.
 */
export async function pollJobs(
	this: IPollFunctions,
	state: EventState,
	budget: PollBudget,
): Promise<{ items: INodeExecutionData[]; state: EventState }> {
	const listed = await listJobs(this);
	// A state of before the job IDs needs a list to know which jobs it had handled.
	if (!state.jobs && !listed) return { items: [], state };
	const known = state.jobs ? new Set(state.jobs) : knownFromWindow(state, listed ?? []);
	const pending = new Set(state.pending ?? []);
	for (const id of pending) known.add(id);
	const items: INodeExecutionData[] = [];
	const emitted = (job: Job): boolean => {
		if (budget.eventsFull) return false;
		items.push({ json: job.job });
		budget.countEvent();
		return true;
	};

	const byId = new Map((listed ?? []).map((job) => [job.id, job]));
	const missing: number[] = [];
	for (const id of pending) {
		const job = byId.get(id);
		if (!job) missing.push(id);
		else if (job.finished && emitted(job)) pending.delete(id);
	}
	for (const job of listed ?? []) {
		if (known.has(job.id)) continue;
		if (!job.finished) pending.add(job.id);
		// A finished job over Max Events per Poll stays unknown, so the next poll finds it new.
		else if (!emitted(job)) continue;
		known.add(job.id);
	}
	// Only a list can leave a finished job out; an answer without Jobs says nothing about them.
	if (listed) missing.push(...[...known].filter((id) => !pending.has(id) && !byId.has(id)));

	const lookedUp: number[] = [];
	for (const id of missing.slice(0, MAX_LOOKUPS_PER_POLL)) {
		if (budget.markingOver) break;
		const found = await lookUpJob(this, id);
		if (found === 'gone') {
			warnOfTrigger(
				this,
				`mail merge job ${id} was not found on the service (GET /Job/${id}); ${pending.has(id) ? 'it was in process and is dropped without an event' : 'it is forgotten'}`,
			);
			known.delete(id);
			pending.delete(id);
			continue;
		}
		lookedUp.push(id);
		if (found !== 'failed' && pending.has(id) && found.job.finished && emitted(found.job)) {
			pending.delete(id);
		}
	}
	// Jobs just looked up go last, so the next poll looks up the others first.
	const jobs = [...known].filter((id) => !lookedUp.includes(id));
	jobs.push(...lookedUp.filter((id) => known.has(id)));
	return { items, state: { ...NO_WINDOW, jobs, pending: [...pending] } };
}
