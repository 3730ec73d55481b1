import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { clearNumbersCache } from '../../nodes/shared/numbersCache';
import { formPdf } from '../harness/formPdf';
import { credentialsFor, useEmulator } from '../harness/jest/emulator';
import { binaryItem, recordCounts, SecretWatch } from '../harness/jest/fault-helpers';
import { faxCloudNode, runFaxCloudNode } from '../harness/jest/fax-cloud-node';
import { madeOnce } from '../harness/jest/madeOnce';
import { textPdf } from '../harness/textPdf';

/**
 * Bad input across every operation of the Fax Cloud node: each is refused with a
 * NodeOperationError whose message names the parameter ("Invalid "<Display Name>": ..."), and
 * the emulator receives no request at all. Region, city and area code checks compare with the
 * provider's lists, which the node caches for a day (as the description asks): the table runs
 * with the lists the editor's dropdowns already loaded, and a last test shows that a cold cache
 * costs only those list lookups, never the refused request.
 */

const emulator = useEmulator();

const templatePdf = madeOnce(() => formPdf(['FaxNumber']));
const letterPdf = madeOnce(() => textPdf(['Letter of authorization']));

const csv = (text: string | Buffer) => ({ data: text, mimeType: 'text/csv', fileName: 'list.csv' });
const pdf = (data: () => Buffer, fileName = 'form.pdf') => ({
	get data() {
		return data();
	},
	mimeType: 'application/pdf',
	fileName,
});
const mailMergeItem = (files: Parameters<typeof binaryItem>[0]) => () => [binaryItem(files)];
const GOOD_CSV = 'FaxNumber,Name\n12125550000,Jane\n';

const SEND = { content: 'text', text: 'Hello', faxNumbers: '12125550000' };
const CREATE_JOB = { csvSource: 'binary', faxNumberColumn: 'FaxNumber' };
const NON_TOLL_FREE = { country: 'US', region: 'NY', notifyEmails: 'it@acme.example' };
const PORT_IN = { country: 'US', numberToPort: '12125550100', notifyEmails: 'it@acme.example' };
const portInItem = (bill: { data: Buffer | string; mimeType: string; fileName: string }) => () => [
	binaryItem({ loa: pdf(letterPdf, 'loa.pdf'), bill }),
];

const ID_CASES = ['0', '-1', '1.5', '../2', '%2F'];

/**
 * Bad inputs of one operation, by what is wrong (the test title after `label`): [what the message
 * must be (the display name it names, the whole message when it starts with `Invalid "`, or a
 * pattern), parameters over `base`, the items, the description the error must carry].
 */
type Row = [string | RegExp, IDataObject, (() => INodeExecutionData[])?, string?];
const badInputs = (
	label: string,
	[resource, operation, base = {}]: [string, string, IDataObject?],
	rows: Record<string, Row>,
) =>
	Object.entries(rows).map(([name, [expected, parameters, items, description]]) => ({
		case: `${label}: ${name}`,
		resource,
		operation,
		parameters: { ...base, ...parameters },
		expected,
		items,
		description,
	}));

const GOOD_JOB = mailMergeItem({ csv: csv(GOOD_CSV), data: pdf(templatePdf) });
const PDF_BILL = portInItem({ data: 'x', mimeType: 'application/pdf', fileName: 'bill.pdf' });
const THIRTEEN_LINES = Array(13).fill('line').join('\n');
const FAX_NUMBER_FORMS =
	'use 1 and 10 digits for US/Canada (e.g. 12125550100) or + and the country code for international numbers (e.g. +442071234567)';
const DATE_FORMS = 'use a date and time such as 2026-01-05T09:30Z or 2026-01-05T09:30:00+01:00';
const notAFaxNumber = (parameter: string, value: string) =>
	`Invalid "${parameter}": "${value}" is not a fax number; ${FAX_NUMBER_FORMS}`;
const notUsOrCa = (country: string) =>
	`Invalid "Country": "${country}" is not allowed; use US or CA`;
const notWhole = (parameter: string, value: number, range: string) =>
	`Invalid "${parameter}": "${value}" is not allowed; use a whole number ${range}`;
