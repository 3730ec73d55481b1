import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { itemWithFiles, runFaxCloud, useFaxSuite } from './faxHelpers';
import { refusedByService, succeeded } from '../faxCloudExpect';

const { emulator, run, requests, sent } = useFaxSuite();

describe('Outbound Fax: Download', () => {
	// [test, parameters, input item, the binary field written, what it holds, the file's first bytes]
	test.each<[string, IDataObject, INodeExecutionData, string, IDataObject, string[]]>([
		[
			'PDF into the named binary field, with file name and MIME type, both format parameters sent; version 1 passes the input json on',
			{ format: 'pdf', binaryPropertyName: 'fax' },
			{ json: { note: 'keep me' } },
			'fax',
			{ fileName: 'fax-1.pdf', mimeType: 'application/pdf', fileExtension: 'pdf' },
			['%PDF-'],
		],
		[
			'TIFF with a chosen file name keeps the input binary fields',
			{ format: 'tif', options: { fileName: 'order-4711.tif' } },
			itemWithFiles({ original: { data: 'x', mimeType: 'text/plain', fileName: 'x.txt' } }),
			'data',
			{ fileName: 'order-4711.tif', mimeType: 'image/tiff' },
			['II*\u0000', 'MM\u0000*'],
		],
	])('%s', async (_name, parameters, item, field, file, magic) => {
		const [faxId] = await sent();
		emulator().control.advance(10_000);
		const result = await run(
			'download',
			{ faxId: String(faxId), binaryPropertyName: 'data', ...parameters },
			{ items: [item] },
		).then(succeeded);
		const [{ json, binary }] = result.items;
		expect(json).toEqual(item.json);
		expect(Object.keys(binary ?? {}).sort()).toEqual(
			[...Object.keys(item.binary ?? {}), field].sort(),
		);
		expect(binary?.[field]).toMatchObject(file);
		const bytes = Buffer.from(binary![field].data, 'base64');
		expect(magic).toContain(bytes.subarray(0, magic[0].length).toString('latin1'));
		// The send before the download asked for JSON; the download asks for the format (Accept).
		expect(requests().map((request) => [request.method, request.path, request.accept])).toEqual([
			['POST', '/v1/outboundfaxes', 'application/json'],
			['GET', `/v1/outboundfaxes/${faxId}/image`, file.mimeType],
		]);
		expect(requests('GET')[0].query).toEqual({
			FaxContentType: parameters.format,
			ContentType: parameters.format,
		});
	});

	test('a fax ID that does not exist is a 404 and no binary', async () => {
		refusedByService(await run('download', { faxId: '77', format: 'pdf' }), /HTTP 404/);
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
