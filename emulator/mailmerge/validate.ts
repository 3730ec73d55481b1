import Papa from 'papaparse';
import { PDFDocument } from 'pdf-lib';
import { parseDatetime } from '../datetime';
import type { Params, UploadedFile } from '../http/params';
import { EMAIL_ADDRESS, isPdf } from '../input-formats';
import { MailMergeError } from './codes';

/** A job request that passed every check: what validateJobRequest returns. */
export type JobRequest = Awaited<ReturnType<typeof validateJobRequest>>;

/** A true/false parameter; anything else given is the error of `code`. */
function boolParam(
	value: string | undefined,
	code: 'notifyOnSuccessInvalid' | 'notifyOnFailureInvalid',
) {
	if (value === undefined || value === '') return undefined;
	if (value !== 'true' && value !== 'false') throw new MailMergeError(code);
	return value === 'true';
}

/**
 * Trims like the service's own string handling (.NET's Trim): white space goes, the byte order
 * mark U+FEFF stays. JavaScript's trim() would remove it and hide the problem the service has.
 */
function serviceTrim(text: string): string {
	return text.replace(/^[^\S\uFEFF]+|[^\S\uFEFF]+$/g, '');
}

/**
 * The service's reading of the CSV (see emulator/README.md, "Mail merge CSV lines"): the bytes are
 * UTF-8 text, a byte order mark included, so it becomes part of the first heading. The first line
 * holds the headings; every later line is a data line, blank ones included (an empty line, or one
 * of commas only, is a line whose values are empty): ExpectedFaxes is compared with that count.
 * Only the line break that ends the file does not start one more line.
 */
function parseCsv(file: UploadedFile): { fields: string[]; rows: Record<string, string>[] } {
	const text = file.data.toString('utf8');
	if (file.data.includes(0) || text.includes('\uFFFD')) throw new MailMergeError('filesInvalid');
	const parsed = Papa.parse<string[]>(text, {
		header: false,
		delimiter: ',',
		skipEmptyLines: false,
	});
	if (parsed.errors.some((e) => e.type === 'Quotes')) throw new MailMergeError('filesInvalid');
	const records = parsed.data;
	// Papa reads the final line break as one more, empty record.
	const last = records[records.length - 1];
	if (/[\r\n]$/.test(text) && last?.length === 1 && last[0] === '') records.pop();
	const [heading = [], ...lines] = records;
	// Papa drops a leading byte order mark; the service keeps it in the first heading.
	if (text.startsWith('\uFEFF') && heading.length > 0) heading[0] = `\uFEFF${heading[0]}`;
	const names = heading.map(serviceTrim);
	const fields = names.filter((f) => f !== '');
	// No headings (1102) is answered by the caller, after the template's 1001 as the code table lists
	// them; the lines are not read against an empty heading, so that stays 1102, not 1100.
	if (fields.length === 0) return { fields, rows: [] };
	const rows = lines.map((values) => {
		const emptyLine = values.length === 1 && values[0] === '';
		if (!emptyLine && values.length !== names.length) throw new MailMergeError('filesInvalid');
		const row: Record<string, string> = {};
		names.forEach((name, i) => {
			if (name !== '' && !(name in row)) row[name] = emptyLine ? '' : values[i];
		});
		return row;
	});
	return { fields, rows };
}

async function readTemplate(file: UploadedFile): Promise<{ fieldNames: string[]; pages: number }> {
	if (!isPdf(file.data)) throw new MailMergeError('filesInvalid');
	// pdf-lib loads some broken files and only fails when the form is read, so both are guarded.
	try {
		const doc = await PDFDocument.load(file.data, {
			ignoreEncryption: true,
			updateMetadata: false,
		});
		const fieldNames = doc
			.getForm()
			.getFields()
			.map((f) => f.getName());
		return { fieldNames, pages: doc.getPageCount() };
	} catch {
		throw new MailMergeError('filesInvalid');
	}
}

