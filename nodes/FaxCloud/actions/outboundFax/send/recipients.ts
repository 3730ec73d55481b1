import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readItemParameter } from '../../../../shared/runParameters';
import { invalidParameter } from '../../../../shared/validation/parameterErrors';
import { validateFaxNumber } from '../../../../shared/validation/addressChecks';

export const FAX_NUMBERS_LABEL = 'Fax Numbers';
const RECIPIENTS_LABEL = 'Recipients';
const RECIPIENTS_JSON_LABEL = 'Recipients (JSON)';

/** Recipient keys of the service's FaxRecipient object, in the order they are sent. */
const RECIPIENT_KEYS = [
	'FaxNumber',
	'RcptName',
	'RcptCompany',
	'RcptTitle',
	'RcptFax',
	'RcptVoice',
] as const;
type RecipientKey = (typeof RECIPIENT_KEYS)[number];

/** Parameter names of the Recipients list, mapped to the service's keys. */
const FIELD_KEY: Record<string, RecipientKey> = {
	faxNumber: 'FaxNumber',
	name: 'RcptName',
	company: 'RcptCompany',
	title: 'RcptTitle',
	coverFax: 'RcptFax',
	coverVoice: 'RcptVoice',
};

export const recipientProperties: INodeProperties[] = [
	{
		displayName: FAX_NUMBERS_LABEL,
		name: 'faxNumbers',
		type: 'string',
		default: '',
		placeholder: 'e.g. 12125550100, +442071234567',
		description:
			'Destination fax numbers separated by commas: 1 and 10 digits for US/Canada, + and the country code for other countries',
	},
	{
		displayName: 'Recipient Details',
		name: 'recipientInput',
		type: 'options',
		options: [
			{
				name: 'None',
				value: 'none',
				description: 'Only the fax numbers above',
			},
			{
				name: 'Using Fields Below',
				value: 'fields',
				description: 'Recipients with name, company and title for the cover page',
			},
			{
				name: 'Using JSON',
				value: 'json',
				description: 'A JSON array of recipients, e.g. from an expression',
			},
		],
		default: 'none',
		description: 'Whether to add recipients with cover page details (name, company, title)',
	},
	{
		displayName: RECIPIENTS_LABEL,
		name: 'recipients',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Recipient',
		default: {},
		displayOptions: { show: { recipientInput: ['fields'] } },
		options: [
			{
				displayName: 'Recipient',
				name: 'recipient',
				values: [
					{
						displayName: 'Company',
						name: 'company',
						type: 'string',
						default: '',
						description: 'Recipient company printed on the cover page (RcptCompany)',
					},
					{
						displayName: 'Fax Number',
						name: 'faxNumber',
						type: 'string',
						default: '',
						required: true,
						placeholder: 'e.g. 12125550100',
						description:
							'Destination fax number: 1 and 10 digits for US/Canada, + and the country code otherwise',
					},
					{
						displayName: 'Fax Number on Cover Page',
						name: 'coverFax',
						type: 'string',
						default: '',
						description: 'Fax number printed on the cover page (RcptFax); it is not dialled',
					},
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						description: 'Recipient name printed on the cover page (RcptName)',
					},
					{
						displayName: 'Phone Number on Cover Page',
						name: 'coverVoice',
						type: 'string',
						default: '',
						description: 'Telephone number printed on the cover page (RcptVoice)',
					},
					{
						displayName: 'Title',
						name: 'title',
						type: 'string',
						default: '',
						description: 'Recipient title printed on the cover page (RcptTitle)',
					},
				],
			},
		],
	},
	{
		displayName: RECIPIENTS_JSON_LABEL,
		name: 'recipientsJson',
		type: 'json',
		default:
			'[\n  {\n    "FaxNumber": "12125550100",\n    "RcptName": "",\n    "RcptCompany": ""\n  }\n]',
		displayOptions: { show: { recipientInput: ['json'] } },
		description:
			'Array of recipients: objects with FaxNumber and optionally RcptName, RcptCompany, RcptTitle, RcptFax, RcptVoice, or plain fax number strings',
	},
];

export interface Destinations {
	/** Sent as repeated FaxNumber parameters. */
	faxNumbers: string[];
	/** Sent as repeated FaxRecipient parameters, one JSON object each. */
	recipients: string[];
}

function listOfNumbers(value: unknown): unknown[] {
	if (Array.isArray(value)) return value.flatMap(listOfNumbers);
	if (typeof value === 'number') return [String(value)];
	if (typeof value !== 'string') return value === undefined || value === null ? [] : [value];
	return value
		.split(/[,;\n]/)
		.map((part) => part.trim())
		.filter((part) => part !== '');
}

