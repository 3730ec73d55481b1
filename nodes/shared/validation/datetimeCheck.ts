// Datetime check: a date and time in the service's form, a zone-less one in the workflow's timezone.
import { isKnownTimezone, wallClockToEpochMs } from '../dates';
import type { ValidationTarget } from './parameterErrors';
import { invalidParameter, shown } from './parameterErrors';

const DATETIME =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

export interface DateValidationTarget extends ValidationTarget {
	/** The workflow's timezone (its settings, else n8n's GENERIC_TIMEZONE), as n8n gives it. */
	getTimezone(): string;
}

/** A Date, or a Luxon DateTime from an expression: both are instants already. */
function instantText(value: unknown): string | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
	if (
		value &&
		typeof value === 'object' &&
		typeof (value as { toISO?: unknown }).toISO === 'function'
	) {
		return String((value as { toISO: () => string | null }).toISO());
	}
	return undefined;
}

/**
 * A datetime in the description's subset (YYYY-MM-DDThh:mm[:ss] with Z or an offset), also taking
 * what n8n date pickers and expressions produce (milliseconds, a Date or Luxon value). A value
 * without a zone means the workflow's timezone, as n8n's date picker and built-in nodes have it;
 * Z or an offset is kept. Returns `YYYY-MM-DDThh:mm:ssZ`, the service's own zone.
 */
export function validateDatetime(
	context: DateValidationTarget,
	value: unknown,
	parameter: string,
	itemIndex?: number,
): string {
	const text = instantText(value) ?? (typeof value === 'string' ? value.trim() : '');
	const match = DATETIME.exec(text);
	const allowed = 'use a date and time such as 2026-01-05T09:30Z or 2026-01-05T09:30:00+01:00';
	if (!match)
		throw invalidParameter(
			context,
			parameter,
			`${shown(value)} is not a date and time; ${allowed}`,
			itemIndex,
		);
	const [, year, month, day, hour, minute, second = '00', zone] = match;
	const wall = {
		year: Number(year),
		month: Number(month),
		day: Number(day),
		hour: Number(hour),
		minute: Number(minute),
		second: Number(second),
	};
	const inRange =
		wall.month >= 1 &&
		wall.month <= 12 &&
		wall.day >= 1 &&
		wall.hour <= 23 &&
		wall.minute <= 59 &&
		wall.second <= 59 &&
		new Date(Date.UTC(2000, wall.month - 1, wall.day)).getUTCDate() === wall.day &&
		(wall.month !== 2 || wall.day !== 29 || isLeapYear(wall.year));
	if (!inRange) {
		throw invalidParameter(
			context,
			parameter,
			`${shown(value)} is not a valid date; ${allowed}`,
			itemIndex,
		);
	}
	let millis: number;
	if (zone === undefined) {
		millis = wallClockToEpochMs(wall, workflowTimezone(context, value, parameter, itemIndex));
	} else {
		const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
		millis = Date.parse(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`);
		if (Number.isNaN(millis)) {
			throw invalidParameter(
				context,
				parameter,
				`${shown(value)} has an offset that does not exist; ${allowed}`,
				itemIndex,
			);
		}
	}
	return new Date(millis).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function isLeapYear(year: number): boolean {
	return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * An unknown zone name (a hand-edited workflow, a mistyped GENERIC_TIMEZONE) is refused rather
 * than read as UTC: that reading is the error of hours this conversion exists to remove, and a fax
 * scheduled at the wrong time is worse than a run stopped with the cause. Values with Z or an
 * offset never get here, so they still work.
 */
function workflowTimezone(
	context: DateValidationTarget,
	value: unknown,
	parameter: string,
	itemIndex?: number,
): string {
	// unknown, not string: what n8n gives at run time is checked, not trusted.
	const zone: unknown = context.getTimezone();
	if (isKnownTimezone(zone)) return zone;
	const workflowZone =
		typeof zone === 'string' && zone.trim()
			? `the workflow's timezone ${shown(zone)} is unknown`
			: 'the workflow has no timezone';
	throw invalidParameter(
		context,
		parameter,
		`${shown(value)} has no timezone and ${workflowZone}; add Z or an offset such as +01:00, or choose a timezone in the workflow settings`,
		itemIndex,
	);
}