/**
 * POST /Job checks in the order of the description's code table: parameters (1000-1007), files
 * (1100, 1001 "No fields found in PDF template", 1102-1106), then data lines (1200).
 */
export async function validateJobRequest(params: Params) {
	const expectedRaw = params.get('ExpectedFaxes');
	let expectedFaxes: number | undefined;
	if (expectedRaw !== undefined && expectedRaw !== '') {
		if (!/^\s*\d+\s*$/.test(expectedRaw)) throw new MailMergeError('expectedFaxesInvalid');
		expectedFaxes = Number(expectedRaw);
	}
	const faxNumberColumn = params.get('FaxNumerColumnName')?.trim();
	if (!faxNumberColumn) throw new MailMergeError('faxNumberColumnMissing');
	if (params.files.length === 0) throw new MailMergeError('noFiles');
	const csvFile = params.file('CSV');
	if (!csvFile) throw new MailMergeError('noCsv');
	const templateFile = params.file('Template');
	if (!templateFile) throw new MailMergeError('noTemplate');
	const sendAfterRaw = params.get('SendAfter');
	let sendAfter: number | undefined;
	if (sendAfterRaw !== undefined && sendAfterRaw !== '') {
		sendAfter = parseDatetime(sendAfterRaw.trim());
		if (sendAfter === undefined) throw new MailMergeError('sendAfterInvalid');
	}
	const notifyOnSuccess = boolParam(params.get('NotifyOnSuccess'), 'notifyOnSuccessInvalid');
	const notifyOnFailure = boolParam(params.get('NotifyOnFailure'), 'notifyOnFailureInvalid');
	const notifyEmail = params.get('NotifyEmail')?.trim() || undefined;

	const template = await readTemplate(templateFile);
	const csv = parseCsv(csvFile);
	if (template.fieldNames.length === 0) throw new MailMergeError('noPdfFields');
	if (csv.fields.length === 0) throw new MailMergeError('noCsvFields');
	if (!csv.fields.includes(faxNumberColumn)) {
		throw new MailMergeError('faxColumnNotFound', { name: faxNumberColumn });
	}
	const column = (param: string, code: 'keywordColumnNotFound' | 'barcodeColumnNotFound') => {
		const name = params.get(param)?.trim() || undefined;
		if (name && !csv.fields.includes(name)) throw new MailMergeError(code, { name });
		return name;
	};
	const keywordColumn = column('KeywordColumnName', 'keywordColumnNotFound');
	const barcodeColumn = column('BarcodeColumnName', 'barcodeColumnNotFound');
	if (expectedFaxes !== undefined && expectedFaxes !== csv.rows.length) {
		throw new MailMergeError('expectedMismatch', { n: expectedFaxes, m: csv.rows.length });
	}
	const lineError = (details: string) => new MailMergeError('error', { details });
	if (csv.rows.length === 0) throw lineError('metadata file has no data lines');
	const blank = csv.rows.findIndex((r) => !(r[faxNumberColumn] ?? '').trim());
	if (blank >= 0) throw lineError(`line ${blank + 2} has no value in column ${faxNumberColumn}`);
	if (barcodeColumn && !template.fieldNames.includes(barcodeColumn)) {
		throw lineError(`template has no image field named ${barcodeColumn} for the barcode`);
	}
	if (notifyEmail && !EMAIL_ADDRESS.test(notifyEmail)) {
		throw lineError(`NotifyEmail ${notifyEmail} is not a valid e-mail address`);
	}
	return {
		lines: csv.rows,
		template: templateFile.data,
		templatePages: template.pages,
		faxNumberColumn,
		keywordColumn,
		barcodeColumn,
		expectedFaxes,
		sendAfter,
		coverPage: params.get('CoverPage')?.trim() || undefined,
		coverPageMessage: params.get('CoverPageMessage') ?? '',
		notifyOnSuccess,
		notifyOnFailure,
		notifyEmail,
	};
}
