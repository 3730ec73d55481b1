import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { useMailMergeSuite, withTemplate } from './mailMergeHelpers';
import { fieldOf, succeeded } from '../faxCloudExpect';

const suite = useMailMergeSuite(['Name', 'FaxNumber', 'Amount']);
const { emulator, template, run, requests, create, faxesOf, expectJobAccepted, refused } = suite;

/** Names a careless CSV writer would break: commas, quotes, line breaks, spaces, non-ASCII. */
const AWKWARD = [
	'Smith, John',
	'Anne "Nan" O\'Neil',
	'Line one\nline two',
	'Carriage\r\nreturn',
	' leading and trailing ',
	'Zoë Łódź-Ærøskøbing',
	'東京 株式会社',
	'=SUM(A1)',
	'😀 emoji',
	'comma, "quote" and\nbreak',
];

const recipients = (count: number): INodeExecutionData[] =>
	Array.from({ length: count }, (_, index) => ({
		json: {
			FaxNumber: `1212555${2000 + index}`,
			Name: `${AWKWARD[index % AWKWARD.length]} #${index}`,
			Amount: index * 1.5,
			Extra: { nested: index },
		},
	}));

const fromItems = { csvSource: 'items', faxNumberColumn: 'FaxNumber' };
const createFromItems = (items: INodeExecutionData[], parameters: IDataObject = {}, options = {}) =>
	create({ ...fromItems, ...parameters }, { items, ...options });

test('250 input items make one job of 250 faxes; names round-trip through the CSV unchanged', async () => {
	const items = recipients(250);
	items[0] = withTemplate(items[0], template());

	const created = await createFromItems(items, {
		columns: 'all',
		options: { keywordColumn: 'Name' },
	});

	expect(created.error).toBeUndefined();
	expect(created.items).toHaveLength(1);
	expect(created.items[0].json).toEqual({ JobID: 1, ExpectedFaxes: 250 });
	expect(created.items[0].pairedItem).toEqual(items.map((_, item) => ({ item })));
	const posts = requests('POST');
	expect(posts).toHaveLength(1);
	expect(posts[0].params).toEqual({
		FaxNumerColumnName: 'FaxNumber',
		KeywordColumnName: 'Name',
		ExpectedFaxes: '250',
	});
	expect(posts[0].files.map((file) => [file.field, file.filename, file.contentType])).toEqual([
		['CSV', 'mail-merge.csv', 'text/csv'],
		['Template', 'form.pdf', 'application/pdf'],
	]);

	emulator().control.advance(250 * 2_000 + 1_000);
	const faxes = await faxesOf().then(succeeded);
	expect(faxes.items).toHaveLength(250);
	expect(fieldOf(faxes, 'Keyword')).toEqual(items.map((item) => item.json.Name));
	expect(fieldOf(faxes, 'FaxNumber')).toEqual(items.map((item) => item.json.FaxNumber));
	const job = await run('get', { jobId: 1 });
	expect(job.items[0].json).toMatchObject({ Status: 'COMPLETE', LastCompletedLine: 250 });
});

test('Selected Fields make the only columns; the template comes from the first item that has it', async () => {
	const items = recipients(3);
	items[2] = withTemplate(items[2], template(), 'form');
	const selected = {
		columns: 'selected',
		fields: 'FaxNumber, Name',
		templateBinaryPropertyName: 'form',
	};

	const created = await createFromItems(items, { ...selected, options: { keywordColumn: 'Name' } });
	expect(created.error).toBeUndefined();
	emulator().control.advance(10_000);
	expect(fieldOf(await faxesOf(), 'Keyword')).toEqual(items.map((item) => item.json.Name));

	// A field left out of the selection is not a column: naming it is refused before any upload.
	emulator().control.clearRequests();
	const amount = { ...selected, options: { keywordColumn: 'Amount' } };
	refused(
		await createFromItems(items, amount),
		'Invalid "Keyword Column": the CSV has no column "Amount"; its columns are "FaxNumber", "Name"',
	);
});

test('an item without a fax number is named before anything is uploaded', async () => {
	const items = recipients(4);
	items[0] = withTemplate(items[0], template());
	items[2].json.FaxNumber = '  ';
	refused(
		await createFromItems(items),
		'Invalid "Fax Number Column": item 2 has no value in field "FaxNumber"',
	);
});

test('a first item without a fax number is refused too, even with no other field: it is not left out of the job', async () => {
	const items = recipients(3);
	items[0] = withTemplate({ json: { FaxNumber: '', Name: '', Amount: '', Extra: '' } }, template());
	refused(
		await createFromItems(items),
		'Invalid "Fax Number Column": item 0 has no value in field "FaxNumber"',
	);
});

test('no input item carries the template: the error says where it is expected', async () => {
	refused(
		await createFromItems(recipients(2)),
		'Invalid "Template Binary Field": no input item has a binary field "data"',
	);
});

test('with Continue On Fail a refused job is one error item paired with every input item', async () => {
	const result = await createFromItems(
		recipients(3),
		{ faxNumberColumn: 'Fax' },
		{ continueOnFail: true },
	).then(succeeded);
	expect(result.items).toHaveLength(1);
	expect(result.items[0].json.error).toMatch(
		/^Invalid "Fax Number Column": the CSV has no column "Fax"/,
	);
	expect(result.items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
});

describe('items read by Extract From File from an Excel "CSV UTF-8" file (byte order mark kept)', () => {
	// Extract From File leaves the file's mark in the first field name unless told to exclude it.
	const fromExcel = (): INodeExecutionData[] => [
		withTemplate({ json: { '\uFEFFFaxNumber': '12125550000', Name: 'Ann' } }, template()),
		{ json: { '\uFEFFFaxNumber': '12125550002', Name: 'Ben' } },
	];
	const uploaded = Buffer.byteLength('FaxNumber,Name\r\n12125550000,Ann\r\n12125550002,Ben\r\n');

	test.each([
		['All Fields', { columns: 'all' }],
		['Selected Fields', { columns: 'selected', fields: 'FaxNumber, Name' }],
	])(
		'%s: the column is named without the mark and the service receives none',
		async (_mode, columns) => {
			const post = expectJobAccepted(await createFromItems(fromExcel(), columns), 2);
			expect(post.files[0]).toMatchObject({ field: 'CSV', size: uploaded });
			emulator().control.advance(10_000);
			expect(fieldOf(await faxesOf(), 'FaxNumber')).toEqual(['12125550000', '12125550002']);
		},
	);
});
