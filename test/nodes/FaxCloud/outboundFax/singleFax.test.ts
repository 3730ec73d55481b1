/** Outbound Fax operations on one fax: Get, Download, Delete, Mark and Unmark. */
import type { IDataObject } from 'n8n-workflow';

import { itemWithFiles, runFaxCloud, useFaxSuite } from './faxHelpers';
import { jsonOf, pairedOutcomes, refusedByService, succeeded } from '../faxCloudExpect';

const { emulator, run, requests, sent, refused } = useFaxSuite();

const onFax = (operation: string, faxId: string | number, options = {}) =>
	run(operation, { faxId: String(faxId) }, options);

describe('Outbound Fax: Get', () => {
	test('returns the whole record (version 1) with numbers, booleans and UTC datetimes', async () => {
		const [faxId] = await sent('12125550000', { projectCode2: 'INV-1', deleteAfterSend: false });
		emulator().control.advance(60_000);
		const result = await onFax('get', faxId, { typeVersion: 1 }).then(succeeded);
		expect(result.items).toHaveLength(1);
		const fax = result.items[0].json;
		expect(fax).toMatchObject({
			FaxId: faxId,
			GroupId: faxId,
			FaxUserId: 'alice@acme',
			FaxNumber: '12125550000',
			FaxStatus: 'sent',
			PagesTotal: 1,
			PagesSent: 1,
			ErrorCode: 0,
			Mark: false,
			DeleteAfterSend: false,
			ProjectCode2: 'INV-1',
			CreateTime: '2026-01-05T09:00:00.000Z',
		});
		expect(fax).toHaveProperty('ImgHost');
		expect(typeof fax.Duration).toBe('number');
		expect(fax.CompleteTime).toMatch(/^2026-01-05T09:00:\d\d\.000Z$/);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect(requests('GET')[0].path).toBe(`/v1/outboundfaxes/${faxId}`);
	});

	// The fault suite's table refuses typed IDs; an expression that finds nothing is this file's.
	test('a Fax ID expression that resolves to nothing is refused before any request, saying so', async () => {
		refused(
			await run('get', { faxId: '={{ $json.missing }}' }),
			'Invalid "Fax ID": an empty value is not an ID; use a whole number greater than 0, e.g. 1234',
		);
	});

	test('a fax ID from an expression, one lookup per item', async () => {
		const ids = await sent('12125550000, 12125550001');
		const items = ids.map((id) => ({ json: { id } }));
		const result = await run('get', { faxId: '={{ $json.id }}' }, { items });
		expect(result.items.map((item) => [item.json.FaxId, item.pairedItem])).toEqual([
			[ids[0], { item: 0 }],
			[ids[1], { item: 1 }],
		]);
	});
});

// The one table of 404s of the outbound single-fax operations.
describe('Outbound Fax: a fax ID that does not exist', () => {
	test.each<[string, IDataObject]>([
		['get', {}],
		['download', { format: 'pdf', binaryPropertyName: 'data' }],
		['resend', { faxNumber: '12125550001' }],
		['delete', {}],
		['mark', {}],
		['unmark', {}],
	])('%s is a 404 with advice, after one request', async (operation, rest) => {
		const result = await run(operation, { faxId: '999', ...rest });
		refusedByService(result, /^Not found \(HTTP 404\)/);
		expect(result.error?.description).toMatch(/check the Fax ID/);
		expect(result.items).toEqual([]);
		expect(requests()).toHaveLength(1);
	});
});

const download = (parameters: IDataObject, options = {}) =>
	run('download', { binaryPropertyName: 'data', ...parameters }, options);

/** The send asked for JSON, then the download for the format: in Accept and in both query fields. */
function expectImageAsked(faxId: number, format: 'pdf' | 'tif', accept: string) {
	expect(requests().map((request) => [request.method, request.path, request.accept])).toEqual([
		['POST', '/v1/outboundfaxes', 'application/json'],
		['GET', `/v1/outboundfaxes/${faxId}/image`, accept],
	]);
	expect(requests('GET')[0].query).toEqual({ FaxContentType: format, ContentType: format });
}

describe('Outbound Fax: Download', () => {
	test('PDF into the named binary field, with file name and MIME type, both format parameters sent; version 1 passes the input json on', async () => {
		const [faxId] = await sent();
		emulator().control.advance(10_000);
		const result = await download(
			{ faxId: String(faxId), format: 'pdf', binaryPropertyName: 'fax' },
			{ items: [{ json: { note: 'keep me' } }], typeVersion: 1 },
		).then(succeeded);
		const [item] = result.items;
		expect(item.json).toEqual({ note: 'keep me' });
		expect(Object.keys(item.binary ?? {})).toEqual(['fax']);
		expect(item.binary?.fax).toMatchObject({
			fileName: `fax-${faxId}.pdf`,
			mimeType: 'application/pdf',
			fileExtension: 'pdf',
		});
		const bytes = Buffer.from(item.binary!.fax.data, 'base64');
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
		expectImageAsked(faxId, 'pdf', 'application/pdf');
	});

	test('TIFF with a chosen file name keeps the input binary fields and json', async () => {
		const [faxId] = await sent();
		const original = { data: 'x', mimeType: 'text/plain', fileName: 'x.txt' };
		const input = itemWithFiles({ original }, { order: 4711 });
		const result = await download(
			{ faxId: String(faxId), format: 'tif', options: { fileName: 'order-4711.tif' } },
			{ items: [input] },
		).then(succeeded);
		const { json, binary } = result.items[0];
		expect(json).toEqual({ order: 4711 });
		expect(Object.keys(binary ?? {}).sort()).toEqual(['data', 'original']);
		expect(binary?.data).toMatchObject({ fileName: 'order-4711.tif', mimeType: 'image/tiff' });
		const bytes = Buffer.from(binary!.data.data, 'base64');
		expect(['II*\u0000', 'MM\u0000*']).toContain(bytes.subarray(0, 4).toString('latin1'));
		expectImageAsked(faxId, 'tif', 'image/tiff');
	});

	test('an outbound and an inbound fax with the same ID are different images', async () => {
		const [faxId] = await sent();
		emulator().control.injectInbound({ userId: 'alice@acme' });
		const download = { faxId: String(faxId), format: 'pdf', binaryPropertyName: 'data' };
		const outbound = await run('download', download);
		const inbound = await runFaxCloud(emulator(), 'inboundFax', {
			operation: 'download',
			...download,
		});
		expect(requests('GET').map((request) => request.path)).toEqual([
			`/v1/outboundfaxes/${faxId}/image`,
			`/v1/inboundfaxes/${faxId}/image`,
		]);
		expect(outbound.items[0].binary?.data.data).not.toEqual(inbound.items[0].binary?.data.data);
	});
});

