import type { IDataObject } from 'n8n-workflow';

import { itemWithFiles, runFaxCloud, useFaxSuite } from './faxHelpers';
import { succeeded } from '../faxCloudExpect';

const { emulator, run, requests, sent } = useFaxSuite();

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
