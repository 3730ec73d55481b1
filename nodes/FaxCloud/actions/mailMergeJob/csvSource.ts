import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { CsvRecord } from '../../../shared/csv';
import { csvCellText, csvField, scanCsv } from '../../../shared/csv';
import { commaList, textOf } from '../../../shared/parameterText';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import type { FilePart, WrittenFilePart } from '../../../shared/transport/httpEncoding';
import { readPdfPart, requireBinaryField } from '../common/binaryInput';
import type { CsvLineFax } from './csvChecks';
import { csvChecks } from './csvChecks';
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
	/** The CSV as uploaded: the file as read, or written straight into the request body. */
	file: FilePart | WrittenFilePart;
	/** The data lines of the file as uploaded, which is what ExpectedFaxes must equal. */
	dataLines: number;
	/**
	 * What the service shows of each line's fax, in line order; only a Retry asks (createOnce.ts),
	 * so the lines are not kept for a first run.
	 */
	faxLines(): CsvLineFax[];
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

/**
 * The CSV of one item's binary field, checked as the service will check it. It is uploaded as
 * read, unless it starts with a byte order mark (which the service would read as part of the
 * first heading) or has blank lines: then without them, every other record exactly as written.
 */
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
	const checks = csvChecks.call(this, settings, {
		label: CSV_LABELS.binary,
		itemIndex,
		where: (line) => `line ${line}`,
	});
	// The file's syntax is reported first, as a whole; a check's error waits for the end of it.
	let problem: unknown;
	let isHeader = true;
	const blank: CsvRecord[] = [];
	const scanned = scanCsv(text, (record) => {
		if (problem !== undefined) return;
		try {
			if (isHeader) checks.header(record.fields);
			else if (!checks.record(record.fields, record.line)) blank.push(record);
			isHeader = false;
		} catch (error) {
			problem = error;
		}
	});
	if (!scanned.ok) {
		throw invalidParameter(
			this,
			CSV_LABELS.binary,
			`line ${scanned.line}: ${scanned.problem}`,
			itemIndex,
		);
	}
	if (isHeader && problem === undefined) checks.header([]);
	if (problem !== undefined) throw problem;
	const dataLines = checks.end();
	const upload =
		blank.length === 0 && !text.startsWith(BYTE_ORDER_MARK)
			? data
			: Buffer.from(withoutRecords(text, blank), 'utf8');
	// Read once, when a Retry first asks (createOnce.ts asks per item, and again per lookup).
	let lines: CsvLineFax[] | undefined;
	return {
		file: { field: 'CSV', data: upload, fileName, mimeType: 'text/csv' },
		dataLines,
		faxLines: () => {
			if (lines) return lines;
			lines = [];
			let header = true;
			scanCsv(upload.toString('utf8'), (record) => {
				if (!header) lines!.push(checks.lineFax(record.fields));
				header = false;
			});
			return lines;
		},
	};
}

/** The text after its byte order mark, without the given records (in text order). */
function withoutRecords(text: string, left: CsvRecord[]): string {
	const kept: string[] = [];
	let from = text.startsWith(BYTE_ORDER_MARK) ? 1 : 0;
	for (const record of left) {
		kept.push(text.slice(from, record.start));
		from = record.end;
	}
	kept.push(text.slice(from));
	return kept.join('');
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

const csvLine = (cells: readonly string[]): string => cells.map(csvField).join(',') + '\r\n';

/**
 * One CSV line per input item, columns from the chosen fields, as UTF-8 RFC 4180 text. Each line
 * is checked as it is made, then made again as the upload is written into the request body: the
 * CSV is never held whole except inside that body.
 */
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
	const checks = csvChecks.call(this, settings, {
		label: CSV_LABELS.columns,
		itemIndex: 0,
		where: (_line, dataIndex) => `item ${dataIndex}`,
	});
	const cellsOf = (item: INodeExecutionData) =>
		columns.map((column) => csvCellText(fieldValue(item, column)));
	checks.header(columns);
	let byteLength = Buffer.byteLength(csvLine(columns), 'utf8');
	const left = new Set<number>();
	for (const [index, item] of items.entries()) {
		const cells = cellsOf(item);
		if (checks.record(cells, index + 2)) byteLength += Buffer.byteLength(csvLine(cells), 'utf8');
		else left.add(index);
	}
	const dataLines = checks.end();
	const kept = () => items.filter((_item, index) => !left.has(index));
	return {
		file: {
			field: 'CSV',
			fileName: 'mail-merge.csv',
			mimeType: 'text/csv',
			byteLength,
			writeInto: (target, offset) => {
				let at = offset + target.write(csvLine(columns), offset, 'utf8');
				for (const item of kept()) at += target.write(csvLine(cellsOf(item)), at, 'utf8');
				return at - offset;
			},
		},
		dataLines,
		faxLines: () => kept().map((item) => checks.lineFax(cellsOf(item))),
	};
}
