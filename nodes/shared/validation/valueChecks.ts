// Value checks: an ID, a whole number, a boolean, one choice of a list.
import type { ValidationTarget } from './parameterErrors';
import { invalidParameter, shown } from './parameterErrors';

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
			`${shown(value)} is not an ID; use a whole number greater than 0, e.g. 1234`,
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
			`${shown(value)} is not allowed; use a whole number from ${limits}`,
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
		`${shown(value)} is not allowed; use true or false`,
		itemIndex,
	);
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
		`${shown(value)} is not allowed; use one of ${allowed.join(', ')}`,
		itemIndex,
	);
}
