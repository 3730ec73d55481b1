import type { IDataObject } from 'n8n-workflow';

import { useFaxSuite } from './faxHelpers';
import { refusedByService, succeeded } from '../faxCloudExpect';

const { emulator, run, requests, sent, refused } = useFaxSuite();

describe('Outbound Fax: Get', () => {
	test('returns the whole record (version 1) with numbers, booleans and UTC datetimes', async () => {
		const [faxId] = await sent('12125550000', { projectCode2: 'INV-1', deleteAfterSend: false });
		emulator().control.advance(60_000);
		const result = await run('get', { faxId: String(faxId) }, { typeVersion: 1 }).then(succeeded);
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
