import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { madeOnce } from '../../../harness/jest/madeOnce';
import { textPdf } from '../../../harness/textPdf';
import { faxCloudNode, itemWithPdfs, useNumbersSuite } from './numbersHelpers';
import { succeeded } from '../faxCloudExpect';

const { emulator, fileNumberRequest, requests, refused } = useNumbersSuite();

const tollFree = (parameters: IDataObject = {}) => fileNumberRequest('tollFree', parameters);

describe('toll-free request', () => {
	test('common fields and the additional fields go in one JSON body', async () => {
		const result = await tollFree({
			assignToUser: 'alice@acme',
			options: { comment: 'Vanity if possible', country: 'CA', departmentName: 'Support' },
			additionalFields: {
				field: [
					{ name: 'preferred_prefix', value: '888' },
					{ name: 'quantity', value: '={{ 2 }}' },
				],
			},
		}).then(succeeded);
		const payload = {
			preferred_prefix: '888',
			quantity: 2,
			department_name: 'Support',
			assign_to_user: 'alice@acme',
			notify_email: ['it@acme.example'],
			comment: 'Vanity if possible',
			country_code: 'CA',
		};
		expect(requests('POST')[0]).toMatchObject({
			path: '/api/numbers/add-new-number-request/toll-free',
			status: 201,
			params: payload,
		});
		expect(emulator().control.numberRequests()[0]).toMatchObject({
			type: 'toll_free',
			request: payload,
		});
		expect(result.items[0].json).toMatchObject({ type: 'toll_free', status: 'submitted' });
	});

	test.each<[string, IDataObject]>([
		[
			'without options only notify_email is sent: no empty department or user the payload does not show',
			{},
		],
		[
			'options added but left empty are not sent either',
			{ assignToUser: '  ', options: { comment: '', departmentName: ' ' } },
		],
	])('%s', async (_name, parameters) => {
		await tollFree(parameters).then(succeeded);
		expect(requests('POST')[0].params).toEqual({ notify_email: ['it@acme.example'] });
	});

	test.each<[string, IDataObject[], string]>([
		[
			'a field given twice',
			[
				{ name: 'quantity', value: '1' },
				{ name: 'quantity', value: '2' },
			],
			'Invalid "Additional Fields": "quantity" is given twice',
		],
		[
			'a field without a name',
			[{ name: ' ', value: '1' }],
			'Invalid "Additional Fields": every field needs a name',
		],
	])('%s is refused before any request', async (_name, field, message) => {
		refused(await tollFree({ additionalFields: { field } }), message);
	});
});

