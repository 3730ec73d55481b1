import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { FaxCloud } from '../../nodes/FaxCloud/FaxCloud.node';
import { clearNumbersCache } from '../../nodes/shared/numbersCache';
import { formPdf } from '../harness/formPdf';
import { credentialsFor, useEmulator } from '../harness/jest/emulator';
import { binaryItem, recordCounts, SecretWatch } from '../harness/jest/fault-helpers';
import { madeOnce } from '../harness/jest/madeOnce';
import { runNode } from '../harness/jest/run-node';
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
const node = new FaxCloud();

interface BadInput {
	/** What is wrong, as the test title. */
	case: string;
	resource: string;
	operation: string;
	parameters: IDataObject;
	items?: () => INodeExecutionData[];
	/** Display name the message must name. */
	parameter: string;
}

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
const NON_TOLL_FREE = {
	country: 'US',
	region: 'NY',
	notifyEmails: 'it@acme.example',
};
const PORT_IN = { country: 'US', numberToPort: '12125550100', notifyEmails: 'it@acme.example' };
const portInItem = (bill: { data: Buffer | string; mimeType: string; fileName: string }) => () => [
	binaryItem({ loa: pdf(letterPdf, 'loa.pdf'), bill }),
];

const ID_CASES = ['0', '-1', '1.5', '../2', '%2F'];

/** Bad inputs of one operation: [what is wrong, parameters over `base`, the name, the items]. */
type Row = [string, IDataObject, string, (() => INodeExecutionData[])?];
const badInputs = (
	label: string,
	[resource, operation]: [string, string],
	rows: Row[],
	base: IDataObject = {},
): BadInput[] =>
	rows.map(([name, parameters, parameter, items]) => ({
		case: `${label}: ${name}`,
		resource,
		operation,
		parameters: { ...base, ...parameters },
		parameter,
		items,
	}));

const GOOD_JOB = mailMergeItem({ csv: csv(GOOD_CSV), data: pdf(templatePdf) });
const PDF_BILL = portInItem({ data: 'x', mimeType: 'application/pdf', fileName: 'bill.pdf' });

