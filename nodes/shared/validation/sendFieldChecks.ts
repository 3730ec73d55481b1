// Send field checks: the cover page message, the sender ID (TSI) and the priority of a fax.
import type { ValidationTarget } from './parameterErrors';
import { invalidParameter } from './parameterErrors';
import { validateInteger } from './valueChecks';

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
