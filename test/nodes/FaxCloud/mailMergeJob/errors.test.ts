import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { TestCredentialsHelper } from '../../../harness/jest/credentials-helper';
import { madeOnce } from '../../../harness/jest/madeOnce';
import { textPdf } from '../../../harness/textPdf';
import { ALICE, expectSecretHidden } from '../../../harness/jest/fax-cloud-node';
import { formPdf } from '../../../harness/formPdf';
import { jobItem, useMailMergeSuite } from './mailMergeHelpers';
import { unauthorizedHidingSecret } from '../faxCloudExpect';

const suite = useMailMergeSuite(['Name', 'Fax', 'Code']);
const { emulator, template, run, requests, create, refused } = suite;
afterEach(() => jest.restoreAllMocks());

const CSV = 'Name,Fax,Code\r\nAnn,12125550000,K1\r\nBen,12125550002,K2\r\n';

const noFields = madeOnce(() => textPdf(['']));

type ItemFiles = { csv?: string | Buffer; template?: Buffer };

const items = (files: ItemFiles = {}) => ({
	items: [jobItem(files.csv ?? CSV, files.template ?? template())],
});

/**
 * What the service would refuse (its StatusCode in the name) and what the node now refuses
 * itself, before uploading anything. 1001, 1003, 1005, 1103, 1106, 1100's UTF-8 check and a cover
 * message too long are rows of test/faults/bad-input.test.ts; its template row is a text file, this
 * one's template claims to be a PDF.
 */
describe('caught by the node before any request', () => {
	const byParameters: Record<string, [IDataObject, string]> = {
		'1000 Expected Faxes not a whole number': [
			{ options: { expectedFaxes: 2.5 } },
			'Invalid "Expected Faxes": "2.5" is not allowed; use a whole number from 1 or more',
		],
		'1004 no template file': [
			{ templateBinaryPropertyName: 'form' },
			'Invalid "Template Binary Field": item 0 has no binary field "form"',
		],
		'1006 Notify on Success not a boolean': [
			{ options: { notifyOnSuccess: 'yes' } },
			'Invalid "Notify on Success": "yes" is not allowed; use true or false',
		],
		'1007 Notify on Failure not a boolean': [
			{ options: { notifyOnFailure: 'no' } },
			'Invalid "Notify on Failure": "no" is not allowed; use true or false',
		],
		'1104 keyword column not in the CSV': [
			{ options: { keywordColumn: 'Keyword' } },
			'Invalid "Keyword Column": the CSV has no column "Keyword"; its columns are "Name", "Fax", "Code"',
		],
		'1105 barcode column not in the CSV': [
			{ options: { barcodeColumn: 'Barcode' } },
			'Invalid "Barcode Column": the CSV has no column "Barcode"; its columns are "Name", "Fax", "Code"',
		],
		'1200 Notify Email not an address': [
			{ options: { notifyEmail: 'billing at acme' } },
			'Invalid "Notification Email": "billing at acme" is not an e-mail address; use name@example.com',
		],
	};
	const byFiles: Record<string, [ItemFiles, string]> = {
		'1100 template not a PDF, whatever its MIME type says': [
			{ template: Buffer.from('PK\u0003\u0004 a word file') },
			'Invalid "Template Binary Field": the file "form.pdf" is not a PDF (application/pdf)',
		],
		'1100 CSV with an unclosed quote': [
			{ csv: 'Name,Fax\r\n"Ann,12125550000\r\n' },
			'Invalid "CSV Binary Field": line 2: a quoted field is never closed',
		],
		'1100 CSV line with a field too many': [
			{ csv: 'Name,Fax\r\nAnn,12125550000\r\nBen,1,2125550000\r\n' },
			'Invalid "CSV Binary Field": line 3 has 3 fields but the headings have 2',
		],
		'1100 CSV line with a field too few': [
			{ csv: 'Name,Fax\r\nAnn,12125550000\r\nBen\r\n' },
			'Invalid "CSV Binary Field": line 3 has 1 fields but the headings have 2',
		],
		'1102 CSV whose first line is empty': [
			{ csv: '\r\nName,Fax\r\nAnn,12125550000\r\n' },
			'Invalid "CSV Binary Field": the CSV has no column headings; its first line must name the columns',
		],
		'1102 empty CSV': [
			{ csv: '' },
			'Invalid "CSV Binary Field": the CSV has no column headings; its first line must name the columns',
		],
		'1200 headings without data lines': [
			{ csv: 'Name,Fax\r\n' },
			'Invalid "CSV Binary Field": the CSV has column headings but no data lines',
		],
		'1200 a line without a fax number': [
			{ csv: 'Name,Fax\r\nAnn,12125550000\r\n"Ben\r\nBenson",\r\n' },
			'Invalid "Fax Number Column": line 3 has no value in column "Fax"',
		],
		'1200 a fax number of spaces only': [
			{ csv: 'Name,Fax\r\nAnn,   \r\n' },
			'Invalid "Fax Number Column": line 2 has no value in column "Fax"',
		],
	};
	test.each(Object.entries(byParameters))('%s', async (_name, [parameters, message]) => {
		refused(await create(parameters, items()), message);
	});
	test.each(Object.entries(byFiles))('%s', async (_name, [files, message]) => {
		refused(await create({}, items(files)), message);
	});
});

