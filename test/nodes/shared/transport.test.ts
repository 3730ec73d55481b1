/** The shared transport (requests, answers, paging, downloads) against scripted servers. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { boundaryOf, parseMultipart } from '../../../emulator/http/multipart';
import type { FaxCloudRequest } from '../../../nodes/shared/transport/requestBuilding';
import { faxCloudDownload, faxCloudRequest } from '../../../nodes/shared/transport/exchanges';
import {
	faxCloudPages,
	faxCloudRequestAllItems,
	MAX_PAGES_WITHOUT_PROGRESS,
	type PagesOptions,
} from '../../../nodes/shared/transport/paging';
import { apiPath } from '../../../nodes/shared/transport/httpEncoding';
import { setPollDeadline } from '../../../nodes/shared/transport/pollDeadline';
import { downloadFaxImage } from '../../../nodes/shared/faxImage';
import {
	BASIC,
	callHelper,
	credentials,
	OK,
	PASSWORD,
	TOKEN,
} from '../../harness/jest/helper-call';
import {
	sendJson,
	useScriptedServers,
	type ReceivedRequest,
	type ScriptedAnswer,
} from '../../harness/jest/scripted-server';
import { waitUntil, watchFor } from '../../harness/waitUntil';

const server = useScriptedServers();

/** Pages 0..count-1 by GetNextResults, holding `pageRecords(page)`; `failPage` answers 400. */
const pagesOf =
	(
		count: number,
		pageRecords: (page: number) => IDataObject[],
		failPage?: number,
	): ScriptedAnswer =>
	(req, _n, res) => {
		const query = new URL(req.url, 'http://x').searchParams;
		const page = Number(query.get('GetNextResults')?.replace('ref-', '') ?? 0);
		const failed = { RequestStatus: { StatusCode: 400, StatusText: 'Bad paging key' } };
		if (page === failPage) return sendJson(res, 400, failed);
		const last = page === count - 1;
		sendJson(res, 200, {
			...OK,
			FaxInfo: pageRecords(page),
			HasMoreResults: last ? 'false' : 'true',
			...(last ? {} : { ResultsReference: `ref-${page + 1}` }),
		});
	};

/** Pages 0..2 of two sent faxes each, by GetNextResults; `failPage` answers 400 instead. */
const threePages = (failPage?: number) =>
	pagesOf(
		3,
		(page) => [1, 2].map((i) => ({ FaxId: String(page * 2 + i), FaxStatus: 'sent' })),
		failPage,
	);

/** The requests of the whole search of sent faxes, pages of 2. */
const THREE_PAGE_URLS = [
	'/v1/outboundfaxes?FaxStatus=sent&ResultLimit=2',
	'/v1/outboundfaxes?FaxStatus=sent&ResultLimit=2&GetNextResults=ref-1',
	'/v1/outboundfaxes?FaxStatus=sent&ResultLimit=2&GetNextResults=ref-2',
];

function request(overrides: Partial<FaxCloudRequest>): FaxCloudRequest {
	return { api: 'fax', method: 'GET', path: apiPath('outboundfaxes'), ...overrides };
}

/** One faxCloudRequest to the service at `url` (every interface there), as a node sends it. */
const requestOnce = (url: string, overrides: Partial<FaxCloudRequest>) =>
	callHelper(credentials(url), async function () {
		return await faxCloudRequest.call(this, request(overrides));
	});

function expectNoSecrets(text: string) {
	for (const secret of [PASSWORD, TOKEN, BASIC]) expect(text).not.toContain(secret);
}

/** Return All (or up to a Limit) of one search at `url`, as the nodes page it. */
const allItems = (url: string, overrides: Partial<FaxCloudRequest>, options = {}) =>
	callHelper(credentials(url), async function () {
		return await faxCloudRequestAllItems.call(this, request(overrides), options);
	});

const jsonServer = (status: number, body: unknown) =>
	server((_r, _n, res) => sendJson(res, status, body));

/** The error of one request to a server answering every request with `status` and JSON `body`. */
const errorOf = async (status: number, body: unknown, overrides: Partial<FaxCloudRequest>) =>
	(await requestOnce((await jsonServer(status, body)).url, overrides)).error;