const notAnId = (parameter: string, id: string) =>
	`Invalid "${parameter}": "${id}" is not an ID; use a whole number greater than 0, e.g. 1234`;
const SINGLE_FAX = ['resend', 'get', 'download', 'delete', 'mark'];
const INBOUND_FAX = ['get', 'download', 'delete', 'mark', 'unmark'];

const CASES = [
	...badInputs('send', ['outboundFax', 'send', SEND], {
		'a 10-digit number without the leading 1': [
			`Invalid "Fax Numbers": "2125550100" has no leading 1; ${FAX_NUMBER_FORMS}`,
			{ faxNumbers: '2125550100' },
		],
		'a number too short': [notAFaxNumber('Fax Numbers', '12345'), { faxNumbers: '12345' }],
		'a number with path characters': ['Fax Numbers', { faxNumbers: '../12125550000' }],
		'an empty recipient list': [
			'Invalid "Fax Numbers": at least one recipient is required',
			{ faxNumbers: ' , ' },
		],
		'an empty JSON recipient list': [
			'Fax Numbers',
			{ faxNumbers: '', recipientInput: 'json', recipientsJson: '[]' },
		],
		'malformed JSON in the recipient objects': [
			/^Invalid "Recipients \(JSON\)": is not valid JSON /,
			{ recipientInput: 'json', recipientsJson: '[{"FaxNumber": "12125550000",]' },
		],
		'a recipient object without FaxNumber': [
			'Recipients (JSON), element 1, FaxNumber',
			{ recipientInput: 'json', recipientsJson: '[{"RcptName": "Jane"}]' },
		],
		'a recipient object with a nested value': [
			'Recipients (JSON), element 1',
			{ recipientInput: 'json', recipientsJson: '[{"FaxNumber": {"n": 1}}]' },
		],
		'a recipient list entry that is not an object': [
			'Recipients (JSON), element 1',
			{ recipientInput: 'json', recipientsJson: '[true]' },
		],
		'a recipient row with a bad number': [
			notAFaxNumber('Recipients: Fax Number of recipient 1', '1.5'),
			{ recipientInput: 'fields', recipients: { recipient: [{ faxNumber: '1.5' }] } },
		],
		'a cover message of 13 lines': [
			'Invalid "Cover Page Message": has 13 lines; at most 12 lines are allowed',
			{ options: { coverMessage: THIRTEEN_LINES } },
		],
		'a cover message line of 129 characters': [
			'Invalid "Cover Page Message": line 2 has 129 characters; at most 128 per line are allowed',
			{ options: { coverMessage: `ok\n${'x'.repeat(129)}` } },
		],
		'a date that does not exist': [
			`Invalid "Send After": "2026-02-30T10:00Z" is not a valid date; ${DATE_FORMS}`,
			{ options: { sendAfter: '2026-02-30T10:00Z' } },
		],
		'a date in words': [
			`Invalid "Send After": "next Monday" is not a date and time; ${DATE_FORMS}`,
			{ options: { sendAfter: 'next Monday' } },
		],
		'a TSI of 21 characters': [
			'Invalid "Sender ID (TSI)": has 21 characters; at most 20 are allowed',
			{ options: { tsi: 'A'.repeat(21) } },
		],
		'a priority of 11': [notWhole('Priority', 11, 'from 0 to 10'), { options: { priority: 11 } }],
		'a retry count of 1.5': [
			notWhole('Retry Count', 1.5, 'from 0 or more'),
			{ options: { retryCount: 1.5 } },
		],
		'a retry interval of 0': [
			notWhole('Retry Interval (Minutes)', 0, 'from 1 or more'),
			{ options: { retryInterval: 0 } },
		],
		'a timeout of 50 ms': ['Timeout', { options: { timeout: 50 } }],
		'a notification address without @': [
			'Invalid "Notification Email": "ops" is not an e-mail address; use name@example.com',
			{ options: { notifyEmailAddress: 'ops' } },
		],
		'a cover field number with path characters': [
			'Cover Page Custom Fields: Field Number of field 1',
			{ options: { coverFields: { field: [{ number: '../310', value: 'x' }] } } },
		],
		'a Recovery Key in Batch Fields that is not a boolean': [
			/^Invalid "Recovery Key in Batch Fields": "off" is not allowed; use true or false/,
			{ options: { recoveryKey: '={{ "off" }}' } },
		],
	}),
	...badInputs('send', ['outboundFax', 'send'], {
		'a missing binary field': [
			'Input Binary Field(s)',
			{ faxNumbers: '12125550000', content: 'binary', binaryPropertyName: 'data' },
			() => [{ json: {} }],
		],
	}),
	// Fax ids of every single-fax operation, both directions
	...ID_CASES.flatMap((faxId, index) => [
		...badInputs(`outbound ${SINGLE_FAX[index]}`, ['outboundFax', SINGLE_FAX[index]], {
			[`Fax ID ${faxId}`]: [notAnId('Fax ID', faxId), { faxId }],
		}),
		...badInputs(`inbound ${INBOUND_FAX[index]}`, ['inboundFax', INBOUND_FAX[index]], {
			[`Fax ID ${faxId}`]: [notAnId('Fax ID', faxId), { faxId }],
		}),
	]),
	...badInputs('outbound unmark', ['outboundFax', 'unmark'], {
		'Fax ID from an expression that is empty': ['Fax ID', { faxId: '={{ $json.missing ?? "" }}' }],
	}),
	...badInputs('inbound update', ['inboundFax', 'update'], {
		'Fax ID %2F': ['Fax ID', { faxId: '%2F', updateFields: { mark: true } }],
		'nothing to change': [
			'Invalid "Update Fields": add at least one field to change: Marked, Project Code or Project Code 2',
			{ faxId: '5', updateFields: {} },
		],
	}),
	...badInputs('resend', ['outboundFax', 'resend'], {
		'a new number that is not one': [
			notAFaxNumber('New Fax Number', '555-0100'),
			{ faxId: '5', faxNumber: '555-0100' },
		],
	}),
	...badInputs('outbound download', ['outboundFax', 'download'], {
		'an unknown file format': ['File Format', { faxId: '5', format: 'png' }],
	}),
	...badInputs('inbound download', ['inboundFax', 'download'], {
		'an empty output field': ['Put Output File in Field', { faxId: '5', binaryPropertyName: ' ' }],
	}),
	...badInputs('outbound get many', ['outboundFax', 'getAll'], {
		'an hour 25': ['Updated After', { filters: { datetimeAfter: '2026-01-05T25:00Z' } }],
		'limit 0': ['Limit', { returnAll: false, limit: 0 }],
		'an unknown status': ['Status', { filters: { faxStatus: 'delivered' } }],
	}),
	...badInputs('inbound get many', ['inboundFax', 'getAll'], {
		'month 13': ['Received Before', { filters: { datetimeBefore: '2026-13-01T00:00Z' } }],
		'all users and one user': [
			'Invalid "Fax User ID": cannot be combined with All Users; remove one of the two filters',
			{ filters: { allUsers: true, faxUserId: 'bob@acme' } },
		],
		'an unknown sort column': ['Sort By', { options: { sortColumn: 'name' } }],
	}),
	...badInputs('mail merge create', ['mailMergeJob', 'create', CREATE_JOB], {
		'a template that is not a PDF': [
			'Invalid "Template Binary Field": the file "form.txt" is not a PDF (text/plain)',
			{},
			mailMergeItem({
				csv: csv(GOOD_CSV),
				data: { data: 'FaxNumber', mimeType: 'text/plain', fileName: 'form.txt' },
			}),
		],
		'a CSV without the fax number column, with how to fix it': [
			'Invalid "Fax Number Column": the CSV has no column "FaxNumber"; its columns are "Fax", "Name"',
			{},
			mailMergeItem({ csv: csv('Fax,Name\n12125550000,Jane\n'), data: pdf(templatePdf) }),
			'Enter a column heading exactly as it appears in the first line of the CSV (case matters).',
		],
		'no fax number column named': [
			'Invalid "Fax Number Column": enter the heading of the CSV column that holds the fax numbers',
			{ faxNumberColumn: ' ' },
			GOOD_JOB,
		],
		'a CSV that is not UTF-8': [
			'Invalid "CSV Binary Field": the file "list.csv" is not UTF-8 text',
			{},
			mailMergeItem({
				csv: csv(Buffer.from('FaxNumber,Name\n12125550000,J\xfcrgen\n', 'latin1')),
				data: pdf(templatePdf),
			}),
		],
		'a missing CSV': [
			'Invalid "CSV Binary Field": item 0 has no binary field "csv"',
			{},
			mailMergeItem({ data: pdf(templatePdf) }),
		],
		'Expected Faxes not matching the lines': [
			'Invalid "Expected Faxes": 3 does not match the 1 data lines of the CSV',
			{ options: { expectedFaxes: 3 } },
			GOOD_JOB,
		],
		'a cover page message of 13 lines': [
			'Invalid "Cover Page Message": has 13 lines; at most 12 lines are allowed',
			{ coverPage: 'default', coverPageMessage: THIRTEEN_LINES },
			GOOD_JOB,
		],
		'a named cover page whose name expression is blank': [
			'Cover Page Template',
			{ coverPage: 'named', coverPageName: '={{ "  " }}' },
			GOOD_JOB,
		],
		'Send After without a time': [
			`Invalid "Send After": "2026-01-05" is not a date and time; ${DATE_FORMS}`,
			{ options: { sendAfter: '2026-01-05' } },
			GOOD_JOB,
		],
	}),
	...badInputs('mail merge get', ['mailMergeJob', 'get'], {
		'Job ID %2F': [notAnId('Job ID', '%2F'), { jobId: '%2F' }],
	}),
	...badInputs('mail merge get faxes', ['mailMergeJob', 'getFaxes'], {
		'Job ID ../2': [notAnId('Job ID', '../2'), { jobId: '../2' }],
	}),
	...badInputs('mail merge get many', ['mailMergeJob', 'getAll'], {
		'limit -1': [notWhole('Limit', -1, 'from 1 or more'), { returnAll: false, limit: -1 }],
	}),
	...badInputs('non-toll-free', ['numberRequest', 'nonTollFree', NON_TOLL_FREE], {
		'an unknown region': ['Region', { region: 'Atlantis' }],
		'a city with path characters': ['City', { city: '../New York' }],
		'an area code of another region': ['Area Codes', { areaCodes: ['415'] }],
		'an unknown country': [notUsOrCa('MX'), { country: 'MX' }],
		'no notify address': [
			'Invalid "Notification Email": enter at least one e-mail address, e.g. it@example.com',
			{ notifyEmails: ' ' },
		],
	}),
	...badInputs('toll-free', ['numberRequest', 'tollFree'], {
		'a notify address that is not one': [
			'Notification Email',
			{ notifyEmails: 'it@acme.example, fax admin' },
		],
		'an additional field replacing notify_email': [
			'Invalid "Additional Fields": "notify_email" is set with Notification Email; remove it here',
			{
				notifyEmails: 'it@acme.example',
				additionalFields: { field: [{ name: 'notify_email', value: 'x@y.z' }] },
			},
		],
	}),
	...badInputs('port-in', ['numberRequest', 'portIn', PORT_IN], {
		'a number that is not a US or Canadian number': [
			'Invalid "Number to Port": "+442071234567" is not a US or Canadian number; use 10 digits with or without a leading 1, e.g. 12125550100',
			{ numberToPort: '+442071234567' },
			PDF_BILL,
		],
		'a toll-free number without Toll-Free Number': [
			'Invalid "Toll-Free Number": 800 is a toll-free prefix: turn Toll-Free Number on to port this number',
			{ numberToPort: '18005550100' },
			PDF_BILL,
		],
		'a missing letter of authorization': [
			'LOA Binary Field',
			{},
			() => [binaryItem({ bill: pdf(letterPdf, 'bill.pdf') })],
		],
		'a bill that is not a PDF': [
			'Bill Binary Field',
			{},
			portInItem({ data: 'PNG', mimeType: 'image/png', fileName: 'bill.png' }),
		],
	}),
	...badInputs('get regions', ['numberLookup', 'getRegions'], {
		'an unknown country': [notUsOrCa('XX'), { country: 'XX' }],
	}),
	...badInputs('get cities', ['numberLookup', 'getCities'], {
		'an unknown region': ['Region', { country: 'CA', region: 'Texas' }],
		'limit 0': ['Limit', { country: 'US', region: 'NY', returnAll: false, limit: 0 }],
	}),
	...badInputs('get area codes', ['numberLookup', 'getAreaCodes'], {
		'a region expression that is blank': ['Region', { country: 'US', region: '={{ " " }}' }],
	}),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let watch: SecretWatch;
let tried = 0;

/** One run of an operation as alice. */
const run = (
	resource: string,
	operation: string,
	parameters: IDataObject,
	items?: INodeExecutionData[],
) => runFaxCloudNode(emulator(), { resource, operation, ...parameters }, { items });

beforeAll(async () => {
	watch = SecretWatch.forCredentials(credentialsFor(emulator(), 'alice'));
	// The lists a user's dropdowns loaded while picking a region, a city and area codes.
	for (const [operation, parameters] of [
		['getRegions', { country: 'US' }],
		['getRegions', { country: 'CA' }],
		['getCities', { country: 'US', region: 'NY' }],
		['getAreaCodes', { country: 'US', region: 'NY' }],
	] as const) {
		const result = await run('numberLookup', operation, { ...parameters, returnAll: true });
		expect(result.error).toBeUndefined();
	}
	watch.startCapture();
});

afterAll(() => {
	const logLines = watch.stopCapture();
	recordCounts('bad-input', { badInputs: tried, secretsChecked: watch.checks, logLines });
});

test('the table covers every operation of the node with at least 40 bad inputs', () => {
	const operations = new Set(CASES.map((entry) => `${entry.resource}:${entry.operation}`));
	const all = faxCloudNode.description.properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			(property.options as Array<{ value: string }>).map(
				(option) => `${String(property.displayOptions?.show?.resource?.[0])}:${option.value}`,
			),
		);
	expect(all.length).toBeGreaterThanOrEqual(24);
	expect(all.filter((operation) => !operations.has(operation))).toEqual([]);
	expect(CASES.length).toBeGreaterThanOrEqual(40);
});

