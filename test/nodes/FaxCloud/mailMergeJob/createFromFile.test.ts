import type { IDataObject } from 'n8n-workflow';

import { LIST_ORDERS } from '../../../../emulator/mailmerge/mailmerge-service';
import { FROM_BINARY_FILES, jobItem as jobItemOf, useMailMergeSuite } from './mailMergeHelpers';
import { fieldOf, pairedOutcomes, succeeded } from '../faxCloudExpect';

const suite = useMailMergeSuite(['Name', 'Fax', 'Amount', 'Code']);
const { emulator, template, run, requests, create, faxesOf, expectJobAccepted, refused } = suite;

const CSV =
	'Name,Fax,Amount,Code\r\nAnn,12125550000,10,K1\r\n"Ben, Jr.",12125550002,20,K2\r\nCid,12125550000,30,K3\r\n';

const jobItem = (csv = CSV) => jobItemOf(csv, template(), { source: 'upload' });

const createJob = (parameters: IDataObject = {}, items = [jobItem()], options = {}) =>
	create(parameters, { items, ...options });

test('a job from a CSV file: multipart CSV and Template, the documented parameter names, ExpectedFaxes counted', async () => {
	const result = await createJob({
		...FROM_BINARY_FILES,
		coverPage: 'named',
		coverPageName: 'confidential',
		coverPageMessage: 'Your statement',
		options: {
			keywordColumn: 'Code',
			sendAfter: '2026-01-05T10:00:00+01:00',
			notifyOnSuccess: true,
			notifyOnFailure: false,
			notifyEmail: 'billing@acme.example',
		},
	});

	expect(result.error).toBeUndefined();
	expect(result.items).toEqual([{ json: { JobID: 1, ExpectedFaxes: 3 }, pairedItem: { item: 0 } }]);
	const [list, post] = requests();
	expect(list).toMatchObject({ method: 'GET', path: '/v1/Job', status: 200 });
	expect(post).toMatchObject({ method: 'POST', path: '/v1/Job', status: 201 });
	expect(post.params).toEqual({
		FaxNumerColumnName: 'Fax',
		KeywordColumnName: 'Code',
		SendAfter: '2026-01-05T09:00:00Z',
		NotifyOnSuccess: 'true',
		NotifyOnFailure: 'false',
		NotifyEmail: 'billing@acme.example',
		CoverPage: 'confidential',
		CoverPageMessage: 'Your statement',
		ExpectedFaxes: '3',
	});
	expect(
		post.files.map((file) => [file.field, file.filename, file.contentType, file.size]),
	).toEqual([
		['CSV', 'recipients.csv', 'text/csv', Buffer.byteLength(CSV)],
		['Template', 'form.pdf', 'application/pdf', template().length],
	]);
});

test.each(LIST_ORDERS)(
	'the job runs: Get shows it COMPLETE, Get Faxes lists one fax per line with the keyword column, in line order (service listing %s)',
	async (order) => {
		emulator().control.setMailMergeListOrder(order);
		const created = await createJob({ options: { keywordColumn: 'Code' } });
		const jobId = created.items[0].json.JobID;
		emulator().control.advance(10_000);

		const job = await run('get', { jobId }).then(succeeded);
		expect(job.items[0].json).toEqual({
			ID: jobId,
			CreatedOn: '2026-01-05T09:00:00.000Z',
			LastCompletedLine: 3,
			Status: 'COMPLETE',
			CancelledOn: null,
			ExpectedFaxCount: 3,
		});

		const faxes = await faxesOf(jobId).then(succeeded);
		expect(faxes.items.map((item) => [item.json.Keyword, item.json.FaxNumber])).toEqual([
			['K1', '12125550000'],
			['K2', '12125550002'],
			['K3', '12125550000'],
		]);
		const first = faxes.items[0].json;
		expect(first).toMatchObject({ JobID: jobId, Owner: 'alice@acme', ErrorCode: 0 });
		expect(typeof first.ID).toBe('number');
		expect(first.CreatedOn).toMatch(/^2026-01-05T09:00:\d{2}\.000Z$/);
		// The fax the job made carries the keyword as ProjectCode2, as the description says.
		expect(emulator().control.outboundFax(first.ID as number)?.ProjectCode2).toBe('K1');
	},
);

test('one job per input item when each item carries its own CSV file', async () => {
	const result = await createJob({}, [jobItem(), jobItem('Fax,Name\n12125550000,Eve\n')]);
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => [item.json, item.pairedItem])).toEqual([
		[{ JobID: 1, ExpectedFaxes: 3 }, { item: 0 }],
		[{ JobID: 2, ExpectedFaxes: 1 }, { item: 1 }],
	]);
	expect(requests('POST').map((r) => r.params.ExpectedFaxes)).toEqual(['3', '1']);
});