/** A server answering every request with `status`, `headers` and `body`. */
const rawServer = (status: number, headers: Record<string, string>, body = '') =>
	server((_r, _n, res) => res.writeHead(status, headers).end(body));
const textServer = (status: number, type: string, body: string) =>
	rawServer(status, { 'Content-Type': type }, body);

const REFUSED_AT_PORT_9 =
	'Could not reach the Fax Cloud service at http://127.0.0.1:9/v1: connection refused';
const notJson = (type: string) =>
	`The service answered HTTP 200 with a body that is not valid JSON (${type})`;
const BAD_GATEWAY = '<html><body><h1>Bad Gateway</h1></body></html>';
const NUMBERS_US = { api: 'numbers', path: apiPath('api', 'numbers', 'regions', 'US') } as const;

const textPart = (field: string, text: string, fileName: string, mimeType = 'text/plain') => ({
	field,
	data: Buffer.from(text),
	fileName,
	mimeType,
});
/** The parts of a multipart request the server received, read by its own boundary. */
const partsOf = (received: ReceivedRequest) =>
	parseMultipart(received.body, boundaryOf(String(received.headers['content-type']))!);

const NUMBERS_POST = {
	api: 'numbers',
	method: 'POST',
	path: apiPath('api', 'numbers', 'x'),
	json: {},
} as const;
const MAIL_MERGE_POST = {
	api: 'mailMerge',
	method: 'POST',
	path: apiPath('Job'),
	form: {},
} as const;

test('Basic login goes to the fax and mail merge hosts only, the Bearer token to the numbers host only', async () => {
	const fax = await jsonServer(200, OK);
	const mailMerge = await jsonServer(200, OK);
	const numbers = await jsonServer(200, { regions: [] });
	const creds = credentials(fax.url, mailMerge.url, numbers.url);

	const { error } = await callHelper(creds, async function () {
		await faxCloudRequest.call(this, request({ api: 'fax' }));
		await faxCloudRequest.call(this, request({ api: 'mailMerge', path: apiPath('Job') }));
		await faxCloudRequest.call(this, request(NUMBERS_US));
	});

	expect(error).toBeUndefined();
	const logins = (host: typeof fax) => host.received.map((r) => [r.url, r.headers.authorization]);
	expect(logins(fax)).toEqual([['/v1/outboundfaxes', `Basic ${BASIC}`]]);
	expect(logins(mailMerge)).toEqual([['/mm/v1/Job', `Basic ${BASIC}`]]);
	expect(logins(numbers)).toEqual([['/api/numbers/regions/US', `Bearer ${TOKEN}`]]);
});

test.each([
	[{ StatusCode: 0 }, undefined],
	[{ StatusCode: '0', StatusText: '' }, undefined],
	[
		{ StatusCode: 7, StatusText: 'Invalid FaxId' },
		'The service reported an error [StatusCode 7]: Invalid FaxId',
	],
	[
		{
			StatusCode: '1103',
			StatusText: 'Could not find fax number column named Fax in metadata file',
		},
		'The service reported an error [StatusCode 1103]: Could not find fax number column named Fax in metadata file',
	],
])('RequestStatus %j under HTTP 200 gives %s', async (status, message) => {
	const body = { RequestStatus: status };
	const error = await errorOf(200, body, { api: 'mailMerge', path: apiPath('Job') });
	expect(error?.message).toBe(message);
});

test('a mail merge StatusCode carries advice the user can act on', async () => {
	const status = {
		StatusCode: 1106,
		StatusText: 'Expected faxes 3 does not match lines in meta file 2',
	};
	const error = await errorOf(201, { RequestStatus: status }, MAIL_MERGE_POST);
	expect(error?.description).toMatch(/Expected Faxes must equal the number of CSV data lines/);
});

test.each([
	['1101', 'No fields found in PDF template', /PDF template has no form fields/],
	['1001', 'No fields found in PDF template', /use a PDF form whose fields are named like/],
	['1001', 'FaxNumerColumnName not specified', /set the Fax Number Column/],
])('mail merge StatusCode %s (%s) gets its advice', async (statusCode, statusText, advice) => {
	const status = { StatusCode: statusCode, StatusText: statusText };
	const error = await errorOf(400, { RequestStatus: status }, MAIL_MERGE_POST);
	expect(error?.message).toBe(`Bad request (HTTP 400) [StatusCode ${statusCode}]: ${statusText}`);
	expect(error?.description).toMatch(advice);
});

