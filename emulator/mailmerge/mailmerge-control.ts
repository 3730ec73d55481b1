import type { ControlRoute } from '../http/controlRoute';
import type { MailMergeService } from './mailmerge-service';

/** Control calls that make interface B answer in ways the description allows. */
export interface MailMergeControl {
	/** The next GET /Job of the job's owner leaves the job out; it is listed again after that. */
	omitJobOnce(jobId: number | string): void;
	/** The next `count` (default 1) GET /Job answers carry RequestStatus only, no `Jobs`. */
	listWithoutJobsOnce(count?: number): void;
	/** The job is gone: not listed, GET /Job/{id} and /Job/{id}/Faxes answer 2001 (HTTP 404). */
	removeJob(jobId: number | string): void;
	/**
	 * A partial outage of the job store: GET /Job lists no jobs and GET /Job/{id} answers 2001
	 * ("Error getting the job") with this HTTP status (200: inside a successful answer), until
	 * called with null. The jobs themselves are kept.
	 */
	failJobLookups(httpStatus: number | null): void;
	/**
	 * Interface B writes its datetimes as the wall clock of this IANA zone (no designator);
	 * null or '' goes back to UTC. reset() restores the `mailMergeTimeZone` option.
	 */
	setMailMergeTimeZone(zone: string | null): void;
}

function jobIdOf(value: number | string): number {
	const n = Number(value);
	if (!Number.isInteger(n) || n < 1) throw new Error('jobId must be a positive integer');
	return n;
}

export function mailMergeControl(service: MailMergeService): MailMergeControl {
	return {
		omitJobOnce: (jobId) => service.omitOnce(jobIdOf(jobId)),
		listWithoutJobsOnce: (count = 1) => service.listWithoutJobs(Number(count)),
		removeJob: (jobId) => service.remove(jobIdOf(jobId)),
		failJobLookups: (httpStatus) => service.failLookups(httpStatus ?? undefined),
		setMailMergeTimeZone: (zone) => service.clock.setZone(zone ?? undefined),
	};
}

/** The same calls over HTTP, under the control prefix. */
export function mailMergeRoutes(control: MailMergeControl): ControlRoute[] {
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
