import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { FaultSpec } from '../../../../emulator/faults';
import { clearNumbersCache } from '../../../../nodes/shared/numbersCache';
import { SEED_TOKENS } from '../../../harness/jest/emulator';
import { madeOnce } from '../../../harness/jest/madeOnce';
import { textPdf } from '../../../harness/textPdf';
import {
	errorText,
	faxCloudNode,
	itemWithPdfs,
	type RunOptions,
	useNumbersSuite,
} from './numbersHelpers';
import { calledByParent, fieldOf, hintsOf, pairedOutcomes, succeeded } from '../faxCloudExpect';

const { emulator, fileNumberRequest, requests, refused } = useNumbersSuite();
beforeEach(() => clearNumbersCache());

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
		expect(result.items[0].json).toMatchObject({ type: 'port_in', files: [loaFile, billFile] });
	});

	/** The JSON of the data field of the first port-in request filed. */
	const portInData = () => JSON.parse(String(requests('POST')[0].params.data));

	test('without options the fields the port-in payload shows as "may be empty" go out empty; no comment', async () => {
		await portIn().then(succeeded);
		expect(portInData()).toEqual({
			country_code: 'US',
			department_name: '',
			assign_to_user: '',
			notify_email: ['it@acme.example'],
			number_to_port: '12125550100',
			toll_free: false,
		});
	});

	test('Port In files a Bay Area number (650)', async () => {
		await portIn({ numberToPort: '(650) 555-1234' }).then(succeeded);
		expect(portInData()).toMatchObject({ number_to_port: '16505551234', toll_free: false });
	});

	test('a toll-free number is ported with the flag on', async () => {
		await portIn({ numberToPort: '+1 800 555 0199', tollFree: true }).then(succeeded);
		expect(portInData()).toMatchObject({ number_to_port: '18005550199', toll_free: true });
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

	// 800 is in the fault suite's table (test/faults/bad-input.test.ts).
	test.each(['833', '844', '855', '866', '877', '888'])(
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

const PATH = '/api/numbers/add-new-number-request/non-toll-free';

/** A non-toll-free request for a number in New York, with what the test adds. */
const nonTollFree = (parameters: IDataObject = {}, options: RunOptions = {}) =>
	fileNumberRequest('nonTollFree', { country: 'US', region: 'NY', ...parameters }, options);

test('a non-toll-free request sends the JSON fields as the description names them', async () => {
	const result = await nonTollFree({
		city: 'New York',
		areaCodes: ['212', '646'],
		notifyEmails: 'it@acme.example, ops@acme.example',
		assignToUser: 'alice@acme',
		options: {
			comment: 'Second line for billing',
			departmentName: 'Billing',
			forwardFrom: '12125550100',
		},
	}).then(succeeded);

	const payload = {
		country_code: 'US',
		department_name: 'Billing',
		assign_to_user: 'alice@acme',
		notify_email: ['it@acme.example', 'ops@acme.example'],
		comment: 'Second line for billing',
		forward_from: '12125550100',
		region: 'NY',
		city: 'New York',
		area_code: ['212', '646'],
	};
	const posts = requests('POST');
	expect(posts.map((r) => [r.path, r.status, r.auth.userId])).toEqual([[PATH, 201, 'admin@acme']]);
	expect(posts[0].params).toEqual(payload);
	const [ticket] = emulator().control.numberRequests();
	expect(ticket).toMatchObject({ type: 'non_toll_free', request: payload });
	expect(result.items).toEqual([
		{
			json: expect.objectContaining({
				id: ticket.id,
				type: 'non_toll_free',
				status: 'submitted',
				warnings: [],
			}),
			pairedItem: { item: 0 },
		},
	]);
});

test('only the region: empty department, user and forward number, no city, no area code', async () => {
	await nonTollFree().then(succeeded);
	expect(requests('POST')[0].params).toEqual({
		country_code: 'US',
		department_name: '',
		assign_to_user: '',
		notify_email: ['it@acme.example'],
		forward_from: '',
		region: 'NY',
		area_code: [],
	});
});

test('region, city and area codes typed by hand are matched to the provider’s spelling', async () => {
	const typedByHand = { country: 'CA', region: 'quebec', city: 'montreal', areaCodes: '514, 438' };
	await nonTollFree(typedByHand).then(succeeded);
	expect(requests('POST')[0].params).toMatchObject({
		country_code: 'CA',
		region: 'QC',
		city: 'Montréal',
		area_code: ['514', '438'],
	});
});

test('a user who does not exist yet: the provider’s warning reaches the output', async () => {
	const result = await nonTollFree({ assignToUser: 'newhire@acme' });
	expect(result.items[0].json.warnings).toEqual([
		'User newhire@acme does not exist yet; faxes received on the new number go to the default user until it is created',
	]);
});

describe('bad input is refused before the request is filed', () => {
	test.each(
		Object.entries<[IDataObject, string]>({
			'a notify address that is not one': [
				{ notifyEmails: 'it@acme.example, ops at acme' },
				'Invalid "Notification Email": "ops" is not an e-mail address; use name@example.com',
			],
			'a region expression that gives nothing': [
				{ region: '={{ "" }}' },
				'Invalid "Region": choose a region (state or province) of US',
			],
		}),
	)('%s (no request at all)', async (_name, [parameters, message]) => {
		refused(await nonTollFree(parameters), message);
	});

	test.each(
		Object.entries<[IDataObject, string]>({
			'a region of the other country': [
				{ country: 'CA', region: 'NY' },
				'Invalid "Region": "NY" is not a region of CA; use one of AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK',
			],
			'a city outside the region': [
				{ city: 'Chicago' },
				'Invalid "City": "Chicago" is not a city of NY, US in the provider\'s list',
			],
			'an area code of another region': [
				{ areaCodes: ['212', '312'] },
				'Invalid "Area Codes": 312 is not an area code of NY; the region has',
			],
		}),
	)('%s (lookups only, nothing filed)', async (_name, [parameters, message]) => {
		const result = await nonTollFree(parameters);
		expect(result.error?.message.startsWith(message)).toBe(true);
		expect(requests('POST')).toHaveLength(0);
		expect(requests('GET').length).toBeGreaterThan(0);
	});
});

test('a number request with a token of a user who may not manage numbers: access denied, no token in the error', async () => {
	const result = await nonTollFree({}, { token: SEED_TOKENS.acmeNotAdmin, continueOnFail: true });
	expect(result.items[0].json).toMatchObject({ httpCode: '403' });
	expect(String(result.items[0].json.error)).toMatch(/^Access denied \(HTTP 403\)/);
	expect(JSON.stringify(result.items)).not.toContain(SEED_TOKENS.acmeNotAdmin);
	expect(requests('POST')).toHaveLength(0);
});

test('a wrong token: authorization failed, pointing at the access token, no token in the error', async () => {
	const result = await nonTollFree({}, { token: 'not-a-token' });
	expect(result.error?.message).toMatch(/^Authorization failed \(HTTP 401\)/);
	expect(result.error?.description).toMatch(/Access Token of the Fax Cloud Numbers API credential/);
	expect(errorText(result.error)).not.toContain('not-a-token');
});

describe('several items', () => {
	const items = ['it@acme.example', 'not-an-address', 'ops@acme.example'].map((email) => ({
		json: { email },
	}));
	const emailOfItem = { notifyEmails: '={{ $json.email }}' };

	test('a bad later item stops the node before the first request is filed', async () => {
		const result = await nonTollFree(emailOfItem, { items });
		expect(result.error?.message).toBe(
			'Invalid "Notification Email": "not-an-address" is not an e-mail address; use name@example.com',
		);
		expect(result.error?.context.itemIndex).toBe(1);
		expect(requests('POST')).toHaveLength(0);
	});

	test('with Continue On Fail the good items are filed and the bad one is an error item', async () => {
		const result = await nonTollFree(emailOfItem, { items, continueOnFail: true });
		expect(pairedOutcomes(result, 'type')).toEqual([
			[{ item: 0 }, 'non_toll_free'],
			[{ item: 1 }, expect.stringMatching(/^Invalid "Notification Email"/)],
			[{ item: 2 }, 'non_toll_free'],
		]);
		expect(requests('POST').map((r) => r.params.notify_email)).toEqual([
			['it@acme.example'],
			['ops@acme.example'],
		]);
	});
});

test('an address given twice in Notification Email is sent once', async () => {
	await nonTollFree({ notifyEmails: 'it@acme.example; it@acme.example' }).then(succeeded);
	expect(requests('POST')[0].params.notify_email).toEqual(['it@acme.example']);
});

/**
 * Number requests in n8n's Retry and in Retry On Fail: a request is a ticket the service does not
 * list, so the run notes what each item filed; a Retry outputs those as found and files the rest,
 * and one whose answer never came stops rather than open a second ticket.
 */

const WHO = ['Ann', 'Ben', 'Cid'];
const itemsOf = (who = WHO) => who.map((name) => ({ json: { name } }));
const fileFor = (options: RunOptions) =>
	fileNumberRequest('tollFree', { options: { comment: '={{ $json.name }}' } }, options);
/** Per item, the tickets the service opened (its comment tells whose). */
const ticketsPer = (who = WHO) => {
	const comments = emulator()
		.control.numberRequests()
		.map(({ request }) => request.comment);
	return who.map((name) => comments.filter((comment) => comment === name).length);
};

test.each([
	['Retry', {}],
	['Retry On Fail', { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 }],
])('%s outputs the requests filed as found and files only the rest', async (path, settings) => {
	// The third request to arrive is refused (429, too many requests): no ticket is opened for it.
	const third = { count: 1, after: 2, kind: 'http500', status: 429 } as const;
	emulator().control.addFault({ api: 'numbers', method: 'POST', ...third });
	let result = await fileFor({ items: itemsOf(), settings });
	if (path === 'Retry') {
		expect(result.error?.message).toMatch(/HTTP 429/);
		result = await fileFor({ items: itemsOf(), retryOf: result.run });
	}

	expect(fieldOf(succeeded(result), 'sendOnce').sort()).toEqual(['found', 'found', 'sent']);
	expect(ticketsPer()).toEqual([1, 1, 1]);
});

test.each<[string, Pick<FaultSpec, 'kind' | 'status'>, number]>([
	['a request whose answer was lost', { kind: 'resetAfterProcessing' }, 1],
	['a request answered 503 (a gateway may have passed it on)', { kind: 'http500', status: 503 }, 0],
])('%s: the Retry stops, no second ticket', async (_what, fault, tickets) => {
	emulator().control.addFault({ api: 'numbers', method: 'POST', count: 1, ...fault });
	const first = await fileFor({ items: itemsOf(['Ann']) });
	expect(first.error).toBeDefined();

	const retry = await fileFor({ items: itemsOf(['Ann']), retryOf: first.run });

	expect(retry.error?.message).toBe(
		'This Retry cannot tell whether the number request of item 1 was filed',
	);
	expect(retry.error?.description).toMatch(/^Nothing was filed/);
	expect(ticketsPer(['Ann'])).toEqual([tickets]);
});

test('a number request in a sub-workflow warns that a Retry of the parent files it again', async () => {
	const own = await fileFor({ items: itemsOf(['Ann']) }).then(succeeded);
	const called = await fileFor({ items: itemsOf(['Ben']), ...calledByParent }).then(succeeded);

	expect(hintsOf(own)).toEqual([]);
	expect(hintsOf(called)).toEqual([
		expect.stringMatching(
			/^This number request runs in a sub-workflow, .* File number requests in the parent workflow/,
		),
	]);
	expect(ticketsPer(['Ann', 'Ben'])).toEqual([1, 1]);
});

test('a Retry of an execution n8n kept nothing of files nothing: it cannot tell what was filed', async () => {
	const retry = await fileFor({ items: itemsOf(['Ann']), mode: 'retry' });

	expect(retry.error?.message).toBe(
		'This Retry cannot tell which number requests the execution it repeats filed',
	);
	expect(ticketsPer(['Ann'])).toEqual([0]);
});