test.each([
	['fax', /Fax API Base URL of the credential is the fax REST address including \/v1/],
	['mailMerge', /Mail Merge Base URL of the credential is the mail merge address/],
	[
		'numbers',
		/Numbers Base URL of the credential is the numbers interface address, without \/api\/numbers/,
	],
] as const)('HTTP 405 of the %s interface names the base URL to check', async (api, advice) => {
	const error = await errorOf(405, { error: 'method_not_allowed' }, { api, attempts: 1 });
	expect(error?.message).toBe('Method not allowed (HTTP 405): method_not_allowed');
	expect(error?.description).toMatch(advice);
});

test.each([
	[400, /^Bad request \(HTTP 400\)/, /check the values/],
	[401, /^Authorization failed \(HTTP 401\)/, /User ID \(name@organization\) and Password/],
	[403, /^Access denied \(HTTP 403\)/, /proxy login/],
	[404, /^Not found \(HTTP 404\)/, /Fax ID/],
	[500, /^Service error \(HTTP 500\)/, /try again later/],
	[503, /^Service error \(HTTP 503\)/, /try again later/],
])('HTTP %i gives its own message and advice, without secrets', async (status, message, advice) => {
	const fax = await jsonServer(status, {
		RequestStatus: { StatusCode: status === 401 ? 401 : 5, StatusText: `failure ${status}` },
	});
	const { error, run } = await requestOnce(fax.url, { attempts: 1 });
	expect(error?.message).toMatch(message);
	expect(error?.message).toContain(`failure ${status}`);
	expect(error?.description).toMatch(advice);
	expectNoSecrets(JSON.stringify(run));
	expectNoSecrets(`${error?.message} ${error?.description} ${error?.stack}`);
});

test('a 401 of the numbers interface points at the access token', async () => {
	const error = await errorOf(401, { error: 'invalid token' }, NUMBERS_US);
	expect(error?.message).toBe('Authorization failed (HTTP 401): invalid token');
	expect(error?.description).toMatch(/Access Token/);
	expectNoSecrets(JSON.stringify(error));
});

test('the field problems a 400 lists are part of the message', async () => {
	const details = [
		{ field: 'notify_email', message: 'must be a non-empty array' },
		{ field: 'region', message: 'unknown region ZZ' },
	];
	const body = { error: 'validation_error', message: 'The request is not valid', details };
	const error = await errorOf(400, body, NUMBERS_POST);
	expect(error?.message).toBe(
		'Bad request (HTTP 400): The request is not valid notify_email: must be a non-empty array; region: unknown region ZZ',
	);
});

test.each([
	['', 'text/plain', { httpCode: 201 }],
	['Request received', 'text/plain; charset=utf-8', { httpCode: 201, message: 'Request received' }],
])(
	'a numbers request answered 201 with %p (%s) is a success, so nobody files it twice',
	async (body, type, expected) => {
		const numbers = await textServer(201, type, body);
		const { value, error } = await requestOnce(numbers.url, NUMBERS_POST);
		expect(error).toBeUndefined();
		expect(value).toEqual(expected);
	},
);

test('Return All follows ResultsReference with GetNextResults to the last page', async () => {
	const fax = await server(threePages());
	const { value } = await allItems(fax.url, { query: { FaxStatus: 'sent' } }, { pageSize: 2 });
	expect((value as IDataObject[]).map((r) => r.FaxId)).toEqual(['1', '2', '3', '4', '5', '6']);
	expect(fax.received.map((r) => r.url)).toEqual(THREE_PAGE_URLS);
});

test('a Limit stops paging as soon as enough records arrived', async () => {
	const fax = await server(pagesOf(10, (page) => [{ FaxId: String(page) }]));
	const { value } = await allItems(fax.url, {}, { limit: 2, pageSize: 1 });
	expect(value).toHaveLength(2);
	expect(fax.received).toHaveLength(2);
});

