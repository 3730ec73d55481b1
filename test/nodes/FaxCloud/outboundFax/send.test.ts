import type { IDataObject, IExecuteFunctions, INodeType } from 'n8n-workflow';

import { credentialsFor, loginCredentials } from '../../../harness/jest/emulator';
import { SecretWatch } from '../../../harness/jest/fault-helpers';
import { runNode } from '../../../harness/jest/run-node';
import { numberedPdf } from '../../../harness/textPdf';
import { faxCloudNode, itemWithFiles, useFaxSuite } from './faxHelpers';
import {
	fieldOf,
	jsonOf,
	pairedOutcomes,
	refusedByService,
	succeeded,
	unauthorizedHidingSecret,
} from '../faxCloudExpect';

const { emulator, run, requests, sendText, refused } = useFaxSuite();

const send = (parameters: IDataObject, options = {}) => run('send', parameters, options);
/** An item with a small text file in the binary field `data`, and the JSON given. */
const withTextFile = (fileName: string, json: IDataObject = {}) =>
	itemWithFiles({ data: { data: fileName, mimeType: 'text/plain', fileName } }, json);
/** A PDF file for a binary field. */
const asPdf = (data: Buffer, fileName: string) => ({ data, mimeType: 'application/pdf', fileName });

describe('Outbound Fax: Send', () => {
	test('one multipart request per item, one output item per created fax, sharing the GroupId', async () => {
		const pdf = await numberedPdf(2);
		const result = await send(
			{
				faxNumbers: '1 (212) 555-0000, +44 20 7123 4567',
				recipientInput: 'fields',
				recipients: {
					recipient: [
						{
							faxNumber: '12125550010',
							name: 'Jane Doe',
							company: 'Acme',
							title: 'CFO',
							coverFax: '12125550010',
							coverVoice: '12125551234',
						},
						{ faxNumber: '12125550011', name: 'Joe' },
					],
				},
				binaryPropertyName: 'data',
			},
			{ items: [itemWithFiles({ data: asPdf(pdf, 'letter.pdf') })] },
		).then(succeeded);
		expect(jsonOf(result)).toEqual([
			{ FaxId: 1, FaxNumber: '12125550000', GroupId: 1 },
			{ FaxId: 2, FaxNumber: '+442071234567', GroupId: 1 },
			{ FaxId: 3, FaxNumber: '12125550010', GroupId: 1 },
			{ FaxId: 4, FaxNumber: '12125550011', GroupId: 1 },
		]);
		expect(result.items.map((item) => item.pairedItem)).toEqual(Array(4).fill({ item: 0 }));

		const seen = requests('POST');
		expect(seen).toHaveLength(1);
		expect(seen[0].path).toBe('/v1/outboundfaxes');
		expect(seen[0].params.FaxNumber).toEqual(['12125550000', '+442071234567']);
		expect(seen[0].params.FaxRecipient).toEqual([
			JSON.stringify({
				FaxNumber: '12125550010',
				RcptName: 'Jane Doe',
				RcptCompany: 'Acme',
				RcptTitle: 'CFO',
				RcptFax: '12125550010',
				RcptVoice: '12125551234',
			}),
			JSON.stringify({ FaxNumber: '12125550011', RcptName: 'Joe' }),
		]);
		expect(seen[0].files).toEqual([
			expect.objectContaining({
				filename: 'letter.pdf',
				contentType: 'application/pdf',
				size: pdf.length,
			}),
		]);
		const stored = emulator().control.outboundFax(3);
		expect(stored?.RcptInfo).toBe('12125550010:Jane Doe:Acme:CFO:12125550010:12125551234');
		expect(stored?.PagesTotal).toBe('2');
	});

	test('several binary fields become attachments in the order listed', async () => {
		const pdf = await numberedPdf(1);
		await send(
			{ faxNumbers: '12125550000', binaryPropertyName: 'cover, data' },
			{
				items: [
					itemWithFiles({
						data: asPdf(pdf, 'contract.pdf'),
						cover: { data: 'Please sign.\n', mimeType: 'text/plain', fileName: 'note.txt' },
					}),
				],
			},
		).then(succeeded);
		const [request] = requests('POST');
		expect(request.files.map((file) => [file.filename, file.contentType])).toEqual([
			['note.txt', 'text/plain'],
			['contract.pdf', 'application/pdf'],
		]);
	});

	test('text typed in the node goes out as a text/plain attachment with orientation and font', async () => {
		const result = await send({
			faxNumbers: '12125550000',
			content: 'text',
			text: 'Order 4711 confirmed.\nThank you.',
			options: { pageOrientation: 'landscape', text2tiffFontName: 'Courier' },
		}).then(succeeded);
		expect(result.items[0].json).toEqual({ FaxId: 1, FaxNumber: '12125550000', GroupId: 1 });
		const [request] = requests('POST');
		expect(request.files).toEqual([
			expect.objectContaining({
				filename: 'fax.txt',
				contentType: 'text/plain',
				size: Buffer.byteLength('Order 4711 confirmed.\nThank you.'),
			}),
		]);
		expect(request.params).toMatchObject({
			PageOrientation: 'landscape',
			Text2tiffFontName: 'Courier',
		});
	});

	// [option, its value, the parameter it is sent as (the value as text)]
	const OPTIONS: Array<[string, unknown, string]> = [
		['retryCount', 4, 'RetryCount'],
		['retryInterval', 15, 'RetryInterval'],
		['sendAfter', '2026-01-06T08:30:00Z', 'SendAfter'],
		['coverPageName', 'confidential', 'CoverPageName'],
		['coverMessage', 'Line one\nLine two', 'CoverMessage'],
		['coverFieldCc', 'Legal', 'CoverFieldCC'],
		['faxHeader', '%d %t %i Page %P of %p', 'FaxHeader'],
		['notifyEmailAddress', 'ops@acme.example', 'NotifyEmailAddress'],
		['notifySuccess', true, 'NotifySuccess'],
		['notifyFailed', true, 'NotifyFailed'],
		['notifyFailedAttachFax', false, 'NotifyFailedAttachFax'],
		['deleteAfterSend', false, 'DeleteAfterSend'],
		['faxDescription', 'Invoice 4711', 'FaxDescription'],
		['priority', 7, 'Priority'],
		['projectCode', 'ACC-1', 'ProjectCode'],
		['projectCode2', 'INV-4711', 'ProjectCode2'],
		['tsi', 'ACME BILLING', 'TSI'],
		['batchName', 'january-invoices', 'BatchName'],
		['batchUniqueId', 'batch-0001', 'BatchUniqueId'],
	];

	test('every option is sent under the parameter name of the description', async () => {
		const coverFields = {
			field: [
				{ number: '310', value: 'Case 77' },
				{ number: 'field-311', value: 'Urgent' },
			],
		};
		const options = Object.fromEntries(OPTIONS.map(([option, value]) => [option, value]));
		await sendText(
			{ text: 'Hello', options: { ...options, coverFields } },
			{ user: 'acmeAdmin' },
		).then(succeeded);
		expect(requests('POST')[0].params).toEqual({
			FaxNumber: '12125550000',
			CoverPageEnabled: 'true',
			CoverField_310: 'Case 77',
			CoverField_311: 'Urgent',
			FaxHeaderEnabled: 'true',
			...Object.fromEntries(OPTIONS.map(([, value, name]) => [name, String(value)])),
		});
		expect(emulator().control.outboundFax(1)).toMatchObject({
			CoverPageName: 'confidential',
			SendAfter: '2026-01-06T08:30:00Z',
			RetryCount: '4',
			ProjectCode2: 'INV-4711',
			BatchName: 'january-invoices',
		});
	});

	test('a proxy login sends as another user with Fax User ID', async () => {
		await sendText({ options: { faxUserId: 'bob@acme' } }, { user: 'acmeAdmin' }).then(succeeded);
		expect(requests('POST')[0].params.FaxUserId).toBe('bob@acme');
		expect(emulator().control.outboundFax(1)).toMatchObject({
			FaxUserId: 'bob@acme',
			ProxyFaxUserId: 'admin@acme',
		});
	});

	test('a cover page message alone turns the cover page on; Cover Page off keeps it off', async () => {
		await sendText({ options: { coverMessage: 'See attached' } });
		await sendText({ options: { coverPageEnabled: false, faxHeaderEnabled: false } });
		const [first, second] = requests('POST');
		expect(first.params).toMatchObject({ CoverPageEnabled: 'true', CoverMessage: 'See attached' });
		expect(second.params).toMatchObject({ CoverPageEnabled: 'false', FaxHeaderEnabled: 'false' });
		expect(second.params.CoverPageName).toBeUndefined();
	});

	const jane = { FaxNumber: '12125550000', RcptName: 'Jane', RcptCompany: 'Acme' };
	// [test, parameters, the input item's JSON, the FaxNumbers output, FaxNumber and FaxRecipient sent]
	test.each<[string, IDataObject, IDataObject, string[], unknown, string | undefined]>([
		[
			'recipients as a JSON array from an expression',
			{ faxNumbers: '', recipientInput: 'json', recipientsJson: '={{ $json.recipients }}' },
			{ recipients: [jane, '+442071234567'] },
			['+442071234567', '12125550000'],
			'+442071234567',
			JSON.stringify(jane),
		],
		[
			'Fax Numbers from an expression giving an array',
			{ faxNumbers: '={{ $json.numbers }}' },
			{ numbers: ['12125550000', 12125550001] },
			['12125550000', '12125550001'],
			['12125550000', '12125550001'],
			undefined,
		],
		[
			'a JSON string of recipients typed in the node',
			{
				faxNumbers: '',
				recipientInput: 'json',
				recipientsJson: '[{"FaxNumber": "12125550000", "RcptTitle": "Dr."}]',
			},
			{},
			['12125550000'],
			undefined,
			JSON.stringify({ FaxNumber: '12125550000', RcptTitle: 'Dr.' }),
		],
	])('%s', async (_name, parameters, json, output, faxNumber, recipient) => {
		const result = await sendText(parameters, { items: [{ json }] }).then(succeeded);
		expect(fieldOf(result, 'FaxNumber')).toEqual(output);
		const { params } = requests('POST')[0];
		expect([params.FaxNumber, params.FaxRecipient]).toEqual([faxNumber, recipient]);
	});

	describe('bad input is refused before any request, naming the parameter', () => {
		const cases: Record<string, [IDataObject, RegExp]> = {
			'an unknown recipient key': [
				{ recipientInput: 'json', recipientsJson: '[{"FaxNumber": "12125550000", "Name": "x"}]' },
				/"Recipients \(JSON\), element 1": has the unknown key "Name"/,
			],
			'empty text': [{ content: 'text', text: '  ' }, /"Text": enter the text to fax/],
			'a template with the cover page switched off': [
				{ options: { coverPageEnabled: false, coverPageName: 'confidential' } },
				/"Cover Page": is off while a Cover Page Template is set/,
			],
		};
		test.each(Object.entries(cases))('%s', async (_name, [parameters, message]) => {
			refused(await sendText(parameters), message);
		});
	});

	test('a missing binary field names the field and the item, and lists what the item has', async () => {
		const result = await send(
			{ faxNumbers: '12125550000', binaryPropertyName: 'data, invoice' },
			{ items: [withTextFile('a.txt'), withTextFile('b.txt')] },
		);
		refused(result, 'Invalid "Input Binary Field(s)": item 0 has no binary field "invoice"');
		expect(result.error?.description).toBe('The input item has these binary fields: data.');
	});

	test('no fax goes out when a later item is invalid, so a rerun sends nothing twice', async () => {
		const items = ['12125550000', '555'].map((number) => ({ json: { number } }));
		const result = await sendText({ faxNumbers: '={{ $json.number }}' }, { items });
		refused(result, /"Fax Numbers": "555" is not a fax number/);
	});

	test('Continue On Fail: the bad item becomes an error item, the others are sent, pairing kept', async () => {
		const result = await send(
			{ faxNumbers: '={{ $json.number }}', binaryPropertyName: 'data' },
			{
				continueOnFail: true,
				items: [
					withTextFile('a.txt', { number: '12125550000' }),
					{ json: { number: '12125550001' } },
					withTextFile('c.txt', { number: '12345' }),
					withTextFile('d.txt', { number: '12125550003' }),
				],
			},
		).then(succeeded);
		expect(pairedOutcomes(result, 'FaxNumber')).toEqual([
			[{ item: 0 }, '12125550000'],
			[{ item: 1 }, 'Invalid "Input Binary Field(s)": item 1 has no binary field "data"'],
			[{ item: 2 }, expect.stringMatching(/^Invalid "Fax Numbers": "12345" is not a fax number/)],
			[{ item: 3 }, '12125550003'],
		]);
		const seen = requests('POST');
		expect(seen.map((request) => request.params.FaxNumber)).toEqual(['12125550000', '12125550003']);
	});

	test('a trailing comma in Fax Numbers, as a list copied from a spreadsheet ends, adds no recipient', async () => {
		const result = await sendText({ faxNumbers: '12125550000, 12125550001,' }).then(succeeded);
		expect(fieldOf(result, 'FaxNumber')).toEqual(['12125550000', '12125550001']);
		expect(requests('POST')).toHaveLength(1);
	});

	test('a wrong password stops with the 401 and advice, without the secret; not ambiguous, so no lookup', async () => {
		const password = 'Wr0ng-Secret-Pa55';
		const result = await sendText({}, { password });
		unauthorizedHidingSecret(result, password);
		expect(result.error?.description).toMatch(/Check the User ID .* and Password/);
		SecretWatch.forCredentials(loginCredentials(emulator(), { password })).expectRunClean(
			'401',
			result,
		);
		expect(requests('POST')[0].status).toBe(401);
		expect(requests('GET')).toHaveLength(0);
	});

	test('a wrong password with Continue On Fail gives error items without the secret', async () => {
		const password = 'An0ther-Secret';
		const result = await sendText(
			{},
			{ password, continueOnFail: true, items: [{ json: {} }, { json: {} }] },
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		const json = { httpCode: '401', error: expect.stringMatching(/HTTP 401/) };
		expect(jsonOf(result)).toMatchObject([json, json]);
		expect(JSON.stringify(jsonOf(result))).not.toContain(password);
	});

	test('a proxy acting for an unknown user gets the service error', async () => {
		const result = await sendText({ options: { faxUserId: 'nobody@acme' } }, { user: 'acmeAdmin' });
		refusedByService(result, /HTTP 400.*StatusCode 40/);
	});

	/**
	 * The sends' answers are held until as many as the limit are held (at most 2 s each, for the
	 * last few): the node reaches its limit however slowly a loaded machine starts the sends, and
	 * one send past it would be held beside them.
	 */
	const holdSendsUntil = (releaseAtOnce: number) => {
		const hold = { kind: 'delay', delayMs: 2_000, releaseAtOnce } as const;
		emulator().control.addFault({ api: 'fax', method: 'POST', ...hold });
	};

	test('20 items with Requests at Once 5 keep input order and pairing, never more than 5 at once', async () => {
		holdSendsUntil(5);
		const items = Array.from({ length: 20 }, (_, index) => ({
			json: { number: `1212555${String(1000 + index).padStart(4, '0')}` },
		}));
		const result = await send(
			{
				faxNumbers: '={{ $json.number }}',
				content: 'text',
				text: '=Letter {{ $itemIndex }}',
				options: { requestsAtOnce: 5 },
			},
			{ items },
		).then(succeeded);
		expect(fieldOf(result, 'FaxNumber')).toEqual(items.map((item) => item.json.number));
		expect(result.items.map((item) => item.pairedItem)).toEqual(items.map((_, item) => ({ item })));
		expect(requests('POST')).toHaveLength(20);
		expect(emulator().control.stats().requestsAtOnce.fax.max).toBe(5);
	});

	test.each([
		[undefined, 5],
		[2, 2],
	])('with Requests at Once %p, at most %p sends run at once', async (requestsAtOnce, limit) => {
		holdSendsUntil(limit);
		const items = Array.from({ length: 12 }, () => ({ json: {} }));
		const result = await sendText(
			{ options: requestsAtOnce === undefined ? {} : { requestsAtOnce } },
			{ items },
		);
		expect(result.items).toHaveLength(12);
		expect(emulator().control.stats().requestsAtOnce.fax.max).toBe(limit);
	});
});

/**
 * The Fax Cloud node, with every getNodeParameter call of a run counted by parameter and item.
 * Reading a parameter resolves its expressions for the item, the node's main cost per item in a
 * bulk send besides the request itself.
 */
const countingParameterReads = (reads: Map<string, number>): INodeType => ({
	description: faxCloudNode.description,
	methods: faxCloudNode.methods,
	async execute(this: IExecuteFunctions) {
		const read = this.getNodeParameter.bind(this) as (...args: unknown[]) => unknown;
		this.getNodeParameter = ((name: string, itemIndex: number, ...rest: unknown[]) => {
			const key = `${name} of item ${itemIndex}`;
			reads.set(key, (reads.get(key) ?? 0) + 1);
			return read(name, itemIndex, ...rest);
		}) as IExecuteFunctions['getNodeParameter'];
		return await faxCloudNode.execute!.call(this);
	},
});

/** Sends 20 text faxes (`order` 0 to 19) to one number, counting the parameter reads of the run. */
async function sendTwentyTexts(options: Record<string, unknown>) {
	const reads = new Map<string, number>();
	await runNode({
		node: countingParameterReads(reads),
		parameters: {
			resource: 'outboundFax',
			operation: 'send',
			content: 'text',
			faxNumbers: '12125550000',
			text: '={{ "Order " + $json.order }}',
			options,
		},
		credentials: credentialsFor(emulator(), 'alice'),
		items: Array.from({ length: 20 }, (_, index) => ({ json: { order: index } })),
	}).then(succeeded);
	return reads;
}

test('a 20-item send reads and checks each item’s parameters once, before the first fax goes out', async () => {
	const reads = await sendTwentyTexts({
		faxDescription: '={{ "order " + $json.order }}',
		priority: 3,
	});

	expect(requests('POST')).toHaveLength(20);
	const item7 = requests('POST').find((request) => request.params.FaxDescription === 'order 7');
	expect(item7).toBeDefined();
	// Every item was read (its options included), and no parameter of any item twice.
	for (let item = 0; item < 20; item++) expect(reads.get(`options of item ${item}`)).toBe(1);
	expect([...reads].filter(([, count]) => count > 1)).toEqual([]);
});

test('parameters without expressions are asked of n8n once per run, not once per item', async () => {
	const reads = await sendTwentyTexts({ priority: 3, faxDescription: 'same for all' });

	const sent = requests('POST');
	expect(sent).toHaveLength(20);
	for (const request of sent) {
		expect(request.params).toMatchObject({
			FaxNumber: '12125550000',
			Priority: '3',
			FaxDescription: 'same for all',
		});
	}
	const readsOf = (name: string) =>
		[...reads].filter(([key]) => key.startsWith(`${name} of item `)).map(([key]) => key);
	expect(readsOf('faxNumbers')).toEqual(['faxNumbers of item 0']);
	expect(readsOf('options')).toEqual(['options of item 0']);
	// The text holds an expression: read for each item.
	expect(readsOf('text')).toHaveLength(20);
});
