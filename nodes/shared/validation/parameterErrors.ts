// Parameter errors: the NodeOperationError that names a parameter and says what is allowed.
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Checks of user input run before any request is sent. Each failure is a NodeOperationError
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

/**
 * A value as a message quotes it: its first 60 characters, in quotes. A value with nothing in it
 * (undefined or null from an expression, an empty or blank text) is named so, not quoted as
 * "undefined" or as quotes around nothing.
 */
export function shown(value: unknown): string {
	const blank = typeof value === 'string' && value.trim() === '';
	if (value === undefined || value === null || blank) return 'an empty value';
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	return `"${String(text).slice(0, 60)}"`;
}