const CASES: BadInput[] = [
	...badInputs(
		'send',
		['outboundFax', 'send'],
		[
			['a 10-digit number without the leading 1', { faxNumbers: '2125550100' }, 'Fax Numbers'],
			['a number too short', { faxNumbers: '12345' }, 'Fax Numbers'],
			['a number with path characters', { faxNumbers: '../12125550000' }, 'Fax Numbers'],
			['an empty recipient list', { faxNumbers: ' , ' }, 'Fax Numbers'],
			[
				'an empty JSON recipient list',
				{ faxNumbers: '', recipientInput: 'json', recipientsJson: '[]' },
				'Fax Numbers',
			],
			[
				'malformed JSON in the recipient objects',
				{ recipientInput: 'json', recipientsJson: '[{"FaxNumber": "12125550000",]' },
				'Recipients (JSON)',
			],
			[
				'a recipient object without FaxNumber',
				{ recipientInput: 'json', recipientsJson: '[{"RcptName": "Jane"}]' },
				'Recipients (JSON), element 1, FaxNumber',
			],
			[
				'a recipient object with a nested value',
				{ recipientInput: 'json', recipientsJson: '[{"FaxNumber": {"n": 1}}]' },
				'Recipients (JSON), element 1',
			],
			[
				'a recipient list entry that is not an object',
				{ recipientInput: 'json', recipientsJson: '[true]' },
				'Recipients (JSON), element 1',
			],
			[
				'a recipient row with a bad number',
				{ recipientInput: 'fields', recipients: { recipient: [{ faxNumber: '1.5' }] } },
				'Recipients: Fax Number of recipient 1',
			],
			[
				'a cover message of 13 lines',
				{ options: { coverMessage: Array(13).fill('line').join('\n') } },
				'Cover Page Message',
			],
			[
				'a cover message line of 129 characters',
				{ options: { coverMessage: `ok\n${'x'.repeat(129)}` } },
				'Cover Page Message',
			],
			['a date that does not exist', { options: { sendAfter: '2026-02-30T10:00Z' } }, 'Send After'],
			['a date in words', { options: { sendAfter: 'next Monday' } }, 'Send After'],
			['a TSI of 21 characters', { options: { tsi: 'A'.repeat(21) } }, 'Sender ID (TSI)'],
			['a priority of 11', { options: { priority: 11 } }, 'Priority'],
			['a retry count of 1.5', { options: { retryCount: 1.5 } }, 'Retry Count'],
			['a retry interval of 0', { options: { retryInterval: 0 } }, 'Retry Interval (Minutes)'],
			['a timeout of 50 ms', { options: { timeout: 50 } }, 'Timeout'],
			[
				'a notification address without @',
				{ options: { notifyEmailAddress: 'ops' } },
				'Notification Email',
			],
			[
				'a cover field number with path characters',
				{ options: { coverFields: { field: [{ number: '../310', value: 'x' }] } } },
				'Cover Page Custom Fields: Field Number of field 1',
			],
		],
		SEND,
	),
	...badInputs(
		'send',
		['outboundFax', 'send'],
		[
			[
				'a missing binary field',
				{ faxNumbers: '12125550000', content: 'binary', binaryPropertyName: 'data' },
				'Input Binary Field(s)',
				() => [{ json: {} }],
			],
		],
	),
	// Fax ids of every single-fax operation, both directions
	...ID_CASES.flatMap((faxId, index) => [
		...badInputs(
			`outbound ${['resend', 'get', 'download', 'delete', 'mark'][index]}`,
			['outboundFax', ['resend', 'get', 'download', 'delete', 'mark'][index]],
			[[`Fax ID ${faxId}`, { faxId }, 'Fax ID']],
		),
		...badInputs(
			`inbound ${['get', 'download', 'delete', 'mark', 'unmark'][index]}`,
			['inboundFax', ['get', 'download', 'delete', 'mark', 'unmark'][index]],
			[[`Fax ID ${faxId}`, { faxId }, 'Fax ID']],
		),
	]),
	...badInputs(
		'outbound unmark',
		['outboundFax', 'unmark'],
		[
			[
				'Fax ID from an expression that is empty',
				{ faxId: '={{ $json.missing ?? "" }}' },
				'Fax ID',
			],
		],
	),
	...badInputs(
		'inbound update',
		['inboundFax', 'update'],
		[
			['Fax ID %2F', { faxId: '%2F', updateFields: { mark: true } }, 'Fax ID'],
			['nothing to change', { faxId: '5', updateFields: {} }, 'Update Fields'],
		],
	),
	...badInputs(
		'resend',
		['outboundFax', 'resend'],
		[['a new number that is not one', { faxId: '5', faxNumber: '555-0100' }, 'New Fax Number']],
	),
	...badInputs(
		'outbound download',
		['outboundFax', 'download'],
		[['an unknown file format', { faxId: '5', format: 'png' }, 'File Format']],
	),
	...badInputs(
		'inbound download',
		['inboundFax', 'download'],
		[
			[
				'an empty output field',
				{ faxId: '5', binaryPropertyName: ' ' },
				'Put Output File in Field',
			],
		],
	),
	...badInputs(
		'outbound get many',
		['outboundFax', 'getAll'],
		[
			['an hour 25', { filters: { datetimeAfter: '2026-01-05T25:00Z' } }, 'Updated After'],
			['limit 0', { returnAll: false, limit: 0 }, 'Limit'],
			['an unknown status', { filters: { faxStatus: 'delivered' } }, 'Status'],
		],
	),
	...badInputs(
		'inbound get many',
		['inboundFax', 'getAll'],
		[
			['month 13', { filters: { datetimeBefore: '2026-13-01T00:00Z' } }, 'Received Before'],
			[
				'all users and one user',
				{ filters: { allUsers: true, faxUserId: 'bob@acme' } },
				'Fax User ID',
			],
			['an unknown sort column', { options: { sortColumn: 'name' } }, 'Sort By'],
		],
	),
	...badInputs(
		'mail merge create',
		['mailMergeJob', 'create'],
		[
			[
				'a template that is not a PDF',
				{},
				'Template Binary Field',
				mailMergeItem({
					csv: csv(GOOD_CSV),
					data: { data: 'FaxNumber', mimeType: 'text/plain', fileName: 'form.txt' },
				}),
			],
			[
				'a CSV without the fax number column',
				{},
				'Fax Number Column',
				mailMergeItem({ csv: csv('Fax,Name\n12125550000,Jane\n'), data: pdf(templatePdf) }),
			],
			['no fax number column named', { faxNumberColumn: ' ' }, 'Fax Number Column', GOOD_JOB],
			[
				'a CSV that is not UTF-8',
				{},
				'CSV Binary Field',
				mailMergeItem({
					csv: csv(Buffer.from('FaxNumber,Name\n12125550000,J\xfcrgen\n', 'latin1')),
					data: pdf(templatePdf),
				}),
			],
			['a missing CSV', {}, 'CSV Binary Field', mailMergeItem({ data: pdf(templatePdf) })],
			[
				'Expected Faxes not matching the lines',
				{ options: { expectedFaxes: 3 } },
				'Expected Faxes',
				GOOD_JOB,
			],
			[
				'a cover page message of 13 lines',
				{ coverPage: 'default', coverPageMessage: Array(13).fill('line').join('\n') },
				'Cover Page Message',
				GOOD_JOB,
			],
			[
				'a named cover page whose name expression is blank',
				{ coverPage: 'named', coverPageName: '={{ "  " }}' },
				'Cover Page Template',
				GOOD_JOB,
			],
			[
				'Send After without a time',
				{ options: { sendAfter: '2026-01-05' } },
				'Send After',
				GOOD_JOB,
			],
		],
		CREATE_JOB,
	),
	...badInputs(
		'mail merge get',
		['mailMergeJob', 'get'],
		[['Job ID %2F', { jobId: '%2F' }, 'Job ID']],
	),
	...badInputs(
		'mail merge get faxes',
		['mailMergeJob', 'getFaxes'],
		[['Job ID ../2', { jobId: '../2' }, 'Job ID']],
	),
	...badInputs(
		'mail merge get many',
		['mailMergeJob', 'getAll'],
		[['limit -1', { returnAll: false, limit: -1 }, 'Limit']],
	),
	...badInputs(
		'non-toll-free',
		['numberRequest', 'nonTollFree'],
		[
			['an unknown region', { region: 'Atlantis' }, 'Region'],
			['a city with path characters', { city: '../New York' }, 'City'],
			['an area code of another region', { areaCodes: ['415'] }, 'Area Codes'],
			['an unknown country', { country: 'MX' }, 'Country'],
			['no notify address', { notifyEmails: ' ' }, 'Notification Email'],
		],
		NON_TOLL_FREE,
	),
	...badInputs(
		'toll-free',
		['numberRequest', 'tollFree'],
		[
			[
				'a notify address that is not one',
				{ notifyEmails: 'it@acme.example, fax admin' },
				'Notification Email',
			],
			[
				'an additional field replacing notify_email',
				{
					notifyEmails: 'it@acme.example',
					additionalFields: { field: [{ name: 'notify_email', value: 'x@y.z' }] },
				},
				'Additional Fields',
			],
		],
	),
	...badInputs(
		'port-in',
		['numberRequest', 'portIn'],
		[
			[
				'a number that is not a US or Canadian number',
				{ numberToPort: '+442071234567' },
				'Number to Port',
				PDF_BILL,
			],
			[
				'a toll-free number without Toll-Free Number',
				{ numberToPort: '18005550100' },
				'Toll-Free Number',
				PDF_BILL,
			],
			[
				'a missing letter of authorization',
				{},
				'LOA Binary Field',
				() => [binaryItem({ bill: pdf(letterPdf, 'bill.pdf') })],
			],
			[
				'a bill that is not a PDF',
				{},
				'Bill Binary Field',
				portInItem({ data: 'PNG', mimeType: 'image/png', fileName: 'bill.png' }),
			],
		],
		PORT_IN,
	),
	...badInputs(
		'get regions',
		['numberLookup', 'getRegions'],
		[['an unknown country', { country: 'XX' }, 'Country']],
	),
	...badInputs(
		'get cities',
		['numberLookup', 'getCities'],
		[
			['an unknown region', { country: 'CA', region: 'Texas' }, 'Region'],
			['limit 0', { country: 'US', region: 'NY', returnAll: false, limit: 0 }, 'Limit'],
		],
	),
	...badInputs(
		'get area codes',
		['numberLookup', 'getAreaCodes'],
		[['a region expression that is blank', { country: 'US', region: '={{ " " }}' }, 'Region']],
	),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let watch: SecretWatch;
let tried = 0;

async function run(
	resource: string,
	operation: string,
	parameters: IDataObject,
	items?: INodeExecutionData[],
) {
	return await runNode({
		node,
		parameters: { resource, operation, ...parameters },
		credentials: credentialsFor(emulator(), 'alice'),
		items,
	});
}

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
	const all = node.description.properties
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
	expect(result.error?.message).toMatch(new RegExp(`^Invalid "${escape(entry.parameter)}": `));
	expect(emulator().control.requests()).toEqual([]);
	watch.expectRunClean(entry.case, result);
});

test('with the lists not cached yet, a refused region or city costs only the list lookups', async () => {
	clearNumbersCache();
	for (const [parameters, label] of [
		[{ ...NON_TOLL_FREE, region: 'Atlantis' }, 'Region'],
		[{ ...NON_TOLL_FREE, city: '../New York' }, 'City'],
	] as const) {
		tried++;
		const result = await run('numberRequest', 'nonTollFree', parameters);
		expect(result.error?.message).toMatch(new RegExp(`^Invalid "${label}": `));
		watch.expectRunClean(label, result);
	}
	expect(
		emulator()
			.control.requests()
			.map((request) => `${request.method} ${request.path}`),
	).toEqual(['GET /api/numbers/regions/US', 'GET /api/numbers/cities/US/NY']);
});
