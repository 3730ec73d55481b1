import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { OPTIONS_COLLECTION } from '../../../shared/optionsCollection';
import { textOf } from '../../../shared/parameterText';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { countryParameter, GEO_LABELS } from '../common/geoParameters';
import { countryOf } from '../common/numberLookups';
import { showOnlyFor } from '../common/operationShape';
import { filedOnce, type NumberRequestPlan, REQUEST_PATHS } from './requestFiling';
import {
	assignToUserParameter,
	commentOption,
	departmentOption,
	notifyEmailsParameter,
	readCommonFields,
} from './requestFields';

const ADDITIONAL_FIELDS_LABEL = 'Additional Fields';

/** Fields the node fills itself; an additional field may not replace them. */
const OWN_FIELDS: Record<string, string> = {
	notify_email: 'Notification Email',
	assign_to_user: 'Assign to User',
	comment: 'Comment (Options)',
	department_name: 'Department (Options)',
	country_code: 'Country (Options)',
};

const properties: INodeProperties[] = [
	notifyEmailsParameter,
	assignToUserParameter,
	{
		...OPTIONS_COLLECTION,
		options: [commentOption, { ...countryParameter, default: 'US' }, departmentOption],
	},
	{
		displayName: ADDITIONAL_FIELDS_LABEL,
		name: 'additionalFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Field',
		default: {},
		description:
			'Further fields of the toll-free request, as the provider names them; the interface description does not list them',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: 'e.g. quantity',
						description: 'Field name exactly as the provider spells it',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						description: 'Value of the field; an expression may give a number or a boolean',
					},
				],
			},
		],
	},
];

const displayOptions = showOnlyFor('numberRequest', 'tollFree');

export const description = updateDisplayOptions(displayOptions, properties);

function readAdditionalFields(this: IExecuteFunctions, itemIndex: number): IDataObject {
	const collection = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const entries = (Array.isArray(collection.field) ? collection.field : []) as IDataObject[];
	const fields: IDataObject = {};
	for (const entry of entries) {
		const name = textOf(entry.name);
		if (!name) {
			throw invalidParameter(this, ADDITIONAL_FIELDS_LABEL, 'every field needs a name', itemIndex);
		}
		if (OWN_FIELDS[name]) {
			throw invalidParameter(
				this,
				ADDITIONAL_FIELDS_LABEL,
				`"${name}" is set with ${OWN_FIELDS[name]}; remove it here`,
				itemIndex,
			);
		}
		if (name in fields) {
			throw invalidParameter(this, ADDITIONAL_FIELDS_LABEL, `"${name}" is given twice`, itemIndex);
		}
		const value = entry.value;
		fields[name] =
			typeof value === 'number' || typeof value === 'boolean' ? value : String(value ?? '');
	}
	return fields;
}

async function plan(this: IExecuteFunctions, itemIndex: number): Promise<NumberRequestPlan> {
	const common = readCommonFields.call(this, itemIndex);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const json: IDataObject = { ...readAdditionalFields.call(this, itemIndex), ...common };
	if (options.country !== undefined) {
		json.country_code = countryOf(this, options.country, GEO_LABELS.country, itemIndex);
	}
	return { path: REQUEST_PATHS.tollFree, json };
}

/** Every item's request checked before the first is filed, then each filed once (requestFiling.ts). */
export const { checkAllItems, execute } = filedOnce(plan);
