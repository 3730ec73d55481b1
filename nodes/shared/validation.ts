import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isKnownTimezone, wallClockToEpochMs } from './dates';

/**
 * Checks of user input, run before any request is sent. Each failure is a NodeOperationError
 * whose message names the parameter as the user sees it and says what is allowed.
 */

export interface ValidationTarget {
	getNode(): INode;
}

export function invalidParameter(
	context: ValidationTarget,
	parameter: string,
	problem: string,
	itemIndex?: number,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(context.getNode(), `Invalid "${parameter}": ${problem}`, {
		itemIndex,
		description,
	});
}

function show(value: unknown): string {
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return `"${String(text).slice(0, 60)}"`;
}

/**
 * A destination number as the service wants it: 1 and ten digits for US/Canada, or + and the
 * country code for international numbers. Spaces, dashes, dots and brackets are removed.
 */
export function validateFaxNumber(
	context: ValidationTarget,
	value: unknown,
	parameter: string,
	itemIndex?: number,
): string {
	const raw = typeof value === 'number' ? String(value) : value;
	if (typeof raw !== 'string' || raw.trim() === '') {
		throw invalidParameter(context, parameter, 'a fax number is required', itemIndex);
	}
	const compact = raw.trim().replace(/[\s\-.()]/g, '');
	const allowed =
		'use 1 and 10 digits for US/Canada (e.g. 12125550100) or + and the country code for international numbers (e.g. +442071234567)';
	if (/^\+[1-9]\d{6,14}$/.test(compact)) return compact;
	if (/^1\d{10}$/.test(compact)) return compact;
	if (/^[2-9]\d{9}$/.test(compact)) {
		throw invalidParameter(
			context,
			parameter,
			`${show(raw)} has no leading 1; ${allowed}`,
			itemIndex,
		);
	}
	throw invalidParameter(
		context,
		parameter,
		`${show(raw)} is not a fax number; ${allowed}`,
		itemIndex,
	);
}

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
			`${show(value)} is not a date and time; ${allowed}`,
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
			`${show(value)} is not a valid date; ${allowed}`,
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
				`${show(value)} has an offset that does not exist; ${allowed}`,
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
	const zone = context.getTimezone();
	if (isKnownTimezone(zone)) return zone;
	throw invalidParameter(
		context,
		parameter,
		`${show(value)} has no timezone and the workflow's timezone ${show(zone)} is unknown; add Z or an offset such as +01:00, or choose a timezone in the workflow settings`,
		itemIndex,
	);
}

/** A positive integer id (FaxId, JobID): digits only, so it can never change a request path. */
export function validateId(
	context: ValidationTarget,
	value: unknown,
	parameter: string,
	itemIndex?: number,
): string {
	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
	if (!/^\d+$/.test(text) || /^0+$/.test(text) || text.length > 18) {
		throw invalidParameter(
			context,
			parameter,
			`${show(value)} is not an ID; use a whole number greater than 0, e.g. 1234`,
			itemIndex,
		);
	}
	return text.replace(/^0+/, '');
}

export function validateInteger(
	context: ValidationTarget,
	value: unknown,
	parameter: string,
	range: { min: number; max?: number },
	itemIndex?: number,
): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	const limits = range.max === undefined ? `${range.min} or more` : `${range.min} to ${range.max}`;
	if (
		typeof number !== 'number' ||
		!Number.isInteger(number) ||
		number < range.min ||
		(range.max !== undefined && number > range.max)
	) {
		throw invalidParameter(
			context,
			parameter,
			`${show(value)} is not allowed; use a whole number from ${limits}`,
			itemIndex,
		);
	}
	return number;
}

export function validateBoolean(
	context: ValidationTarget,
	value: unknown,
	parameter: string,
	itemIndex?: number,
): boolean {
	if (typeof value === 'boolean') return value;
	if (value === 'true' || value === 'false') return value === 'true';
	throw invalidParameter(
		context,
		parameter,
		`${show(value)} is not allowed; use true or false`,
		itemIndex,
	);
}

export const COVER_MESSAGE_MAX_LINES = 12;
export const COVER_MESSAGE_MAX_LINE_LENGTH = 128;
export const TSI_MAX_LENGTH = 20;

/** The cover page message field holds at most 12 lines of 128 characters. */
export function validateCoverMessage(
	context: ValidationTarget,
	value: string,
	parameter: string,
	itemIndex?: number,
): string {
	const lines = value.split(/\r\n|\r|\n/);
	if (lines.length > COVER_MESSAGE_MAX_LINES) {
		throw invalidParameter(
			context,
			parameter,
			`has ${lines.length} lines; at most ${COVER_MESSAGE_MAX_LINES} lines are allowed`,
			itemIndex,
		);
	}
	const long = lines.findIndex((line) => line.length > COVER_MESSAGE_MAX_LINE_LENGTH);
	if (long >= 0) {
		throw invalidParameter(
			context,
			parameter,
			`line ${long + 1} has ${lines[long].length} characters; at most ${COVER_MESSAGE_MAX_LINE_LENGTH} per line are allowed`,
			itemIndex,
		);
	}
	return value;
}

/** The transmitting station id is cut at 20 characters by the service; refuse it instead. */
export function validateTsi(
	context: ValidationTarget,
	value: string,
	parameter: string,
	itemIndex?: number,
): string {
	if (value.length > TSI_MAX_LENGTH) {
		throw invalidParameter(
			context,
			parameter,
			`has ${value.length} characters; at most ${TSI_MAX_LENGTH} are allowed`,
			itemIndex,
		);
	}
	return value;
}

export function validatePriority(
	context: ValidationTarget,
	value: unknown,
	parameter: string,
	itemIndex?: number,
): number {
	return validateInteger(context, value, parameter, { min: 0, max: 10 }, itemIndex);
}

/** One choice of a fixed list (sort column, status, content type, country...). */
export function validateChoice<T extends string>(
	context: ValidationTarget,
	value: unknown,
	parameter: string,
	allowed: readonly T[],
	itemIndex?: number,
): T {
	if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
		return value as T;
	throw invalidParameter(
		context,
		parameter,
		`${show(value)} is not allowed; use one of ${allowed.join(', ')}`,
		itemIndex,
	);
}

export function validateEmail(
	context: ValidationTarget,
	value: unknown,
	parameter: string,
	itemIndex?: number,
): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (!/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(text)) {
		throw invalidParameter(
			context,
			parameter,
			`${show(value)} is not an e-mail address; use name@example.com`,
			itemIndex,
		);
	}
	return text;
}