describe('refused by the service, shown with advice', () => {
	test('1001 a template without form fields', async () => {
		const result = await create({}, items({ template: noFields() }));
		expect(result.error?.message).toBe(
			'Bad request (HTTP 400) [StatusCode 1001]: No fields found in PDF template',
		);
		expect(result.error?.description).toMatch(
			/use a PDF form whose fields are named like the CSV columns/,
		);
		expect(requests('POST')).toHaveLength(1);
	});

	test('1100 a PDF cut short (an interrupted download)', async () => {
		// The emulator's PDF parser warns about the broken objects on the console.
		jest.spyOn(console, 'warn').mockImplementation(() => undefined);
		const result = await create({}, items({ template: template().subarray(0, 300) }));
		expect(result.error?.message).toBe(
			'Bad request (HTTP 400) [StatusCode 1100]: Could not validate files',
		);
		expect(result.error?.description).toBe(
			'The files could not be read: the CSV must be UTF-8 text and the template a valid PDF form.',
		);
	});

	test('1200 the barcode column has no image field in the template', async () => {
		const csv = 'Name,Fax,Code\r\nAnn,12125550000,K1\r\n';
		const files = items({ csv, template: await formPdf(['Name', 'Fax']) });
		const result = await create({ options: { barcodeColumn: 'Code' } }, files);
		expect(result.error?.message).toBe(
			'Bad request (HTTP 400) [StatusCode 1200]: Error: template has no image field named Code for the barcode',
		);
		expect(result.error?.description).toMatch(
			/^The service found a problem in the CSV lines or the template/,
		);
	});

	test('1300 the job store fails: the advice says to look the job up before creating it again', async () => {
		// The store fails once the create leaves, after the job list the create first reads.
		const original = TestCredentialsHelper.prototype.authenticate;
		jest.spyOn(TestCredentialsHelper.prototype, 'authenticate').mockImplementation(async function (
			this: TestCredentialsHelper,
			...args
		) {
			if ((args[2] as IHttpRequestOptions).method === 'POST')
				emulator().control.setMailMergeOutage(true);
			return await original.apply(this, args);
		});
		const result = await create({}, { ...items(), continueOnFail: true });
		expect(result.items[0].json).toMatchObject({
			error: 'Service error (HTTP 500) [StatusCode 1300]: Exception: Job store unavailable',
			statusCode: '1300',
			httpCode: '500',
		});
		expect(result.items[0].json.description).toMatch(
			/look the job up with Get Many before creating it again/,
		);
		// A POST is never repeated: a job must not be created twice.
		expect(requests('POST')).toHaveLength(1);
	});

	test('a job list that fails before a create stops it: nothing is created', async () => {
		emulator().control.setMailMergeOutage(true);
		const result = await create({}, items());
		expect(result.error?.message).toMatch(/\[StatusCode 2000\]: Error getting job list/);
		expect(result.error?.description).toMatch(/^Nothing was created/);
		expect(requests('POST')).toHaveLength(0);
	});

	test('2000 the job list fails', async () => {
		emulator().control.setMailMergeOutage(true);
		const result = await run('getAll', { returnAll: true });
		expect(result.error?.message).toBe(
			'Service error (HTTP 500) [StatusCode 2000]: Error getting job list. Job store unavailable',
		);
		expect(result.error?.description).toBe('The job list could not be read: try again later.');
	});

	test('2001 a job of another login, for Get and Get Faxes; no secret in the error', async () => {
		await create({}, { ...items(), user: 'bob' });
		const job = await run('get', { jobId: '1' });
		expect(job.error?.message).toBe(
			'Not found (HTTP 404) [StatusCode 2001]: Error getting the job. Job 1 not found',
		);
		expect(job.error?.description).toBe('The job could not be read: check the Job ID.');
		expectSecretHidden(job.error, ALICE.password);
		const faxes = await run('getFaxes', { jobId: '1', returnAll: true });
		expect(faxes.error?.message).toBe(
			'Not found (HTTP 404) [StatusCode 2001]: Error getting the fax list. Job 1 not found',
		);
	});

	test('a wrong password names the credential and shows no secret', async () => {
		const password = 'wrong-password-xyz';
		unauthorizedHidingSecret(await run('getAll', { returnAll: true }, { password }), password);
	});
});
