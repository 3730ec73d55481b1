import type { IBinaryData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidParameter, validateBoolean } from '../../../shared/validation';
import type { FilePart } from '../../../shared/wire';
import { countryParameter, GEO_LABELS } from '../numberLookup/geoParameters';
import { countryOf } from '../numberLookup/lookups';
import {
	assignToUserParameter,
	commentOption,
	departmentOption,
	EMPTY_WHEN_UNSET,
	numberRequestOperation,
	notifyEmailsParameter,
	readCommonFields,
	REQUEST_PATHS,
} from './common';
import type { NumberRequestPlan } from './common';

const LABELS = {
	number: 'Number To Port',
	tollFree: 'Toll-Free Number',
	loa: 'LOA Binary Field',
	bill: 'Bill Binary Field',
} as const;

const TOLL_FREE_PREFIXES = ['800', '833', '844', '855', '866', '877', '888'];

const properties: INodeProperties[] = [
	countryParameter,
	{
		displayName: LABELS.number,
		name: 'numberToPort',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 12125550100',
		description:
			'The existing US or Canadian number to move to the service, with or without the leading 1',
	},
	{
		displayName: LABELS.tollFree,
		name: 'tollFree',
		type: 'boolean',
		default: false,
		description:
			'Whether the number to port is a toll-free number (800, 833, 844, 855, 866, 877, 888)',
	},
	{
		displayName: LABELS.loa,
		name: 'loaBinaryPropertyName',
		type: 'string',
		required: true,
		default: 'loa',
		hint: 'The name of the input binary field holding the signed letter of authorization (PDF)',
		description: 'Letter of authorization allowing the number to be moved',
	},
	{
		displayName: LABELS.bill,
		name: 'billBinaryPropertyName',
		type: 'string',
		required: true,
		default: 'bill',
		hint: 'The name of the input binary field holding a recent phone bill for the number (PDF)',
		description: 'A bill of the current carrier showing the number',
	},
	notifyEmailsParameter,
	assignToUserParameter,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [commentOption, departmentOption],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['numberRequest'], operation: ['portIn'] } },
	properties,
);

/** A NANP number as 1 and ten digits; separators and a leading + or 1 are accepted. */
function readNumberToPort(this: IExecuteFunctions, itemIndex: number, tollFree: boolean): string {
	const raw = String(this.getNodeParameter('numberToPort', itemIndex, '') ?? '').trim();
	const digits = raw.replace(/[\s\-().]/g, '').replace(/^\+?1(?=\d{10}$)/, '');
	if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) {
		throw invalidParameter(
			this,
			LABELS.number,
			`"${raw.slice(0, 40)}" is not a US or Canadian number; use 10 digits with or without a leading 1, e.g. 12125550100`,
			itemIndex,
		);
	}
	if (TOLL_FREE_PREFIXES.includes(digits.slice(0, 3)) && !tollFree) {
		throw invalidParameter(
			this,
			LABELS.tollFree,
			`${digits.slice(0, 3)} is a toll-free prefix: turn ${LABELS.tollFree} on to port this number`,
			itemIndex,
		);
	}
	return `1${digits}`;
}

function describeBinaryFields(binary: Record<string, IBinaryData> | undefined): string {
	const names = Object.keys(binary ?? {});
	return names.length === 0
		? 'The input item has no binary data: add a node that reads the PDF before this one.'
		: `The input item has these binary fields: ${names.join(', ')}.`;
}

/** Names a PDF part and checks it exists, before any file is read or sent. */
function pdfFieldName(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
): string {
	const field = String(this.getNodeParameter(parameter, itemIndex, '') ?? '').trim();
	const binary = this.getInputData()[itemIndex]?.binary;
	if (!field || !binary?.[field]) {
		throw invalidParameter(
			this,
			label,
			field ? `item ${itemIndex} has no binary field "${field}"` : 'enter a binary field name',
			itemIndex,
			describeBinaryFields(binary),
		);
	}
	return field;
}

async function readPdf(
	this: IExecuteFunctions,
	itemIndex: number,
	field: string,
	part: 'loaFile' | 'billFile',
	label: string,
): Promise<FilePart> {
	const binary = this.getInputData()[itemIndex].binary![field];
	const data = await this.helpers.getBinaryDataBuffer(itemIndex, field);
	const fileName = binary.fileName || `${part === 'loaFile' ? 'loa' : 'bill'}.pdf`;
	if (data.subarray(0, 5).toString('latin1') !== '%PDF-') {
		throw invalidParameter(
			this,
			label,
			`the file "${fileName}" is not a PDF (${binary.mimeType || 'unknown type'})`,
			itemIndex,
			'The provider accepts the letter of authorization and the bill as PDF files only.',
		);
	}
	return { field: part, data, fileName, mimeType: 'application/pdf' };
}

async function plan(this: IExecuteFunctions, itemIndex: number): Promise<NumberRequestPlan> {
	const country = countryOf(
		this,
		this.getNodeParameter('country', itemIndex),
		GEO_LABELS.country,
		itemIndex,
	);
	const tollFree = validateBoolean(
		this,
		this.getNodeParameter('tollFree', itemIndex, false),
		LABELS.tollFree,
		itemIndex,
	);
	const numberToPort = readNumberToPort.call(this, itemIndex, tollFree);
	const common = readCommonFields.call(this, itemIndex);
	const loaField = pdfFieldName.call(this, itemIndex, 'loaBinaryPropertyName', LABELS.loa);
	const billField = pdfFieldName.call(this, itemIndex, 'billBinaryPropertyName', LABELS.bill);
	const files = [
		await readPdf.call(this, itemIndex, loaField, 'loaFile', LABELS.loa),
		await readPdf.call(this, itemIndex, billField, 'billFile', LABELS.bill),
	];
	const data: IDataObject = {
		country_code: country,
		...EMPTY_WHEN_UNSET,
		...common,
		number_to_port: numberToPort,
		toll_free: tollFree,
	};
	return { path: REQUEST_PATHS.portIn, data, files };
}

export const { execute, executeAll } = numberRequestOperation(plan);
