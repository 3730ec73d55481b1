// Mail merge state of earlier layouts: the jobs a window-kept state had already handled.
import type { Job } from './mailMergeJobs';
import type { WindowState } from '../state/eventWindow';

/**
 * The jobs a state written before the trigger kept job IDs (layouts 1 and 2: a window over
 * CreatedOn and the keys `job:<ID>` seen inside it) had already handled, read against a whole job
 * list: every job before the window start, every job whose key was seen, and every job pending.
 * The rest would have been new to that trigger, and stays new, so an upgrade neither repeats nor
 * loses a job.
 */
export function knownFromWindow(
	state: WindowState & { pending?: number[] },
	jobs: Job[],
): Set<number> {
	const known = new Set(state.pending ?? []);
	const start = state.windowStart === null ? undefined : Date.parse(state.windowStart);
	const seen = new Set(Object.values(state.seen).flat());
	for (const { id, job } of jobs) {
		const time = Date.parse(String(job.CreatedOn ?? ''));
		if (seen.has(`job:${id}`) || (start !== undefined && !(time >= start))) known.add(id);
	}
	return known;
}