function recipientJson(values: Partial<Record<RecipientKey, string>>): string {
	const ordered: Record<string, string> = {};
	for (const key of RECIPIENT_KEYS) {
		const value = values[key];
		if (value !== undefined && value !== '') ordered[key] = value;
	}
	return JSON.stringify(ordered);
}

function fromFields(this: IExecuteFunctions, itemIndex: number): string[] {
	const collection = readItemParameter.call(this, 'recipients', itemIndex, {}) as IDataObject;
	const entries = (collection.recipient as IDataObject[] | undefined) ?? [];
	return entries.map((entry, position) => {
		const values: Partial<Record<RecipientKey, string>> = {};
		for (const [field, key] of Object.entries(FIELD_KEY)) {
			const raw = entry[field];
			if (raw !== undefined && raw !== null) values[key] = String(raw).trim();
		}
		values.FaxNumber = validateFaxNumber(
			this,
			values.FaxNumber,
			`${RECIPIENTS_LABEL}: Fax Number of recipient ${position + 1}`,
			itemIndex,
		);
		return recipientJson(values);
	});
}

function parseJsonRecipients(this: IExecuteFunctions, itemIndex: number): unknown[] {
	const raw = readItemParameter.call(this, 'recipientsJson', itemIndex, '') as unknown;
	let value = raw;
	if (typeof raw === 'string') {
		if (raw.trim() === '') return [];
		try {
			value = JSON.parse(raw);
		} catch (error) {
			throw invalidParameter(
				this,
				RECIPIENTS_JSON_LABEL,
				`is not valid JSON (${(error as Error).message})`,
				itemIndex,
				'Enter an array such as [{"FaxNumber": "12125550100", "RcptName": "Jane Doe"}].',
			);
		}
	}
	return Array.isArray(value) ? value : [value];
}

function fromJson(this: IExecuteFunctions, itemIndex: number): Destinations {
	const destinations: Destinations = { faxNumbers: [], recipients: [] };
	parseJsonRecipients.call(this, itemIndex).forEach((entry, position) => {
		const label = `${RECIPIENTS_JSON_LABEL}, element ${position + 1}`;
		if (typeof entry === 'string' || typeof entry === 'number') {
			destinations.faxNumbers.push(validateFaxNumber(this, entry, label, itemIndex));
			return;
		}
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
			throw invalidParameter(
				this,
				label,
				'must be an object with FaxNumber or a fax number string',
				itemIndex,
			);
		}
		const values: Partial<Record<RecipientKey, string>> = {};
		for (const [key, raw] of Object.entries(entry as Record<string, unknown>)) {
			if (!(RECIPIENT_KEYS as readonly string[]).includes(key)) {
				throw invalidParameter(
					this,
					label,
					`has the unknown key "${key}"; use ${RECIPIENT_KEYS.join(', ')}`,
					itemIndex,
				);
			}
			if (raw === null || raw === undefined) continue;
			if (typeof raw !== 'string' && typeof raw !== 'number') {
				throw invalidParameter(this, label, `${key} must be text`, itemIndex);
			}
			values[key as RecipientKey] = String(raw).trim();
		}
		values.FaxNumber = validateFaxNumber(this, values.FaxNumber, `${label}, FaxNumber`, itemIndex);
		destinations.recipients.push(recipientJson(values));
	});
	return destinations;
}

/** Every destination of one item, validated; at least one is required. */
export function readDestinations(this: IExecuteFunctions, itemIndex: number): Destinations {
	const faxNumbers = listOfNumbers(readItemParameter.call(this, 'faxNumbers', itemIndex, '')).map(
		(number) => validateFaxNumber(this, number, FAX_NUMBERS_LABEL, itemIndex),
	);
	const input = readItemParameter.call(this, 'recipientInput', itemIndex, 'none') as string;
	const destinations: Destinations = { faxNumbers, recipients: [] };
	if (input === 'fields') destinations.recipients = fromFields.call(this, itemIndex);
	if (input === 'json') {
		const fromJsonList = fromJson.call(this, itemIndex);
		destinations.faxNumbers.push(...fromJsonList.faxNumbers);
		destinations.recipients = fromJsonList.recipients;
	}
	if (destinations.faxNumbers.length === 0 && destinations.recipients.length === 0) {
		throw invalidParameter(
			this,
			FAX_NUMBERS_LABEL,
			'at least one recipient is required',
			itemIndex,
			'Enter a fax number such as 12125550100 in Fax Numbers, or add recipients under Recipient Details.',
		);
	}
	return destinations;
}
