import type { ControlRoute } from '../http/controlRoute';
import type { MailMergeService } from './mailmerge-service';

function jobIdOf(value: number | string): number {
	const n = Number(value);
	if (!Number.isInteger(n) || n < 1) throw new Error('jobId must be a positive integer');
	return n;
}

/** Control calls that make interface B answer in ways the description allows. */
export function mailMergeControl(service: MailMergeService) {
	return {
		/** The next GET /Job of the job's owner leaves the job out; it is listed again after that. */
		omitJobOnce: (jobId: number | string): void => service.omitOnce(jobIdOf(jobId)),
		/** The next `count` (default 1) GET /Job answers carry RequestStatus only, no `Jobs`. */
		listWithoutJobsOnce: (count = 1): void => service.listWithoutJobs(Number(count)),
		/** The job is gone: not listed, GET /Job/{id} and /Job/{id}/Faxes answer 2001 (HTTP 404). */
		removeJob: (jobId: number | string): void => service.remove(jobIdOf(jobId)),
		/**
		 * A partial outage of the job store: GET /Job lists no jobs and GET /Job/{id} answers 2001
		 * ("Error getting the job") with this HTTP status (200: inside a successful answer), until
		 * called with null. The jobs themselves are kept.
		 */
		failJobLookups: (httpStatus: number | null): void =>
			service.failLookups(httpStatus ?? undefined),
		/**
		 * Interface B writes its datetimes as the wall clock of this IANA zone (no designator);
		 * null or '' goes back to UTC. reset() restores the `mailMergeTimeZone` option.
		 */
		setMailMergeTimeZone: (zone: string | null): void => service.clock.setZone(zone ?? undefined),
	};
}

/** The same calls over HTTP, under the control prefix. */
export function mailMergeRoutes(control: ReturnType<typeof mailMergeControl>): ControlRoute[] {
	return [
		['POST', /^\/jobs\/([^/]+)\/omit-once$/, (_b, m) => control.omitJobOnce(m[1])],
		['POST', /^\/jobs\/([^/]+)\/remove$/, (_b, m) => control.removeJob(m[1])],
		[
			'POST',
			/^\/mail-merge\/fail-job-lookups$/,
			(b) => control.failJobLookups(b.httpStatus ?? null),
		],
		[
			'POST',
			/^\/mail-merge\/list-without-jobs$/,
			(b) => control.listWithoutJobsOnce(b.count === undefined ? 1 : Number(b.count)),
		],
		['POST', /^\/mail-merge\/time-zone$/, (b) => control.setMailMergeTimeZone(b.zone ?? null)],
	];
}
