// Address checks: a fax number and an e-mail address as the service takes them.
import type { ValidationTarget } from './parameterErrors';
import { invalidParameter, shown } from './parameterErrors';

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
			`${shown(raw)} has no leading 1; ${allowed}`,
			itemIndex,
		);
	}
	throw invalidParameter(
		context,
		parameter,
		`${shown(raw)} is not a fax number; ${allowed}`,
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
			`${shown(value)} is not an e-mail address; use name@example.com`,
			itemIndex,
		);
	}
	return text;
}