describe('Outbound Fax: Delete, Mark, Unmark', () => {
	test('Mark then Unmark set the flag the searches read', async () => {
		const [faxId] = await sent();
		emulator().control.clearRequests();

		const marked = await onFax('mark', faxId);
		expect(jsonOf(marked)).toEqual([{ FaxId: faxId, Mark: true, success: true }]);
		expect(emulator().control.outboundFax(faxId)?.Mark).toBe('true');

		const unmarked = await onFax('unmark', faxId);
		expect(unmarked.items[0].json).toEqual({ FaxId: faxId, Mark: false, success: true });
		expect(emulator().control.outboundFax(faxId)?.Mark).toBe('false');

		expect(requests().map((request) => [request.method, request.path, request.params])).toEqual([
			['PUT', `/v1/outboundfaxes/${faxId}`, { Mark: 'true' }],
			['PUT', `/v1/outboundfaxes/${faxId}`, { Mark: 'false' }],
		]);
	});

	test('Delete removes the fax', async () => {
		const [faxId] = await sent();
		const result = await onFax('delete', faxId);
		expect(result.items[0].json).toEqual({ FaxId: faxId, deleted: true, success: true });
		expect(requests('DELETE')[0].path).toBe(`/v1/outboundfaxes/${faxId}`);
		expect((await onFax('get', faxId)).error?.message).toMatch(/HTTP 404/);
	});

	test("a colleague's fax is refused (403) with advice about proxy logins", async () => {
		const [faxId] = await sent('12125550000', {}, 'bob');
		const result = await onFax('delete', faxId);
		expect(result.error?.message).toMatch(/HTTP 403/);
		expect(result.error?.description).toMatch(/proxy login/);
		expect(emulator().control.outboundFax(faxId)?.FaxId).toBe(String(faxId));
	});

	test('Continue On Fail over several IDs: each item gets its own outcome', async () => {
		const ids = await sent('12125550000, 12125550001');
		const result = await onFax('delete', '={{ $json.id }}', {
			continueOnFail: true,
			items: [ids[0], 999, 'x', ids[1]].map((id) => ({ json: { id } })),
		});
		expect(pairedOutcomes(result, 'FaxId')).toEqual([
			[{ item: 0 }, ids[0]],
			[{ item: 1 }, expect.stringMatching(/HTTP 404/)],
			[{ item: 2 }, expect.stringMatching(/^Invalid "Fax ID"/)],
			[{ item: 3 }, ids[1]],
		]);
		expect(requests('DELETE')).toHaveLength(3);
	});

	test('Continue On Fail: a failed item carries the advice, the HTTP status and the service’s code', async () => {
		const result = await onFax('delete', 999, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{
				json: {
					error: expect.stringMatching(/^Not found \(HTTP 404\)/),
					description: expect.stringMatching(/check the Fax ID/),
					httpCode: '404',
					statusCode: expect.anything(),
					statusText: expect.any(String),
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('without Continue On Fail the first failure stops the node: later items are not deleted', async () => {
		const ids = await sent('12125550000, 12125550001, 12125550002');
		const result = await run(
			'delete',
			{ faxId: '={{ $json.id }}', options: { requestsAtOnce: 1 } },
			{ items: [ids[0], 999, ids[1], ids[2]].map((id) => ({ json: { id } })) },
		);
		expect(result.error?.message).toMatch(/^Not found \(HTTP 404\)/);
		expect(result.error?.context.itemIndex).toBe(1);
		expect(requests('DELETE').map((request) => request.path)).toEqual([
			`/v1/outboundfaxes/${ids[0]}`,
			'/v1/outboundfaxes/999',
		]);
		expect((await onFax('get', ids[2])).error).toBeUndefined();
	});

	test('two items fail at once: the node reports the first in item order', async () => {
		const result = await run(
			'delete',
			{ faxId: '={{ $json.id }}' },
			{ items: [999, 'x'].map((id) => ({ json: { id } })) },
		);
		expect(result.error?.message).toMatch(/^Not found \(HTTP 404\)/);
		expect(result.error?.context.itemIndex).toBe(0);
	});
});
