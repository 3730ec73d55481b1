import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { validateBoolean, validateInteger } from '../../../shared/validation/valueChecks';
import type { RequestParams } from '../../../shared/transport/httpEncoding';

/** An option of an Options collection: its name, the service parameter it is sent as, its label. */
export type OptionMapping = [option: string, parameter: string, label: string];

/** The boolean options the user added, checked, in the service's parameter names. */
export function booleanOptions(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	mappings: OptionMapping[],
): RequestParams {
	const params: RequestParams = {};
	for (const [option, parameter, label] of mappings) {
		if (options[option] !== undefined) {
			params[parameter] = validateBoolean(this, options[option], label, itemIndex);
		}
	}
	return params;
}

/** The whole-number options the user added, checked against their range. */
export function integerOptions(
	this: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	mappings: Array<[...OptionMapping, { min: number; max?: number }]>,
): RequestParams {
	const params: RequestParams = {};
	for (const [option, parameter, label, range] of mappings) {
		if (options[option] !== undefined) {
			params[parameter] = validateInteger(this, options[option], label, range, itemIndex);
		}
	}
	return params;
}
