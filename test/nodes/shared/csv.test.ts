import Papa from 'papaparse';

import {
	csvCellText,
	csvField,
	csvOfRecords,
	isBlankRecord,
	readCsv,
	trimSpaces,
	writeCsv,
} from '../../../nodes/shared/csv';

/** Reads with the node's reader and fails the test on a parse error. */
function recordsOf(text: string) {
	const result = readCsv(text);
	if (!result.ok) throw new Error(`unexpected CSV error: ${result.problem} (line ${result.line})`);
	return result.records;
}

const rowsOf = (text: string) => recordsOf(text).map((record) => record.fields);

function papaRows(text: string): string[][] {
	const parsed = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: false });
	expect(parsed.errors).toEqual([]);
	// Papa reports a trailing line break as one more empty row.
	const rows = parsed.data;
	if (JSON.stringify(rows.at(-1)) === '[""]') rows.pop();
	return rows;
}

/** A seeded generator, so the random round trips are the same on every run. */
function generator(seed: number) {
	let state = seed >>> 0;
	return () => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state / 2 ** 32;
	};
}

/** What random fields are made of, one code point each (CRLF whole): CSV's specials, non-ASCII. */
const TRICKY = [...'aZ0 ,"\r\n', '\r\n', ..."éßŽ東😀';\t"];

describe('CSV writer (RFC 4180)', () => {
	test.each([
		['plain', 'plain'],
		['a,b', '"a,b"'],
		['say "hi"', '"say ""hi"""'],
		['line\nbreak', '"line\nbreak"'],
		['line\r\nbreak', '"line\r\nbreak"'],
		['carriage\rreturn', '"carriage\rreturn"'],
		[' leading', '" leading"'],
		['trailing ', '"trailing "'],
		['Zoë Ünal', 'Zoë Ünal'],
		['', ''],
	])('field %j is written as %j', (value, written) => {
		expect(csvField(value)).toBe(written);
	});

	test('records end with CRLF, fields are joined with commas', () => {
		expect(
			writeCsv([
				['Name', 'Fax'],
				['Ann, Jr.', '12125550000'],
			]),
		).toBe('Name,Fax\r\n"Ann, Jr.",12125550000\r\n');
	});

	test('cells of input items: nothing is empty, numbers and booleans as text, objects as JSON', () => {
		const cells = [undefined, null, 12.5, false, { a: [1, 'x'] }, 'text'].map(csvCellText);
		expect(cells).toEqual(['', '', '12.5', 'false', '{"a":[1,"x"]}', 'text']);
	});

	test('papaparse reads what the writer wrote, for 300 random rows of tricky characters', () => {
		const random = generator(42);
		const field = () =>
			Array.from(
				{ length: Math.floor(random() * 8) },
				() => TRICKY[Math.floor(random() * TRICKY.length)],
			).join('');
		const rows = Array.from({ length: 300 }, () => Array.from({ length: 4 }, field));
		const text = writeCsv(rows);
		expect(papaRows(text)).toEqual(rows);
		expect(rowsOf(text)).toEqual(rows);
	});
});

