import type { IExecuteFunctions } from 'n8n-workflow';

import { trimSpaces } from '../../../shared/csv';
import { invalidParameter } from '../../../shared/validation/parameterErrors';
import type { JobSettings } from './jobSettings';
import { LABELS } from './jobSettings';

/** What the service shows of each line's fax (GET /Job/{JobID}/Faxes), in line order. */
export interface CsvLineFax {
	faxNumber: string;
	/** The keyword column's value; empty without a keyword column. */
	keyword: string;
}

export interface CsvOrigin {
	/** Parameter the CSV's own problems are reported under. */
	label: string;
	itemIndex: number;
	/** How a data record is pointed at in messages: "line 7" of a file, "item 6" of the input. */
	where(line: number, dataIndex: number): string;
}

export interface CsvChecks {
	/** Checks the headings, the first record. */
	header(fields: string[]): void;
	/**
	 * Checks one record after the headings; false for a blank one, which is left out of the
	 * upload: the service would count it as a line (1106) and fail it as a line without a number.
	 */
	record(fields: string[], line: number): boolean;
	/** After the last record: the data lines, which is what ExpectedFaxes must equal. */
	end(): number;
	/** What the service will show of a data record's fax. */
	lineFax(fields: string[]): CsvLineFax;
}

function listColumns(header: string[]): string {
	// A byte order mark inside a heading is invisible; it is named so the user can find it.
	const shown = header.slice(0, 30).map((name) => `"${name.replace(/\uFEFF/g, '\\uFEFF')}"`);
	return header.length > 30
		? `${shown.join(', ')} and ${header.length - 30} more`
		: shown.join(', ');
}

/**
 * What the service would refuse after the upload (codes 1100 and 1102 to 1106, and empty fax
 * numbers), checked one record at a time as the CSV is read or written, so that no record is
 * kept: a CSV of 10,000 lines is checked in the memory of one line.
 */
export function csvChecks(
	this: IExecuteFunctions,
	settings: JobSettings,
	origin: CsvOrigin,
): CsvChecks {
	const { label, itemIndex } = origin;
	let header: string[] = [];
	let faxColumn = -1;
	let keywordColumn = -1;
	let dataLines = 0;

	return {
		header: (fields) => {
			header = fields.map(trimSpaces);
			if (header.every((name) => name === '')) {
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
			faxColumn = header.indexOf(settings.faxNumberColumn);
			if (settings.keywordColumn !== undefined) {
				keywordColumn = header.indexOf(settings.keywordColumn);
			}
		},
		record: (fields, line) => {
			if (fields.every((value) => value.trim() === '')) return false;
			if (fields.length !== header.length) {
				throw invalidParameter(
					this,
					label,
					`${origin.where(line, dataLines)} has ${fields.length} fields but the headings have ${header.length}`,
					itemIndex,
				);
			}
			if (fields[faxColumn].trim() === '') {
				throw invalidParameter(
					this,
					LABELS.faxNumberColumn,
					`${origin.where(line, dataLines)} has no value in column "${settings.faxNumberColumn}"`,
					itemIndex,
				);
			}
			dataLines++;
			return true;
		},
		end: () => {
			if (dataLines === 0) {
				throw invalidParameter(
					this,
					label,
					'the CSV has column headings but no data lines',
					itemIndex,
				);
			}
			if (settings.expectedFaxes !== undefined && settings.expectedFaxes !== dataLines) {
				throw invalidParameter(
					this,
					LABELS.expectedFaxes,
					`${settings.expectedFaxes} does not match the ${dataLines} data lines of the CSV`,
					itemIndex,
					'Leave Expected Faxes out to let the node count the lines.',
				);
			}
			return dataLines;
		},
		lineFax: (fields) => ({
			faxNumber: fields[faxColumn].trim(),
			keyword: keywordColumn < 0 ? '' : fields[keywordColumn],
		}),
	};
}
