// When a mail merge job was made, against the start of an execution: roughly from the job list,
// then exactly on the service's own clock.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { serviceDatetimeMs } from '../../../shared/recordFieldTypes';
import { fetchFax } from '../common/getFax';

const HOUR_MS = 60 * 60_000;
const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * How long before an execution began a job it created may seem made, as the job list shows it:
 * CreatedOn has no zone in the description's samples and is read as UTC (as the service assumes);
 * a service keeping local time west of UTC shows it up to 12 hours early, and its clock is not
 * n8n's either.
 */
const CREATED_ON_SLACK_MS = 13 * HOUR_MS;

/**
 * How far the service's clock may be behind n8n's when a job's time is read on the service's
 * clock: a job made by the run a Retry repeats is still found on a service two hours slow, and a
 * mailing of the same list made more than two hours before the execution began is not taken.
 */
const CLOCK_SLACK_MS = 2 * HOUR_MS;

/** Whether the job list allows that `job` was made since `startedAt`; so does a CreatedOn that cannot be read. */
export function mayBeMadeSince(job: IDataObject, startedAt: number): boolean {
	const created = serviceDatetimeMs(job.CreatedOn);
	return Number.isNaN(created) || created >= startedAt - CREATED_ON_SLACK_MS;
}

const digitsOf = (value: unknown) => String(value ?? '').replace(/\D/g, '');

/**
 * How far ahead of UTC the clock is that interface B writes its times on, read from one fax of a
 * job: its CreatedOn there against its CreateTime on interface A, which carries a zone. A whole
 * quarter hour from UTC−12 to UTC+14; undefined when the two times do not give one, or interface A
 * does not show that fax under its ID (none, or one to another number).
 */
async function mailMergeClockAhead(
	this: IExecuteFunctions,
	fax: IDataObject,
	itemIndex: number,
): Promise<number | undefined> {
	let record: IDataObject;
	try {
		record = await fetchFax.call(this, 'outbound', String(fax.ID), itemIndex);
	} catch {
		return undefined;
	}
	if (digitsOf(record.FaxNumber) !== digitsOf(fax.FaxNumber)) return undefined;
	const ahead = serviceDatetimeMs(fax.CreatedOn) - Date.parse(String(record.CreateTime));
	const zone = Math.round(ahead / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
	const isZone =
		Math.abs(ahead - zone) <= 2 * 60_000 && zone >= -12 * HOUR_MS && zone <= 14 * HOUR_MS;
	return isZone ? zone : undefined;
}

/**
 * Whether `job` was made before `startedAt`, its CreatedOn read on the service's own clock, which
 * `fax` (one of the job's) shows. False when that cannot be known.
 */
export async function madeBefore(
	this: IExecuteFunctions,
	job: IDataObject,
	fax: IDataObject,
	startedAt: number,
	itemIndex: number,
): Promise<boolean> {
	const ahead = await mailMergeClockAhead.call(this, fax, itemIndex);
	if (ahead === undefined) return false;
	return serviceDatetimeMs(job.CreatedOn) - ahead < startedAt - CLOCK_SLACK_MS;
}