test('the default cover page is CoverPage=default; no cover page sends neither CoverPage nor its message', async () => {
	await createJob({ coverPage: 'default', coverPageMessage: 'Hi' });
	await createJob({ coverPage: 'none', coverPageMessage: 'Hi' });
	const [withCover, without] = requests('POST');
	expect(withCover.params).toMatchObject({ CoverPage: 'default', CoverPageMessage: 'Hi' });
	expect(without.params).toEqual({ FaxNumerColumnName: 'Fax', ExpectedFaxes: '3' });
});

test('blank lines are left out of the uploaded CSV, so the service counts the lines the node counted', async () => {
	// An Excel export often ends with rows of commas; the service counts every line (1106 otherwise).
	const csv = 'Fax,Name\r\n12125550000,Ann\r\n\r\n12125550002,Ben\r\n,\r\n\r\n';
	const post = expectJobAccepted(await createJob({}, [jobItem(csv)]), 2);
	expect(post.files[0].size).toBe(
		Buffer.byteLength('Fax,Name\r\n12125550000,Ann\r\n12125550002,Ben\r\n'),
	);

	emulator().control.advance(10_000);
	expect(fieldOf(await faxesOf(), 'FaxNumber')).toEqual(['12125550000', '12125550002']);
	const job = await run('get', { jobId: 1 });
	expect(job.items[0].json).toMatchObject({ Status: 'COMPLETE', ExpectedFaxCount: 2 });
});

test('a line of spaces and commas is blank too, and left out of the upload', async () => {
	const csv = 'Fax,Name\r\n12125550000,Ann\r\n  ,  \r\n';
	const post = expectJobAccepted(await createJob({}, [jobItem(csv)]), 1);
	expect(post.files[0].size).toBe(Buffer.byteLength('Fax,Name\r\n12125550000,Ann\r\n'));
});

test('headings with spaces around them name their columns, as the service reads them', async () => {
	expectJobAccepted(await createJob({}, [jobItem('Name , Fax\r\nAnn,12125550000\r\n')]), 1);
});

test('Expected Faxes set by the user counts the lines that hold values, as the uploaded file does', async () => {
	const csv = 'Fax,Name\n12125550000,Ann\n\n12125550002,Ben\n\n';
	const result = await createJob({ options: { expectedFaxes: 2 } }, [jobItem(csv)]);
	expect(result.items[0].json).toEqual({ JobID: 1, ExpectedFaxes: 2 });
	expect(requests('POST')[0]).toMatchObject({ status: 201, params: { ExpectedFaxes: '2' } });
});

test('a CSV saved by Excel as "CSV UTF-8" goes to the service without its byte order mark', async () => {
	// The mark would make the service's first heading "\uFEFFFax": 1103 for the fax number column.
	const csv = '\uFEFFFax,Name\r\n12125550000,Ann\r\n12125550002,Ben\r\n';
	const post = expectJobAccepted(await createJob({}, [jobItem(csv)]), 2);
	expect(post.files[0]).toMatchObject({
		field: 'CSV',
		filename: 'recipients.csv',
		size: Buffer.byteLength(csv) - Buffer.byteLength('\uFEFF'),
	});
});

test('a byte order mark inside a heading is not trimmed away by the check: the column is refused and named', async () => {
	const result = await createJob({ options: { keywordColumn: 'Code' } }, [
		jobItem('Fax,\uFEFFCode\r\n12125550000,K1\r\n'),
	]);
	refused(
		result,
		'Invalid "Keyword Column": the CSV has no column "Code"; its columns are "Fax", "\\uFEFFCode"',
	);
});

test('a bad file in a later item stops the node before the first job is created', async () => {
	const result = await createJob({}, [jobItem(), jobItem('Name,Phone\nAnn,12125550000\n')]);
	expect(result.error?.message).toBe(
		'Invalid "Fax Number Column": the CSV has no column "Fax"; its columns are "Name", "Phone"',
	);
	expect(result.error?.context.itemIndex).toBe(1);
	expect(requests()).toHaveLength(0);
});

test('with Continue On Fail the good items make their jobs and the bad one an error item', async () => {
	const items = [jobItem(), jobItem('Name,Phone\nAnn,12125550000\n'), jobItem()];
	const result = await createJob({}, items, { continueOnFail: true });
	expect(pairedOutcomes(result, 'JobID')).toEqual([
		[{ item: 0 }, 1],
		[{ item: 1 }, expect.stringMatching(/^Invalid "Fax Number Column"/)],
		[{ item: 2 }, 2],
	]);
	expect(requests('POST')).toHaveLength(2);
});