describe('port-in request', () => {
	const loa = madeOnce(() => textPdf(['Letter of authorization']));
	const bill = madeOnce(() => textPdf(['Phone bill']));

	const portItem = (): INodeExecutionData =>
		itemWithPdfs({
			loa: { data: loa(), fileName: 'signed-loa.pdf' },
			bill: { data: bill(), fileName: 'bill-2026-01.pdf' },
		});

	/** A port-in request of a New York number, the item carrying both PDFs unless items are given. */
	const portIn = (parameters: IDataObject = {}, items = [portItem()]) =>
		fileNumberRequest(
			'portIn',
			{ country: 'US', numberToPort: '(212) 555-0100', ...parameters },
			{ items },
		);

	test('multipart with the loaFile and billFile PDFs and the JSON in the data field', async () => {
		const result = await portIn({
			assignToUser: 'bob@acme',
			options: { comment: 'Main line', departmentName: 'Front desk' },
		}).then(succeeded);
		const [post] = requests('POST');
		expect(post).toMatchObject({ path: '/api/numbers/add-port-request', status: 201 });
		const loaFile = { field: 'loaFile', filename: 'signed-loa.pdf', size: loa().length };
		const billFile = { field: 'billFile', filename: 'bill-2026-01.pdf', size: bill().length };
		const pdf = { contentType: 'application/pdf' };
		expect(post.files).toEqual([
			{ ...loaFile, ...pdf },
			{ ...billFile, ...pdf },
		]);
		const data = {
			country_code: 'US',
			department_name: 'Front desk',
			assign_to_user: 'bob@acme',
			notify_email: ['it@acme.example'],
			comment: 'Main line',
			number_to_port: '12125550100',
			toll_free: false,
		};
		expect(JSON.parse(String(post.params.data))).toEqual(data);
		expect(emulator().control.numberRequests()[0]).toMatchObject({
			type: 'port_in',
			request: data,
		});
		expect(result.items[0].json).toMatchObject({
			type: 'port_in',
			files: [loaFile, billFile],
		});
	});

	test('without options the fields the port-in payload shows as "may be empty" go out empty; no comment', async () => {
		await portIn().then(succeeded);
		expect(JSON.parse(String(requests('POST')[0].params.data))).toEqual({
			country_code: 'US',
			department_name: '',
			assign_to_user: '',
			notify_email: ['it@acme.example'],
			number_to_port: '12125550100',
			toll_free: false,
		});
	});

	test('a toll-free number is ported with the flag on', async () => {
		await portIn({ numberToPort: '+1 800 555 0199', tollFree: true }).then(succeeded);
		expect(JSON.parse(String(requests('POST')[0].params.data))).toMatchObject({
			number_to_port: '18005550199',
			toll_free: true,
		});
	});

	test.each(
		Object.entries<[IDataObject, string, (() => INodeExecutionData)?]>({
			'a missing bill': [
				{},
				'Invalid "Bill Binary Field": item 0 has no binary field "bill"',
				() => itemWithPdfs({ loa: { data: loa() } }),
			],
			'an LOA that is not a PDF': [
				{},
				'Invalid "LOA Binary Field": the file "loa.jpg" is not a PDF (image/jpeg)',
				() =>
					itemWithPdfs({
						loa: { data: Buffer.from('scanned'), fileName: 'loa.jpg', mimeType: 'image/jpeg' },
						bill: { data: bill() },
					}),
			],
			'a notify address expression that gives nothing': [
				{ notifyEmails: '={{ $json.email }}' },
				'Invalid "Notification Email": enter at least one e-mail address, e.g. it@example.com',
			],
		}),
	)('%s is refused before any request', async (_name, [parameters, message, input = portItem]) => {
		refused(await portIn(parameters, [input()]), message);
	});

	test.each(['800', '833', '844', '855', '866', '877', '888'])(
		'a %s number without Toll-Free Number on is refused before any request, naming it',
		async (prefix) => {
			refused(
				await portIn({ numberToPort: `1${prefix}5550199` }),
				`Invalid "Toll-Free Number": ${prefix} is a toll-free prefix: turn Toll-Free Number on to port this number`,
			);
		},
	);

	test('PDFs without a file name reach the provider as loa.pdf and bill.pdf', async () => {
		const unnamed = itemWithPdfs({ loa: { data: loa() }, bill: { data: bill() } });
		await portIn({}, [unnamed]).then(succeeded);
		expect(requests('POST')[0].files?.map((file) => [file.field, file.filename])).toEqual([
			['loaFile', 'loa.pdf'],
			['billFile', 'bill.pdf'],
		]);
	});

	test('a number whose area code starts with 1 is refused before any request, naming it', async () => {
		refused(
			await portIn({ numberToPort: '(112) 555-0100' }),
			'Invalid "Number to Port": "(112) 555-0100" is not a US or Canadian number; use 10 digits with or without a leading 1, e.g. 12125550100',
		);
	});
});

test('the request operations tell users to create the receiving user first', () => {
	const notice = faxCloudNode.description.properties.find(
		(property) => property.name === 'createUserFirstNotice',
	);
	expect(notice).toMatchObject({ displayOptions: { show: { resource: ['numberRequest'] } } });
	expect(notice?.displayName).toMatch(
		/^Create the user who will receive the number before requesting it/,
	);
});
