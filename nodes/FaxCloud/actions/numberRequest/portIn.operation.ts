import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { OPTIONS_COLLECTION } from '../../../shared/optionsCollection';
import { textOf } from '../../../shared/parameterText';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import { validateBoolean } from '../../../shared/validation/valueChecks';
import type { PdfPart } from '../common/binaryInput';
import { readPdfPart, requireBinaryField } from '../common/binaryInput';
import { countryParameter, readCountry } from '../common/geoParameters';
import { showOnlyFor } from '../common/operationShape';
import { filedOnce, type NumberRequestPlan, REQUEST_PATHS } from './requestFiling';
import {
	assignToUserParameter,
	commentOption,
	departmentOption,
	EMPTY_WHEN_UNSET,
	notifyEmailsParameter,
	readCommonFields,
} from './requestFields';

const LABELS = {
	number: 'Number to Port',
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
		displayName:
			'The LOA and the bill must be on one input item, each in its own binary field. Coming from two nodes? Give each its own field name (e.g. loa and bill), then join them with a Merge node: Combine, By Position.',
		name: 'twoFilesNotice',
		type: 'notice',
		default: '',
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
		...OPTIONS_COLLECTION,
		options: [commentOption, departmentOption],
	},
];

const displayOptions = showOnlyFor('numberRequest', 'portIn');

export const description = updateDisplayOptions(displayOptions, properties);

/** A NANP number as 1 and ten digits; separators and a leading + or 1 are accepted. */
function readNumberToPort(this: IExecuteFunctions, itemIndex: number, tollFree: boolean): string {
	const raw = textOf(this.getNodeParameter('numberToPort', itemIndex, ''));
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

/** One of the two PDFs, its binary field named by `parameter`. */
function pdfPart(
	this: IExecuteFunctions,
	itemIndex: number,
	parameter: string,
	label: string,
	part: 'loaFile' | 'billFile',
): PdfPart {
	return {
		field: textOf(this.getNodeParameter(parameter, itemIndex, '')),
		label,
		part,
		fallbackName: `${part === 'loaFile' ? 'loa' : 'bill'}.pdf`,
		advice: 'The provider accepts the letter of authorization and the bill as PDF files only.',
		source: 'reads the PDF',
	};
}

async function plan(this: IExecuteFunctions, itemIndex: number): Promise<NumberRequestPlan> {
	const country = readCountry.call(this, itemIndex);
	const tollFree = validateBoolean(
		this,
		this.getNodeParameter('tollFree', itemIndex, false),
		LABELS.tollFree,
		itemIndex,
	);
	const numberToPort = readNumberToPort.call(this, itemIndex, tollFree);
	const common = readCommonFields.call(this, itemIndex);
	const pdfs = [
		pdfPart.call(this, itemIndex, 'loaBinaryPropertyName', LABELS.loa, 'loaFile'),
		pdfPart.call(this, itemIndex, 'billBinaryPropertyName', LABELS.bill, 'billFile'),
	];
	// Both fields are checked before either file is read.
	for (const pdf of pdfs)
		requireBinaryField.call(this, itemIndex, pdf.field, pdf.label, pdf.source);
	const files = [
		await readPdfPart.call(this, itemIndex, pdfs[0]),
		await readPdfPart.call(this, itemIndex, pdfs[1]),
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

/** Every item's request checked before the first is filed, then each filed once (requestFiling.ts). */
export const { checkAllItems, execute } = filedOnce(plan);
