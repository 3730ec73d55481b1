/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF, a field quoted when it
 * holds a comma, a quote, a line break or leading or trailing spaces, quotes doubled inside.
 * Written by hand because shipped nodes may not depend on a CSV package.
 */

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** The text of one cell: strings as they are, objects as JSON, nothing as an empty field. */
export function csvCellText(value: unknown): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
		return String(value);
	}
	if (value instanceof Date) return value.toISOString();
	return JSON.stringify(value);
}

export function csvField(text: string): string {
	return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined as CSV text, every record ended by CRLF. */
export function writeCsv(rows: ReadonlyArray<readonly string[]>): string {
	return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

export interface CsvRecord {
	fields: string[];
	/** Line of the text (1-based) where the record starts; quoted line breaks make it differ from the record number. */
	line: number;
	/** Where the record starts in the text read, and where it ends, after its line break if it has one. */
	start: number;
	end: number;
}

export type CsvReadResult =
	| { ok: true; records: CsvRecord[] }
	| { ok: false; problem: string; line: number };

const BYTE_ORDER_MARK = '\uFEFF';

export type CsvScanResult = { ok: true } | { ok: false; problem: string; line: number };

const isDelimiter = (code: number): boolean => code === 44 || code === 13 || code === 10;

/** Line breaks inside a quoted field: CRLF, LF and CR each count once. */
function lineBreaksIn(text: string): number {
	let breaks = 0;
	for (let index = 0; index < text.length; index++) {
		const char = text[index];
		if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) breaks++;
	}
	return breaks;
}

/**
 * Reads CSV text record by record, handing each to `onRecord` as it ends and keeping none, so a
 * large file is checked in the memory of one record. Quoted fields may hold commas, doubled
 * quotes and line breaks (CRLF, LF or CR); a quote inside an unquoted field is kept as it is. A
 * byte order mark at the start belongs to no record. A trailing line break ends the last record
 * and adds none.
 */
export function scanCsv(text: string, onRecord: (record: CsvRecord) => void): CsvScanResult {
	let fields: string[] = [];
	let field = '';
	let line = 1;
	let recordLine = 1;
	let position = text.startsWith(BYTE_ORDER_MARK) ? 1 : 0;
	let recordStart = position;
	let atFieldStart = true;

	const endRecord = () => {
		fields.push(field);
		onRecord({ fields, line: recordLine, start: recordStart, end: position });
		fields = [];
		field = '';
		atFieldStart = true;
		recordStart = position;
	};

	while (position < text.length) {
		const char = text[position];
		if (char === ',') {
			fields.push(field);
			field = '';
			atFieldStart = true;
			position++;
		} else if (char === '\r' || char === '\n') {
			position += char === '\r' && text[position + 1] === '\n' ? 2 : 1;
			endRecord();
			line++;
			recordLine = line;
		} else if (atFieldStart && char === '"') {
			const quoteLine = line;
			let close = text.indexOf('"', position + 1);
			while (close >= 0 && text[close + 1] === '"') close = text.indexOf('"', close + 2);
			if (close < 0) {
				return { ok: false, problem: 'a quoted field is never closed', line: quoteLine };
			}
			const raw = text.slice(position + 1, close);
			field = raw.includes('"') ? raw.replace(/""/g, '"') : raw;
			if (raw.includes('\n') || raw.includes('\r')) line += lineBreaksIn(raw);
			position = close + 1;
			if (position < text.length && !isDelimiter(text.charCodeAt(position))) {
				return {
					ok: false,
					problem: 'a quoted field is followed by text before the next comma',
					line,
				};
			}
			atFieldStart = false;
		} else {
			let end = position + 1;
			while (end < text.length && !isDelimiter(text.charCodeAt(end))) end++;
			field = text.slice(position, end);
			atFieldStart = false;
			position = end;
		}
	}
	if (!atFieldStart || fields.length > 0 || field !== '') endRecord();
	return { ok: true };
}

/** Every record of CSV text, read as `scanCsv` reads them. */
export function readCsv(text: string): CsvReadResult {
	const records: CsvRecord[] = [];
	const scanned = scanCsv(text, (record) => records.push(record));
	return scanned.ok ? { ok: true, records } : scanned;
}

/** A record that only holds blanks: an empty line, or one of commas and spaces. */
export function isBlankRecord(record: CsvRecord): boolean {
	return record.fields.every((value) => value.trim() === '');
}

/**
 * Trims white space as the service does and keeps a byte order mark, which JavaScript's trim()
 * would remove: a heading that only matches once the mark is gone does not match at the service.
 */
export function trimSpaces(text: string): string {
	return text.replace(/^[^\S\uFEFF]+|[^\S\uFEFF]+$/g, '');
}

/**
 * The text of the given records of `text`, each exactly as written: what is left out (a byte
 * order mark, records not given) is not sent. Records end after their line break, so the result
 * reads back as the same records.
 */
export function csvOfRecords(text: string, records: readonly CsvRecord[]): string {
	return records.map((record) => text.slice(record.start, record.end)).join('');
}
