import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { CsvRecord } from '../../../shared/csv';
import {
	csvCellText,
	csvOfRecords,
	isBlankRecord,
	readCsv,
	trimSpaces,
	writeCsv,
} from '../../../shared/csv';
import { commaList, textOf } from '../../../shared/parameterText';
import { invalidParameter } from '../../../shared/validation';
import type { FilePart } from '../../../shared/httpEncoding';
import { readPdfPart, requireBinaryField } from '../common/binaryInput';
import type { JobSettings } from './jobSettings';
import { LABELS } from './jobSettings';

export const CSV_LABELS = {
	source: 'CSV Source',
	binary: 'CSV Binary Field',
	columns: 'Columns',
	fields: 'Fields',
	template: 'Template Binary Field',
} as const;

export const csvSourceProperties: INodeProperties[] = [
	{
		displayName: CSV_LABELS.source,
		name: 'csvSource',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Binary File',
				value: 'binary',
				description: 'A CSV file in a binary field of each input item; one job per item',
			},
			{
				name: 'Input Items',
				value: 'items',
				description: 'One CSV line per input item; all items together make one job',
			},
		],
		default: 'binary',
		description:
			'Where the lines of the job come from; the first CSV line holds the column headings',
	},
	{
		displayName:
			'The CSV and the PDF template must be on one input item, each in its own binary field. Coming from two nodes? Give each its own field name (e.g. csv and template), then join them with a Merge node: Combine, By Position.',
		name: 'twoFilesNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { csvSource: ['binary'] } },
	},
	{
		displayName: CSV_LABELS.binary,
		name: 'csvBinaryPropertyName',
		type: 'string',
		required: true,
		default: 'csv',
		displayOptions: { show: { csvSource: ['binary'] } },
		hint: 'The name of the input binary field holding the CSV file (UTF-8)',
		description: 'Column headings must match the form field names of the PDF template',
	},
	{
		displayName: CSV_LABELS.columns,
		name: 'columns',
		type: 'options',
		options: [
			{ name: 'All Fields', value: 'all', description: 'Every field found in the input items' },
			{ name: 'Selected Fields', value: 'selected', description: 'Only the fields listed' },
		],
		default: 'all',
		displayOptions: { show: { csvSource: ['items'] } },
		description: 'Which fields of the input items become CSV columns, named like the fields',
	},
	{
		displayName: CSV_LABELS.fields,
		name: 'fields',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. FaxNumber, Name, Amount',
		displayOptions: { show: { csvSource: ['items'], columns: ['selected'] } },
		description: 'Fields to put in the CSV, separated by commas, in column order',
	},
	{
		displayName: CSV_LABELS.template,
		name: 'templateBinaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field holding the PDF form template',
		description:
			'Form fields named like CSV columns are filled with the line’s values; with Input Items it is taken from the first item that has it',
	},
];

export interface MailMergeCsv {
	file: FilePart;
	/** The data lines of the file as uploaded, which is what ExpectedFaxes must equal. */
	dataLines: number;
	/** What the service shows of each line's fax (GET /Job/{JobID}/Faxes), in line order. */
	lines: CsvLineFax[];
}

export interface CsvLineFax {
	faxNumber: string;
	/** The keyword column's value; empty without a keyword column. */
	keyword: string;
}

function binaryFieldName(this: IExecuteFunctions, name: string, label: string, itemIndex: number) {
	const field = textOf(this.getNodeParameter(name, itemIndex, ''));
	if (field === '') {
		throw invalidParameter(this, label, 'enter the name of a binary field, e.g. data', itemIndex);
	}
	return field;
}

/** The PDF form template; the service needs a PDF, anything else fails the job as 1100. */
export async function readTemplate(
	this: IExecuteFunctions,
	itemIndex: number,
	fieldName?: string,
): Promise<FilePart> {
	const field =
		fieldName ??
		binaryFieldName.call(this, 'templateBinaryPropertyName', CSV_LABELS.template, itemIndex);
	return await readPdfPart.call(this, itemIndex, {
		field,
		label: CSV_LABELS.template,
		part: 'Template',
		fallbackName: `${field}.pdf`,
		advice: 'The template must be a PDF form whose field names match the CSV column headings.',
		source: 'reads or downloads the file',
	});
}

