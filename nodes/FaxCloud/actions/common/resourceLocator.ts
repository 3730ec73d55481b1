import type { INodeProperties } from 'n8n-workflow';

import { validateId } from '../../../shared/validation/valueChecks';
import type { ValidationTarget } from '../../../shared/validation/parameterErrors';

/**
 * An id picker: "From List" (a search over the newest records, filtered by typing) or "By ID".
 * The editor checks By ID as the user types; the node checks it again before any request, since
 * an expression or an imported workflow can hold anything.
 */
export function idLocator(options: {
	displayName: string;
	name: string;
	description: string;
	searchListMethod: string;
	listPlaceholder: string;
	idPlaceholder: string;
}): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: options.listPlaceholder,
				typeOptions: { searchListMethod: options.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: options.idPlaceholder,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^\\s*0*[1-9]\\d{0,17}\\s*$',
							errorMessage: `Not a valid ${options.displayName}: use a whole number greater than 0`,
						},
					},
				],
			},
		],
	};
}

/**
 * The id a parameter holds: a resource locator's value (version 2), or the plain id of a
 * version 1 node or of an expression that returns the id itself. Checked as a positive integer.
 */
export function readLocatorId(
	context: ValidationTarget,
	value: unknown,
	label: string,
	itemIndex: number,
): string {
	const raw =
		value && typeof value === 'object' && 'value' in value
			? (value as { value: unknown }).value
			: value;
	return validateId(context, raw, label, itemIndex);
}