test.each(CASES.map((entry) => [entry.case, entry] as const))('%s', async (_name, entry) => {
	tried++;
	const result = await run(entry.resource, entry.operation, entry.parameters, entry.items?.());
	expect(result.error?.name).toBe('NodeOperationError');
	const { expected } = entry;
	if (typeof expected !== 'string') expect(result.error?.message).toMatch(expected);
	else if (expected.startsWith('Invalid "')) expect(result.error?.message).toBe(expected);
	else expect(result.error?.message).toMatch(new RegExp(`^Invalid "${escape(expected)}": `));
	if (entry.description) expect(result.error?.description).toBe(entry.description);
	expect(emulator().control.requests()).toEqual([]);
	watch.expectRunClean(entry.case, result);
});

test('with the lists not cached yet, a refused region or city costs only the list lookups', async () => {
	clearNumbersCache();
	for (const [parameters, message] of [
		[
			{ ...NON_TOLL_FREE, region: 'Atlantis' },
			'Invalid "Region": "Atlantis" is not a region of US; use one of AL, AK, AZ, AR, CA, CO, CT, DE, DC, FL, GA, HI, …',
		],
		[
			{ ...NON_TOLL_FREE, city: '../New York' },
			'Invalid "City": "../New York" is not a city of NY, US in the provider\'s list',
		],
	] as const) {
		tried++;
		const result = await run('numberRequest', 'nonTollFree', parameters);
		expect(result.error?.message).toBe(message);
		watch.expectRunClean(message, result);
	}
	expect(
		emulator()
			.control.requests()
			.map((request) => `${request.method} ${request.path}`),
	).toEqual(['GET /api/numbers/regions/US', 'GET /api/numbers/cities/US/NY']);
});