test('a Limit below the page size asks the service for no more records than the Limit', async () => {
	const fax = await server(pagesOf(3, (page) => [{ FaxId: String(page) }]));
	const { value } = await allItems(fax.url, {}, { limit: 2 });
	expect(value).toHaveLength(2);
	const asked = fax.received.map((r) => new URL(r.url, 'http://x').searchParams.get('ResultLimit'));
	expect(asked).toEqual(['2', '2']);
});

test('inbound searches without HasMoreResults page while a ResultsReference comes back', async () => {
	const fax = await server((req, n, res) =>
		sendJson(res, 200, {
			...OK,
			FaxInfo: [{ FaxId: String(n) }],
			...(n < 3 ? { ResultsReference: `r${n}` } : {}),
		}),
	);
	const { value } = await allItems(fax.url, { path: apiPath('inboundfaxes') });
	expect(value).toHaveLength(3);
});

// The backoff: the service is not asked again at once (the first wait is 300 ms).
test.each([
	['after a 503', 503, 'text/html', '<html><body>Service Unavailable</body></html>'],
	['when its answer is cut short', 200, 'application/json', '{"FaxInfo":[{"FaxId":"9"'],
])(
	'a GET is tried again %s, after a short wait, and succeeds',
	async (_case, status, type, body) => {
		const arrived: number[] = [];
		const fax = await server((_r, n, res) => {
			arrived.push(Date.now());
			if (n === 1) res.writeHead(status, { 'Content-Type': type }).end(body);
			else sendJson(res, 200, { ...OK, FaxInfo: [{ FaxId: '9' }] });
		});
		const { value, error } = await requestOnce(fax.url, { path: apiPath('outboundfaxes', 9) });
		expect(error).toBeUndefined();
		expect((value as IDataObject).FaxInfo).toEqual([{ FaxId: '9' }]);
		expect(fax.received).toHaveLength(2);
		expect(arrived[1] - arrived[0]).toBeGreaterThanOrEqual(250);
	},
);

test('a GET gives up after its bounded attempts and says what the service answered', async () => {
	const fax = await textServer(502, 'text/html', BAD_GATEWAY);
	const { error } = await requestOnce(fax.url, {});
	expect(fax.received).toHaveLength(3);
	expect(error?.message).toBe('Service error (HTTP 502): Bad Gateway');
});

test('a GET in a poll is not tried again when the wait before it would leave the poll too little time: the service’s failure is reported', async () => {
	let deadlineNear: (() => void) | undefined;
	const fax = await server((_r, n, res) => {
		// The poll's deadline comes 1.49 s after the second failure: the 1 s wait before a third
		// try would leave the request less than the half second it needs.
		if (n === 2) deadlineNear!();
		if (n > 2) sendJson(res, 200, OK);
		else res.writeHead(502, { 'Content-Type': 'text/html' }).end(BAD_GATEWAY);
	});
	const { error } = await callHelper(credentials(fax.url), async function () {
		deadlineNear = () => setPollDeadline(this, Date.now() + 1_490);
		return await faxCloudRequest.call(this, request({}));
	});
	expect(error?.message).toBe('Service error (HTTP 502): Bad Gateway');
	expect(fax.received).toHaveLength(2);
});

test('a POST whose connection dies after the server read it is not sent again, and says it may have happened', async () => {
	const fax = await server((_r, _n, res) => res.socket?.destroy());
	const { error } = await requestOnce(fax.url, {
		method: 'POST',
		form: { FaxNumber: '12125550100' },
	});
	expect(fax.received).toHaveLength(1);
	expect(fax.received[0].body.toString()).toBe('FaxNumber=12125550100');
	expect(error?.message).toMatch(
		/^Could not reach the Fax Cloud service at http:\/\/127\.0\.0\.1:\d+\/v1: connection closed before an answer arrived$/,
	);
	expect(error?.description).toMatch(/may still have been carried out/);
	expectNoSecrets(JSON.stringify(error));
});

test('a GET whose connection dies before an answer is not said to have been carried out', async () => {
	const fax = await server((_r, _n, res) => res.socket?.destroy());
	const { error } = await requestOnce(fax.url, { attempts: 1 });
	expect(fax.received).toHaveLength(1);
	expect(error?.message).toMatch(/: connection closed before an answer arrived$/);
	expect(error?.context.mayHaveReachedService).toBeUndefined();
});