describe('CSV reader', () => {
	test.each([
		[
			'quoted fields keep commas, doubled quotes and line breaks',
			'Name,Note\r\n"Ann","two\r\nlines"\r\n"Ben ""B""",x\r\nCid,"a\nb\nc"\r\nDee,y\r\n',
			[
				{ fields: ['Name', 'Note'], line: 1 },
				{ fields: ['Ann', 'two\r\nlines'], line: 2 },
				{ fields: ['Ben "B"', 'x'], line: 4 },
				{ fields: ['Cid', 'a\nb\nc'], line: 5 },
				{ fields: ['Dee', 'y'], line: 8 },
			],
		],
		[
			'a lone CR inside a quoted field is a line break too',
			'Name,Note\r\nAnn,"old\rMac"\r\nBen,x\r\n',
			[
				{ fields: ['Name', 'Note'], line: 1 },
				{ fields: ['Ann', 'old\rMac'], line: 2 },
				{ fields: ['Ben', 'x'], line: 4 },
			],
		],
	])('%s; records start on the right line', (_case, text, records) => {
		expect(recordsOf(text).map(({ fields, line }) => ({ fields, line }))).toEqual(records);
	});

	test.each([
		['LF line ends', 'a,b\nc,d\n'],
		['no final line break', 'a,b\r\nc,d'],
		['an empty last field and no final line break', 'a,b\r\nc,'],
		['empty fields', 'a,,\r\n,,z\r\n'],
		['quoted empty field', '"",x\r\n'],
		['a quote inside an unquoted field', 'ab"c,d\r\n'],
		['non-ASCII letters', 'Zoë,Łódź,東京\r\n'],
	])('agrees with papaparse: %s', (_name, text) => {
		expect(rowsOf(text)).toEqual(papaRows(text));
	});

	test('reads what papaparse writes', () => {
		const rows = [
			['Name', 'Address'],
			['O"Brien, Pat', 'Main St 1\nApt 2'],
			[' spaced ', 'Ærø'],
		];
		expect(rowsOf(Papa.unparse(rows, { newline: '\r\n', quotes: false }))).toEqual(rows);
	});

	test('an unclosed quote is reported at the line it opened', () => {
		expect(readCsv('a,b\r\nc,"open\r\nstill\r\n')).toEqual({
			ok: false,
			problem: 'a quoted field is never closed',
			line: 2,
		});
	});

	test('text after a closing quote is reported', () => {
		expect(readCsv('a,b\n"x"y,z\n')).toMatchObject({ ok: false, line: 2 });
	});

	test('blank lines are blank records', () => {
		expect(recordsOf('a,b\n\n , \nc,d\n').map(isBlankRecord)).toEqual([false, true, true, false]);
	});

	test('an empty text has no records', () => {
		expect(rowsOf('')).toEqual([]);
	});

	test('each record spans its own text up to and with its line break; no record holds the byte order mark', () => {
		const text = '\uFEFFFax,Name\r\n1,"a\nb"\n\r2,c';
		expect(rowsOf(text)).toEqual([['Fax', 'Name'], ['1', 'a\nb'], [''], ['2', 'c']]);
		expect(recordsOf(text).map((record) => text.slice(record.start, record.end))).toEqual([
			'Fax,Name\r\n',
			'1,"a\nb"\n',
			'\r',
			'2,c',
		]);
	});
});

describe('CSV to upload', () => {
	test('the kept records, as written: no byte order mark, blank lines and comma-only lines left out', () => {
		const text = '\uFEFFFax,Name\r\n1,Ann\r\n\r\n , \r\n2,"Ben\r\n\r\nB"\n,,\n';
		const kept = recordsOf(text).filter((record) => !isBlankRecord(record));
		expect(csvOfRecords(text, kept)).toBe('Fax,Name\r\n1,Ann\r\n2,"Ben\r\n\r\nB"\n');
	});

	test('what is uploaded reads back as exactly the records kept, for 200 random files with blank lines', () => {
		const random = generator(7);
		const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
		const cell = () =>
			Array.from({ length: Math.floor(random() * 4) }, () => pick(TRICKY)).join('');
		for (let file = 0; file < 200; file++) {
			const lines = Array.from({ length: 6 }, () =>
				random() < 0.3
					? pick(['', ',', ' , ', ',,'])
					: [cell(), cell(), cell()].map(csvField).join(','),
			);
			const breaks = lines.map(() => pick(['\r\n', '\n', '\r']));
			const text =
				(random() < 0.5 ? '\uFEFF' : '') +
				lines.map((line, index) => line + breaks[index]).join('') +
				(random() < 0.5 ? pick(['', ',', '\r\n']) : '');
			const kept = recordsOf(text).filter((record) => !isBlankRecord(record));
			const upload = csvOfRecords(text, kept);
			expect(upload.startsWith('\uFEFF')).toBe(false);
			const reread = recordsOf(upload);
			expect(reread.map((record) => record.fields)).toEqual(kept.map((record) => record.fields));
			expect(reread.some(isBlankRecord)).toBe(false);
		}
	});

	test('headings are trimmed of white space as the service trims them, keeping a byte order mark', () => {
		expect(trimSpaces('  Fax\t')).toBe('Fax');
		// String.prototype.trim would take the byte order mark as white space ('Fax').
		expect(trimSpaces('\uFEFFFax ')).toBe('\uFEFFFax');
	});
});