/** The first item carrying the template, so items from a sheet need not all carry it. */
export function findTemplateItem(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): { itemIndex: number; field: string } {
	const field = binaryFieldName.call(this, 'templateBinaryPropertyName', CSV_LABELS.template, 0);
	const index = items.findIndex((item) => item.binary?.[field] !== undefined);
	if (index < 0) {
		throw invalidParameter(
			this,
			CSV_LABELS.template,
			`no input item has a binary field "${field}"`,
			0,
			'Add the PDF form template to one of the input items, e.g. with a Merge node.',
		);
	}
	return { itemIndex: index, field };
}

function listColumns(header: string[]): string {
	// A byte order mark inside a heading is invisible; it is named so the user can find it.
	const shown = header.slice(0, 30).map((name) => `"${name.replace(/\uFEFF/g, '\\uFEFF')}"`);
	return header.length > 30
		? `${shown.join(', ')} and ${header.length - 30} more`
		: shown.join(', ');
}

interface CsvOrigin {
	/** Parameter the CSV's own problems are reported under. */
	label: string;
	itemIndex: number;
	/** How a data record is pointed at in messages: "line 7" of a file, "item 6" of the input. */
	where(record: CsvRecord, dataIndex: number): string;
}

interface UploadCsv {
	text: string;
	dataLines: number;
	lines: CsvLineFax[];
}

/**
 * Checks what the service would refuse after the upload (codes 1100 and 1102 to 1106, and empty
 * fax numbers) and makes the text to upload: without a byte order mark, which the service would
 * read as part of the first heading, and without blank lines, which it would count as lines
 * (1106) and fail as lines without a fax number. Every other record is sent exactly as written,
 * and the data lines counted for ExpectedFaxes are those records.
 */
function inspectCsv(
	this: IExecuteFunctions,
	text: string,
	settings: JobSettings,
	origin: CsvOrigin,
): UploadCsv {
	const { label, itemIndex } = origin;
	const parsed = readCsv(text);
	if (!parsed.ok) {
		throw invalidParameter(this, label, `line ${parsed.line}: ${parsed.problem}`, itemIndex);
	}
	const [headerRecord, ...rest] = parsed.records;
	const header = (headerRecord?.fields ?? []).map(trimSpaces);
	if (!headerRecord || header.every((name) => name === '')) {
		throw invalidParameter(
			this,
			label,
			'the CSV has no column headings; its first line must name the columns',
			itemIndex,
		);
	}
	const columns = header.filter((name) => name !== '');
	const requireColumn = (column: string | undefined, parameter: string) => {
		if (column === undefined || header.includes(column)) return;
		throw invalidParameter(
			this,
			parameter,
			`the CSV has no column "${column}"; its columns are ${listColumns(columns)}`,
			itemIndex,
			'Enter a column heading exactly as it appears in the first line of the CSV (case matters).',
		);
	};
	requireColumn(settings.faxNumberColumn, LABELS.faxNumberColumn);
	requireColumn(settings.keywordColumn, LABELS.keywordColumn);
	requireColumn(settings.barcodeColumn, LABELS.barcodeColumn);

	const data = rest.filter((record) => !isBlankRecord(record));
	if (data.length === 0) {
		throw invalidParameter(this, label, 'the CSV has column headings but no data lines', itemIndex);
	}
	const faxColumn = header.indexOf(settings.faxNumberColumn);
	for (const [dataIndex, record] of data.entries()) {
		if (record.fields.length !== header.length) {
			throw invalidParameter(
				this,
				label,
				`${origin.where(record, dataIndex)} has ${record.fields.length} fields but the headings have ${header.length}`,
				itemIndex,
			);
		}
		if (record.fields[faxColumn].trim() === '') {
			throw invalidParameter(
				this,
				LABELS.faxNumberColumn,
				`${origin.where(record, dataIndex)} has no value in column "${settings.faxNumberColumn}"`,
				itemIndex,
			);
		}
	}
	if (settings.expectedFaxes !== undefined && settings.expectedFaxes !== data.length) {
		throw invalidParameter(
			this,
			LABELS.expectedFaxes,
			`${settings.expectedFaxes} does not match the ${data.length} data lines of the CSV`,
			itemIndex,
			'Leave Expected Faxes out to let the node count the lines.',
		);
	}
	const keywordColumn =
		settings.keywordColumn === undefined ? -1 : header.indexOf(settings.keywordColumn);
	const lines = data.map((record) => ({
		faxNumber: record.fields[faxColumn].trim(),
		keyword: keywordColumn < 0 ? '' : record.fields[keywordColumn],
	}));
	return { text: csvOfRecords(text, [headerRecord, ...data]), dataLines: data.length, lines };
}

