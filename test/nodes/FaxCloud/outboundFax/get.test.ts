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

	test('a fax ID that does not exist is a 404 with advice', async () => {
		const result = await run('get', { faxId: '999' });
		refusedByService(result, /^Not found \(HTTP 404\)/);
		expect(result.error?.description).toMatch(/check the Fax ID/);
		expect(requests('GET')).toHaveLength(1);
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
