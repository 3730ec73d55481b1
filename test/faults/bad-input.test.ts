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

const CASES: BadInput[] = [
	// Outbound Fax: Send
	...(
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
		] as Array<[string, IDataObject, string]>
	).map(([name, parameters, parameter]) => ({
		case: `send: ${name}`,
		resource: 'outboundFax',
		operation: 'send',
		parameters: { ...SEND, ...parameters },
		parameter,
	})),
	{
		case: 'send: a missing binary field',
		resource: 'outboundFax',
		operation: 'send',
		parameters: { faxNumbers: '12125550000', content: 'binary', binaryPropertyName: 'data' },
		items: () => [{ json: {} }],
		parameter: 'Input Binary Field(s)',
	},
	// Fax ids of every single-fax operation, both directions
	...ID_CASES.flatMap((faxId, index) => [
		{
			case: `outbound ${['resend', 'get', 'download', 'delete', 'mark'][index]}: Fax ID ${faxId}`,
			resource: 'outboundFax',
			operation: ['resend', 'get', 'download', 'delete', 'mark'][index],
			parameters: { faxId },
			parameter: 'Fax ID',
		},
		{
			case: `inbound ${['get', 'download', 'delete', 'mark', 'unmark'][index]}: Fax ID ${faxId}`,
			resource: 'inboundFax',
			operation: ['get', 'download', 'delete', 'mark', 'unmark'][index],
			parameters: { faxId },
			parameter: 'Fax ID',
		},
	]),
	{
		case: 'outbound unmark: Fax ID from an expression that is empty',
		resource: 'outboundFax',
		operation: 'unmark',
		parameters: { faxId: '={{ $json.missing ?? "" }}' },
		parameter: 'Fax ID',
	},
	{
		case: 'inbound update: Fax ID %2F',
		resource: 'inboundFax',
		operation: 'update',
		parameters: { faxId: '%2F', updateFields: { mark: true } },
		parameter: 'Fax ID',
	},
	{
		case: 'resend: a new number that is not one',
		resource: 'outboundFax',
		operation: 'resend',
		parameters: { faxId: '5', faxNumber: '555-0100' },
		parameter: 'New Fax Number',
	},
	{
		case: 'outbound download: an unknown file format',
		resource: 'outboundFax',
		operation: 'download',
		parameters: { faxId: '5', format: 'png' },
		parameter: 'File Format',
	},
	{
		case: 'inbound download: an empty output field',
		resource: 'inboundFax',
		operation: 'download',
		parameters: { faxId: '5', binaryPropertyName: ' ' },
		parameter: 'Put Output File in Field',
	},
	{
		case: 'inbound update: nothing to change',
		resource: 'inboundFax',
		operation: 'update',
		parameters: { faxId: '5', updateFields: {} },
		parameter: 'Update Fields',
	},
	{
		case: 'outbound get many: an hour 25',
		resource: 'outboundFax',
		operation: 'getAll',
		parameters: { filters: { datetimeAfter: '2026-01-05T25:00Z' } },
		parameter: 'Updated After',
	},
	{
		case: 'outbound get many: limit 0',
		resource: 'outboundFax',
		operation: 'getAll',
		parameters: { returnAll: false, limit: 0 },
		parameter: 'Limit',
	},
	{
		case: 'outbound get many: an unknown status',
		resource: 'outboundFax',
		operation: 'getAll',
		parameters: { filters: { faxStatus: 'delivered' } },
		parameter: 'Status',
	},
	{
		case: 'inbound get many: month 13',
		resource: 'inboundFax',
		operation: 'getAll',
		parameters: { filters: { datetimeBefore: '2026-13-01T00:00Z' } },
		parameter: 'Received Before',
	},
	{
		case: 'inbound get many: all users and one user',
		resource: 'inboundFax',
		operation: 'getAll',
		parameters: { filters: { allUsers: true, faxUserId: 'bob@acme' } },
		parameter: 'Fax User ID',
	},
	{
		case: 'inbound get many: an unknown sort column',
		resource: 'inboundFax',
		operation: 'getAll',
		parameters: { options: { sortColumn: 'name' } },
		parameter: 'Sort By',
	},
	// Mail merge
	{
		case: 'mail merge create: a template that is not a PDF',
		resource: 'mailMergeJob',
		operation: 'create',
		parameters: CREATE_JOB,
		items: mailMergeItem({
			csv: csv(GOOD_CSV),
			data: { data: 'FaxNumber', mimeType: 'text/plain', fileName: 'form.txt' },
		}),
		parameter: 'Template Binary Field',
	},
	{
		case: 'mail merge create: a CSV without the fax number column',
		resource: 'mailMergeJob',
		operation: 'create',
		parameters: CREATE_JOB,
		items: mailMergeItem({
			csv: csv('Fax,Name\n12125550000,Jane\n'),
			data: pdf(templatePdf),
		}),
		parameter: 'Fax Number Column',
	},
	{
		case: 'mail merge create: no fax number column named',
		resource: 'mailMergeJob',
		operation: 'create',
		parameters: { ...CREATE_JOB, faxNumberColumn: ' ' },
		items: mailMergeItem({ csv: csv(GOOD_CSV), data: pdf(templatePdf) }),
		parameter: 'Fax Number Column',
	},
	{
		case: 'mail merge create: a CSV that is not UTF-8',
		resource: 'mailMergeJob',
		operation: 'create',
		parameters: CREATE_JOB,
		items: mailMergeItem({
			csv: csv(Buffer.from('FaxNumber,Name\n12125550000,J\xfcrgen\n', 'latin1')),
			data: pdf(templatePdf),
		}),
		parameter: 'CSV Binary Field',
	},
	{
		case: 'mail merge create: a missing CSV',
		resource: 'mailMergeJob',
		operation: 'create',
		parameters: CREATE_JOB,
		items: mailMergeItem({ data: pdf(templatePdf) }),
		parameter: 'CSV Binary Field',
	},
	{
		case: 'mail merge create: Expected Faxes not matching the lines',
		resource: 'mailMergeJob',
		operation: 'create',
		parameters: { ...CREATE_JOB, options: { expectedFaxes: 3 } },
		items: mailMergeItem({ csv: csv(GOOD_CSV), data: pdf(templatePdf) }),
		parameter: 'Expected Faxes',
	},
	{
		case: 'mail merge create: a cover page message of 13 lines',
		resource: 'mailMergeJob',
		operation: 'create',
		parameters: {
			...CREATE_JOB,
			coverPage: 'default',
			coverPageMessage: Array(13).fill('line').join('\n'),
		},
		items: mailMergeItem({ csv: csv(GOOD_CSV), data: pdf(templatePdf) }),
		parameter: 'Cover Page Message',
	},
	{
		case: 'mail merge create: a named cover page whose name expression is blank',
		resource: 'mailMergeJob',
		operation: 'create',
		parameters: { ...CREATE_JOB, coverPage: 'named', coverPageName: '={{ "  " }}' },
		items: mailMergeItem({ csv: csv(GOOD_CSV), data: pdf(templatePdf) }),
		parameter: 'Cover Page Template',
	},
	{
		case: 'mail merge create: Send After without a time',
		resource: 'mailMergeJob',
		operation: 'create',
		parameters: { ...CREATE_JOB, options: { sendAfter: '2026-01-05' } },
		items: mailMergeItem({ csv: csv(GOOD_CSV), data: pdf(templatePdf) }),
		parameter: 'Send After',
	},
	{
		case: 'mail merge get: Job ID %2F',
		resource: 'mailMergeJob',
		operation: 'get',
		parameters: { jobId: '%2F' },
		parameter: 'Job ID',
	},
	{
		case: 'mail merge get faxes: Job ID ../2',
		resource: 'mailMergeJob',
		operation: 'getFaxes',
		parameters: { jobId: '../2' },
		parameter: 'Job ID',
	},
	{
		case: 'mail merge get many: limit -1',
		resource: 'mailMergeJob',
		operation: 'getAll',
		parameters: { returnAll: false, limit: -1 },
		parameter: 'Limit',
	},
	// Number requests
	{
		case: 'non-toll-free: an unknown region',
		resource: 'numberRequest',
		operation: 'nonTollFree',
		parameters: { ...NON_TOLL_FREE, region: 'Atlantis' },
		parameter: 'Region',
	},
	{
		case: 'non-toll-free: a city with path characters',
		resource: 'numberRequest',
		operation: 'nonTollFree',
		parameters: { ...NON_TOLL_FREE, city: '../New York' },
		parameter: 'City',
	},
	{
		case: 'non-toll-free: an area code of another region',
		resource: 'numberRequest',
		operation: 'nonTollFree',
		parameters: { ...NON_TOLL_FREE, areaCodes: ['415'] },
		parameter: 'Area Codes',
	},
	{
		case: 'non-toll-free: an unknown country',
		resource: 'numberRequest',
		operation: 'nonTollFree',
		parameters: { ...NON_TOLL_FREE, country: 'MX' },
		parameter: 'Country',
	},
	{
		case: 'non-toll-free: no notify address',
		resource: 'numberRequest',
		operation: 'nonTollFree',
		parameters: { ...NON_TOLL_FREE, notifyEmails: ' ' },
		parameter: 'Notification Email',
	},
	{
		case: 'toll-free: a notify address that is not one',
		resource: 'numberRequest',
		operation: 'tollFree',
		parameters: { notifyEmails: 'it@acme.example, fax admin' },
		parameter: 'Notification Email',
	},
	{
		case: 'toll-free: an additional field replacing notify_email',
		resource: 'numberRequest',
		operation: 'tollFree',
		parameters: {
			notifyEmails: 'it@acme.example',
			additionalFields: { field: [{ name: 'notify_email', value: 'x@y.z' }] },
		},
		parameter: 'Additional Fields',
	},
	{
		case: 'port-in: a number that is not a US or Canadian number',
		resource: 'numberRequest',
		operation: 'portIn',
		parameters: { ...PORT_IN, numberToPort: '+442071234567' },
		items: portInItem({ data: 'x', mimeType: 'application/pdf', fileName: 'bill.pdf' }),
		parameter: 'Number to Port',
	},
	{
		case: 'port-in: a toll-free number without Toll-Free Number',
		resource: 'numberRequest',
		operation: 'portIn',
		parameters: { ...PORT_IN, numberToPort: '18005550100' },
		items: portInItem({ data: 'x', mimeType: 'application/pdf', fileName: 'bill.pdf' }),
		parameter: 'Toll-Free Number',
	},
	{
		case: 'port-in: a missing letter of authorization',
		resource: 'numberRequest',
		operation: 'portIn',
		parameters: PORT_IN,
		items: () => [binaryItem({ bill: pdf(letterPdf, 'bill.pdf') })],
		parameter: 'LOA Binary Field',
	},
	{
		case: 'port-in: a bill that is not a PDF',
		resource: 'numberRequest',
		operation: 'portIn',
		parameters: PORT_IN,
		items: portInItem({ data: 'PNG', mimeType: 'image/png', fileName: 'bill.png' }),
		parameter: 'Bill Binary Field',
	},
	// Number lookups
	{
		case: 'get regions: an unknown country',
		resource: 'numberLookup',
		operation: 'getRegions',
		parameters: { country: 'XX' },
		parameter: 'Country',
	},
	{
		case: 'get cities: an unknown region',
		resource: 'numberLookup',
		operation: 'getCities',
		parameters: { country: 'CA', region: 'Texas' },
		parameter: 'Region',
	},
	{
		case: 'get area codes: a region expression that is blank',
		resource: 'numberLookup',
		operation: 'getAreaCodes',
		parameters: { country: 'US', region: '={{ " " }}' },
		parameter: 'Region',
	},
	{
		case: 'get cities: limit 0',
		resource: 'numberLookup',
		operation: 'getCities',
		parameters: { country: 'US', region: 'NY', returnAll: false, limit: 0 },
		parameter: 'Limit',
	},
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