test('a request with less than half a second of the poll left is not sent: the poll’s time is up', async () => {
	const fax = await jsonServer(200, OK);
	const { error } = await callHelper(credentials(fax.url), async function () {
		setPollDeadline(this, Date.now() + 200);
		return await faxCloudRequest.call(
			this,
			request({ method: 'PUT', path: apiPath('inboundfaxes', 7) }),
		);
	});
	expect(error?.message).toBe('The poll’s time ran out before this request');
	expect(fax.received).toHaveLength(0);
});

test.each([
	['a truncated JSON body is an error, not an empty success', '{"FaxInfo":[{"FaxId":"1"', {}],
	[
		'a numbers answer that claims JSON but is cut short is still an error',
		'[{"code":"N',
		NUMBERS_US,
	],
])('%s', async (_title, body, overrides) => {
	const host = await textServer(200, 'application/json', body);
	const { error } = await requestOnce(host.url, { ...overrides, attempts: 1 });
	expect(error?.message).toBe(notJson('application/json'));
});

test('multipart parts arrive with their names, file names and MIME types; repeated parameters once per value', async () => {
	const fax = await jsonServer(201, { ...OK, FaxInfo: [] });
	await requestOnce(fax.url, {
		method: 'POST',
		multipart: {
			fields: {
				FaxNumber: ['12125550100', '+442071234567'],
				CoverMessage: 'Zürich "quoted"',
				Skip: undefined,
			},
			files: [
				textPart('file1', '%PDF-1.4 test', 'invoice 7.pdf', 'application/pdf'),
				textPart('file2', 'hello', 'note.txt'),
			],
		},
	});
	const parts = partsOf(fax.received[0]);
	expect(parts.map((p) => [p.name, p.filename, p.contentType, p.data.toString()])).toEqual([
		['FaxNumber', undefined, undefined, '12125550100'],
		['FaxNumber', undefined, undefined, '+442071234567'],
		['CoverMessage', undefined, undefined, 'Zürich "quoted"'],
		['file1', 'invoice 7.pdf', 'application/pdf', '%PDF-1.4 test'],
		['file2', 'note.txt', 'text/plain', 'hello'],
	]);
});