/** The CSV of one item's binary field, checked as the service will check it. */
export async function csvFromBinary(
	this: IExecuteFunctions,
	itemIndex: number,
	settings: JobSettings,
): Promise<MailMergeCsv> {
	const field = binaryFieldName.call(this, 'csvBinaryPropertyName', CSV_LABELS.binary, itemIndex);
	const binary = requireBinaryField.call(
		this,
		itemIndex,
		field,
		CSV_LABELS.binary,
		'reads or downloads the file',
	);
	const data = await this.helpers.getBinaryDataBuffer(itemIndex, field);
	const fileName = binary.fileName || `${field}.csv`;
	const text = data.toString('utf8');
	if (data.includes(0) || !Buffer.from(text, 'utf8').equals(data)) {
		throw invalidParameter(
			this,
			CSV_LABELS.binary,
			`the file "${fileName}" is not UTF-8 text`,
			itemIndex,
			'Save the CSV with UTF-8 encoding (in Excel: CSV UTF-8).',
		);
	}
	const upload = inspectCsv.call(this, text, settings, {
		label: CSV_LABELS.binary,
		itemIndex,
		where: (record) => `line ${record.line}`,
	});
	return {
		file: { field: 'CSV', data: Buffer.from(upload.text, 'utf8'), fileName, mimeType: 'text/csv' },
		dataLines: upload.dataLines,
		lines: upload.lines,
	};
}

const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Field names without a leading byte order mark: Extract From File leaves a CSV's mark in the
 * first field name unless its Exclude Byte Order Mark option is on. The mark is invisible in the
 * editor, is not part of the name the user typed, and would reach the service as part of it.
 */
function fieldName(key: string): string {
	return key.startsWith(BYTE_ORDER_MARK) ? key.slice(1) : key;
}

function fieldValue(item: INodeExecutionData, name: string): unknown {
	return name in item.json ? item.json[name] : item.json[BYTE_ORDER_MARK + name];
}

function chosenColumns(this: IExecuteFunctions, items: INodeExecutionData[]): string[] {
	const mode = this.getNodeParameter('columns', 0, 'all') as string;
	if (mode === 'selected') {
		const fields = commaList(this.getNodeParameter('fields', 0, ''));
		if (fields.length === 0) {
			throw invalidParameter(
				this,
				CSV_LABELS.fields,
				'enter the fields to put in the CSV, separated by commas',
				0,
			);
		}
		return [...new Set(fields)];
	}
	const seen = new Set<string>();
	for (const item of items) for (const key of Object.keys(item.json)) seen.add(fieldName(key));
	return [...seen];
}

/** One CSV line per input item, columns from the chosen fields, as UTF-8 RFC 4180 text. */
export function csvFromItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
	settings: JobSettings,
): MailMergeCsv {
	const columns = chosenColumns.call(this, items);
	if (columns.length === 0) {
		throw invalidParameter(
			this,
			CSV_LABELS.columns,
			'the input items have no fields to make CSV columns from',
			0,
		);
	}
	if (columns.includes(settings.faxNumberColumn)) {
		const blank = items.findIndex(
			(item) => csvCellText(fieldValue(item, settings.faxNumberColumn)).trim() === '',
		);
		if (blank >= 0) {
			throw invalidParameter(
				this,
				LABELS.faxNumberColumn,
				`item ${blank} has no value in field "${settings.faxNumberColumn}"`,
				blank,
			);
		}
	}
	const rows = items.map((item) => columns.map((column) => csvCellText(fieldValue(item, column))));
	const upload = inspectCsv.call(this, writeCsv([columns, ...rows]), settings, {
		label: CSV_LABELS.columns,
		itemIndex: 0,
		where: (_record, dataIndex) => `item ${dataIndex}`,
	});
	return {
		file: {
			field: 'CSV',
			data: Buffer.from(upload.text, 'utf8'),
			fileName: 'mail-merge.csv',
			mimeType: 'text/csv',
		},
		dataLines: upload.dataLines,
		lines: upload.lines,
	};
}
