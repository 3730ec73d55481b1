/**
 * Parameter values as text. n8n hands a parameter over as whatever its expression produced, so a
 * string parameter may arrive as a number, null or undefined; every reader trims it the same way.
 */

/** The value as trimmed text; empty when it is unset (undefined or null). */
export function textOf(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

/** The non-empty entries of a comma-separated value, trimmed, in the order given. */
export function commaList(value: unknown): string[] {
	return textOf(value)
		.split(',')
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}