test('form bodies and query strings repeat names instead of indexing them', async () => {
	const fax = await jsonServer(201, OK);
	await callHelper(credentials(fax.url), async function () {
		await faxCloudRequest.call(
			this,
			request({ method: 'PUT', path: apiPath('outboundfaxes', 5), form: { Mark: true } }),
		);
		await faxCloudRequest.call(
			this,
			request({ query: { FaxNumber: ['1', '2'], Empty: undefined } }),
		);
	});
	expect(fax.received[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
	expect(fax.received[0].body.toString()).toBe('Mark=true');
	expect(fax.received[1].url).toBe('/v1/outboundfaxes?FaxNumber=1&FaxNumber=2');
});

test('path segments are encoded, so a value cannot add or climb path levels', () => {
	expect(apiPath('api', 'numbers', 'cities', 'US', 'NY', 'New York/../x?y')).toBe(
		'/api/numbers/cities/US/NY/New%20York%2F..%2Fx%3Fy',
	);
});

test('a download returns the body, its MIME type and the file name of Content-Disposition', async () => {
	const headers = { 'Content-Type': 'application/pdf' };
	const disposition = { 'Content-Disposition': 'inline; filename="fax-12.pdf"' };
	const fax = await rawServer(200, { ...headers, ...disposition }, '%PDF-1.4 body');
	const { value } = await callHelper(credentials(fax.url), async function () {
		const download = await faxCloudDownload.call(
			this,
			request({ path: apiPath('outboundfaxes', 12, 'image'), query: { FaxContentType: 'pdf' } }),
		);
		return {
			mimeType: download.mimeType,
			fileName: download.fileName,
			text: (await this.helpers.binaryToBuffer(download.body as never)).toString(),
		};
	});
	expect(value).toEqual({
		mimeType: 'application/pdf',
		fileName: 'fax-12.pdf',
		text: '%PDF-1.4 body',
	});
});

test('a download answered with a JSON error becomes that error', async () => {
	const body = { RequestStatus: { StatusCode: 4, StatusText: 'Fax not found' } };
	const fax = await jsonServer(404, body);
	const image = request({ path: apiPath('outboundfaxes', 12, 'image') });
	const { error } = await callHelper(credentials(fax.url), async function () {
		return await faxCloudDownload.call(this, image);
	});
	expect(error?.message).toBe('Not found (HTTP 404) [StatusCode 4]: Fax not found');
});

test('an unreachable service is named by address without credentials in it', async () => {
	const { error } = await requestOnce('http://127.0.0.1:9', { attempts: 1 });
	expect(error?.message).toBe(REFUSED_AT_PORT_9);
	expect(error?.description).toMatch(/Fax API Base URL/);
	expectNoSecrets(JSON.stringify(error));
});

test('a base URL that is not an http(s) address is refused before any request', async () => {
	const { error } = await requestOnce('ftp://example.com', {});
	expect(error?.message).toBe('The Fax API Base URL of the credential is not an http(s) address');
});

/**
 * The transport draws the random part of its multipart boundaries once and counts requests:
 * every request must still get a boundary of its own, and a file holding an earlier request's
 * boundary must arrive whole.
 */
test('each multipart request has its own boundary, and a file holding an earlier one arrives whole', async () => {
	const fax = await jsonServer(201, { ...OK, FaxInfo: [{ FaxId: 1 }] });
	const send = (context: IExecuteFunctions, text: string) =>
		faxCloudRequest.call(context, {
			...request({ method: 'POST' }),
			multipart: {
				fields: { FaxNumber: '12125550100' },
				files: [textPart('file1', text, 'a.txt')],
			},
		});
	const boundaryIn = (index: number) =>
		boundaryOf(String(fax.received[index].headers['content-type']))!;
	const { error } = await callHelper(credentials(fax.url), async function () {
		await send(this, 'first');
		// The second file holds the first request's boundary as a line of its own.
		await send(this, `--${boundaryIn(0)}\r\nnot a part`);
		await send(this, 'third');
	});

	expect(error).toBeUndefined();
	const boundaries = [0, 1, 2].map(boundaryIn);
	expect(new Set(boundaries).size).toBe(3);
	const files = fax.received.map((received) =>
		partsOf(received)
			.filter((part) => part.name === 'file1')
			.map((part) => part.data.toString()),
	);
	expect(files).toEqual([['first'], [`--${boundaries[0]}\r\nnot a part`], ['third']]);
});

test('a base URL holding a login is named without it when the service cannot be reached', async () => {
	const { error } = await requestOnce('http://alice:url-secret@127.0.0.1:9', { attempts: 1 });
	expect(error?.message).toBe(REFUSED_AT_PORT_9);
	expect(JSON.stringify(error)).not.toContain('url-secret');
});

test('a page that says more results exist but gives no ResultsReference fails the search', async () => {
	const fax = await jsonServer(200, { ...OK, FaxInfo: [{ FaxId: '1' }], HasMoreResults: 'true' });
	const { value, error } = await allItems(fax.url, {});
	expect(value).toBeUndefined();
	expect(error?.message).toBe(
		"The service's answer to GET /outboundfaxes (page 1) says HasMoreResults is true but gives no ResultsReference, so the rest of the results cannot be read",
	);
	expect(fax.received).toHaveLength(1);
});

test('a last page that says no more results ends the search, though it carries a ResultsReference', async () => {
	const lastPage = { FaxInfo: [{ FaxId: '1' }], HasMoreResults: 'false', ResultsReference: 'r1' };
	const fax = await jsonServer(200, { ...OK, ...lastPage });
	const { value, error } = await allItems(fax.url, {});
	expect(error).toBeUndefined();
	expect(value).toEqual([{ FaxId: '1' }]);
	expect(fax.received).toHaveLength(1);
});

test('a GET answered 200 with an HTML page is an error, not an empty success', async () => {
	const fax = await textServer(200, 'text/html', '<html><body>Sign in</body></html>');
	const { error } = await requestOnce(fax.url, { attempts: 1 });
	expect(error?.message).toBe(notJson('text/html'));
});

test('a redirect is not followed: the login never reaches another host', async () => {
	const elsewhere = await jsonServer(200, OK);
	const fax = await rawServer(302, { Location: `${elsewhere.url}/v1/outboundfaxes` });
	const { error } = await requestOnce(fax.url, { attempts: 1 });
	expect(error?.message).toMatch(/^The service answered HTTP 302/);
	expect(elsewhere.received).toHaveLength(0);
});

test.each([
	[400, undefined],
	[503, true],
])('a POST answered HTTP %i: may it have been carried out? %p', async (status, mayHave) => {
	const error = await errorOf(status, { error: 'refused' }, { method: 'POST', form: {} });
	expect(error?.context.mayHaveReachedService).toBe(mayHave);
});

test.each([
	['pdf', 'application/pdf'],
	['tif', 'image/tiff'],
] as const)(
	'a %s fax image answered as application/octet-stream is given the type of its format',
	async (format, mimeType) => {
		const fax = await textServer(200, 'application/octet-stream', 'image bytes');
		const { value } = await callHelper(credentials(fax.url), async function () {
			const binary = await downloadFaxImage.call(this, 'outbound', '12', format);
			return { mimeType: binary.mimeType, fileName: binary.fileName };
		});
		expect(value).toEqual({ mimeType, fileName: `fax-12.${format}` });
	},
);

/** The shared pager of fax searches (faxCloudPages): its progress check and its reading ahead. */

/** Pages the search: `onPage(index)` runs before the caller reads on; `stopAfter` pages end it. */
function pageThrough(
	options: PagesOptions,
	onPage: (index: number) => Promise<void>,
	stopAfter = Infinity,
) {
	return async function (this: IExecuteFunctions) {
		const ids: string[] = [];
		let index = 0;
		const search = request({ query: { FaxStatus: 'sent' } });
		for await (const page of faxCloudPages.call(this, search, { pageSize: 2, ...options })) {
			ids.push(...page.records.map((record: IDataObject) => String(record.FaxId)));
			await onPage(index);
			if (++index >= stopAfter) break;
		}
		return ids;
	};
}

/**
 * Progress check: a paging whose pages bring no record it has not read fails after
 * MAX_PAGES_WITHOUT_PROGRESS pages, so a stuck ResultsReference never passes a part of the list
 * for all of it; a record that comes again changed (modified while the pages are read) is progress.
 */

const readAll = pageThrough({}, async () => undefined);

const STATUSES = ['sending', 'scheduled', 'sending', 'sent'];
const SENT_AT = '2026-11-29T06:00:00Z';

// Faxes 1 and 2 on every page, each time changed: by status (pages 1 and 3 repeat an earlier
// status, and the time moved instead), or, a fax the service tries again that fails again, only
// by a later time.
test.each([
	['a new status or time', 5, (page: number) => (page === 0 ? 'queued' : STATUSES[page - 1])],
	['only a new CompleteTime', 2 + MAX_PAGES_WITHOUT_PROGRESS, () => 'failed'],
])(
	'records that come again with %s on every later page are read to the end',
	async (_change, pages, statusOn) => {
		const changed = await server(
			pagesOf(pages, (page) =>
				[1, 2].map((id) => ({
					FaxId: String(id),
					FaxStatus: statusOn(page),
					CompleteTime: `2026-11-29T06:0${page}:00Z`,
				})),
			),
		);
		const { value, error } = await callHelper(credentials(changed.url), readAll);
		expect(error).toBeUndefined();
		expect(value).toHaveLength(2 * pages);
		expect(changed.received).toHaveLength(pages);
	},
);

test('pages that repeat records already read fail the paging after the allowed pages, naming it', async () => {
	// Page 0 is new; every page after it repeats page 0 (same FaxIds, statuses and times).
	const page = ['1', '2'].map((FaxId) => ({ FaxId, FaxStatus: 'sent', CompleteTime: SENT_AT }));
	const stuck = await server(pagesOf(10, () => page));
	const { error } = await callHelper(credentials(stuck.url), readAll);
	expect(error?.message).toMatch(/same page of search results again/);
	expect(stuck.received).toHaveLength(1 + MAX_PAGES_WITHOUT_PROGRESS);
});

test('a FaxId read in several versions counts each version once', async () => {
	// Fax 1 alternates between two versions; fax 3 on page 2 is the last new record.
	const versions = [
		{ FaxId: '1', FaxStatus: 'sending' },
		{ FaxId: '1', FaxStatus: 'sent', CompleteTime: SENT_AT },
	];
	const pageRecords = [
		[versions[0]],
		[versions[1]],
		[versions[0], { FaxId: '3', FaxStatus: 'sent' }],
		[versions[1]],
		[versions[0]],
		[versions[1]],
		[versions[0]],
	];
	const alternating = await server(pagesOf(pageRecords.length, (page) => pageRecords[page]));
	const { error } = await callHelper(credentials(alternating.url), readAll);
	// Pages 3, 4 and 5 bring only versions read before: the paging stops there.
	expect(error?.message).toMatch(/same page of search results again/);
	expect(alternating.received).toHaveLength(3 + MAX_PAGES_WITHOUT_PROGRESS);
});

/** Reading ahead (`readAhead`, the trigger's): the next page is asked for as soon as one arrives. */

/** Waits, without a caller reading on, until the test server has received `count` requests. */
const untilReceived = (server: { received: unknown[] }, count: number, what: string) =>
	waitUntil(what, () => server.received.length === count, 10_000, { intervalMs: 5 });

test('the next page is asked for while the caller still reads this one; the service sees the same requests in the same order', async () => {
	const ahead = await server(threePages());
	const requestsWhileReading: number[] = [];
	const { value, error } = await callHelper(
		credentials(ahead.url),
		pageThrough({ readAhead: true }, async (index) => {
			// The caller has not asked for the next page: it is on its way already.
			if (index < 2) await untilReceived(ahead, index + 2, 'the next page');
			requestsWhileReading.push(ahead.received.length);
		}),
	);
	expect(error).toBeUndefined();
	expect(value).toEqual(['1', '2', '3', '4', '5', '6']);
	expect(requestsWhileReading).toEqual([2, 3, 3]);

	const inTurn = await server(threePages());
	const plain = await callHelper(
		credentials(inTurn.url),
		pageThrough({}, async () => {
			requestsWhileReading.push(inTurn.received.length);
		}),
	);
	expect(plain.value).toEqual(value);
	// Without reading ahead, each page is asked for only when the caller reads on.
	expect(requestsWhileReading.slice(3)).toEqual([1, 2, 3]);
	expect(ahead.received.map((r) => r.url)).toEqual(inTurn.received.map((r) => r.url));
	expect(ahead.received.map((r) => r.url)).toEqual(THREE_PAGE_URLS);
});

test('a caller that stops early leaves one page unread, and that page failing fails nothing', async () => {
	const unhandled: unknown[] = [];
	const onUnhandled = (reason: unknown) => unhandled.push(reason);
	process.on('unhandledRejection', onUnhandled);
	try {
		const fax = await server(threePages(1));
		const { value, error } = await callHelper(
			credentials(fax.url),
			pageThrough({ readAhead: true }, async () => undefined, 1),
		);
		expect(error).toBeUndefined();
		expect(value).toEqual(['1', '2']);
		await untilReceived(fax, 2, 'the page read ahead');
		// Long enough for the 400 to reach the helper and reject (it is not tried again).
		await watchFor(
			'the page asked again, or an unhandled rejection',
			() => fax.received.length > 2 || unhandled.length > 0,
			300,
		);
		expect(fax.received).toHaveLength(2);
		expect(unhandled).toEqual([]);
	} finally {
		process.off('unhandledRejection', onUnhandled);
	}
});

test('a page read ahead that fails fails the caller that reads on to it, after the page before', async () => {
	const fax = await server(threePages(1));
	const read: number[] = [];
	const { error } = await callHelper(
		credentials(fax.url),
		pageThrough({ readAhead: true }, async (index) => {
			read.push(index);
		}),
	);
	expect(read).toEqual([0]);
	expect(error?.message).toMatch(/400|Bad paging key/);
	expect(fax.received).toHaveLength(2);
});
