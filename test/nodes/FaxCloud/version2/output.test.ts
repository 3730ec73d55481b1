import { SIMPLIFIED_FAX_FIELDS } from '../../../../nodes/shared/simplifiedFax';
import type { IDataObject } from 'n8n-workflow';

import { runFaxCloud, useFaxSuite } from '../outboundFax/faxHelpers';
import { fieldOf, succeeded } from '../faxCloudExpect';

const { emulator, requests, refused } = useFaxSuite();

const runV2 = (resource: 'outboundFax' | 'inboundFax', parameters: IDataObject) =>
	runFaxCloud(emulator(), resource, parameters, { typeVersion: 2 });

/** Outbound faxes of alice's, made by the emulator. */
const faxesOfAlice = (count: number, options: Record<string, unknown> = {}) =>
	emulator().control.bulkCreateOutbound(count, { userId: 'alice@acme', ...options });
const outboundGetMany = (parameters: IDataObject) =>
	runV2('outboundFax', { operation: 'getAll', ...parameters });

const picked = (id: number) => ({ __rl: true, mode: 'list', value: String(id) });

describe('Version 2: Simplify', () => {
	test('Get of a picked fax returns the dozen fields ops teams act on by default, the whole record when off', async () => {
		const { lastId } = faxesOfAlice(2);
		const simple = await runV2('outboundFax', { operation: 'get', faxId: picked(lastId) });
		expect(simple.error).toBeUndefined();
		expect(Object.keys(simple.items[0].json)).toEqual(
			SIMPLIFIED_FAX_FIELDS.outbound.filter((field) => field in simple.items[0].json),
		);
		expect(simple.items[0].json).toMatchObject({ FaxId: lastId, FaxUserId: 'alice@acme' });
		expect(simple.items[0].json).not.toHaveProperty('ImgHost');
		const whole = await runV2('outboundFax', {
			operation: 'get',
			faxId: picked(lastId),
			simple: false,
		});
		expect(Object.keys(whole.items[0].json).length).toBeGreaterThan(30);
	});

	test('inbound Get Many is simplified to the inbound field set', async () => {
		emulator().control.injectInbound({ userId: 'alice@acme', count: 2 });
		const result = await runV2('inboundFax', { operation: 'getAll', returnAll: true });
		expect(result.items).toHaveLength(2);
		for (const item of result.items) {
			expect(
				Object.keys(item.json).every((key) => SIMPLIFIED_FAX_FIELDS.inbound.includes(key)),
			).toBe(true);
			expect(item.json).toHaveProperty('CallerNumber');
		}
	});

	test('Simplify keeps every field of the set, those whose value is false, 0 or empty too', async () => {
		const [fax] = emulator().control.injectInbound({ userId: 'alice@acme' });
		const result = await runV2('inboundFax', {
			operation: 'get',
			faxId: picked(Number(fax.FaxId)),
		}).then(succeeded);
		expect(Object.keys(result.items[0].json)).toEqual(SIMPLIFIED_FAX_FIELDS.inbound);
		expect(result.items[0].json).toMatchObject({ Mark: false, ErrorCode: 0 });
	});
});

describe('Version 2: Get Many with several statuses and a Sort collection', () => {
	test('one search per status, merged in the sort order asked for, Limit over all', async () => {
		faxesOfAlice(30, { statuses: ['sent', 'sendFailed', 'scheduled'] });
		const result = await outboundGetMany({
			limit: 12,
			filters: { faxStatus: ['sendFailed', 'scheduled'] },
			sort: { sortColumn: 'faxId', sortOrder: 'desc' },
		}).then(succeeded);
		expect(result.items).toHaveLength(12);
		const statuses = new Set(fieldOf(result, 'FaxStatus'));
		expect(statuses).toEqual(new Set(['sendFailed', 'scheduled']));
		const ids = result.items.map((item) => item.json.FaxId as number);
		expect(ids).toEqual([...ids].sort((a, b) => b - a));
		const seen = requests('GET', '^/v1/outboundfaxes$');
		expect(seen.map((r) => r.query.FaxStatus)).toEqual(['sendFailed', 'scheduled']);
		expect(seen.every((r) => r.query.SortOrder === 'desc' && r.query.SortColumn === 'faxId')).toBe(
			true,
		);
	});

	test('Return All with two statuses returns every matching fax once', async () => {
		faxesOfAlice(250, { statuses: ['sent', 'sendFailed', 'sending', 'sent', 'sent'] });
		const result = await outboundGetMany({
			returnAll: true,
			filters: { faxStatus: ['sendFailed', 'sending'] },
			simple: false,
		});
		expect(result.items).toHaveLength(100);
		const ids = result.items.map((item) => item.json.FaxId as number);
		expect(new Set(ids).size).toBe(100);
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
	});

	test('no status selected searches every status with one request per page', async () => {
		faxesOfAlice(5);
		const result = await outboundGetMany({ filters: { faxStatus: [] } });
		expect(result.items).toHaveLength(5);
		const [request] = requests('GET', '^/v1/outboundfaxes$');
		expect(request.query.FaxStatus).toBeUndefined();
	});

	test('a status the direction does not have is refused before any request', async () => {
		const result = await runV2('inboundFax', {
			operation: 'getAll',
			filters: { faxStatus: ['recvOk', 'sent'] },
		});
		refused(result, /^Invalid "Status"/);
	});

	test('several statuses sorted by Last Modified Time come merged by time, not by Fax ID', async () => {
		const at = (day: string) => ({ from: `${day}T00:00:00Z`, to: `${day}T01:00:00Z` });
		const late = faxesOfAlice(2, { statuses: ['sent'], ...at('2026-01-03') });
		const early = faxesOfAlice(2, { statuses: ['sendFailed'], ...at('2026-01-01') });
		const result = await outboundGetMany({
			returnAll: true,
			filters: { faxStatus: ['sent', 'sendFailed'] },
			sort: { sortColumn: 'dateTime', sortOrder: 'asc' },
		}).then(succeeded);
		expect(fieldOf(result, 'FaxId')).toEqual([
			early.firstId,
			early.lastId,
			late.firstId,
			late.lastId,
		]);
	});
});

describe('Version 2: Download', () => {
	test('keeps the fax record in json next to the file', async () => {
		const [fax] = emulator().control.injectInbound({ userId: 'alice@acme' });
		const result = await runV2('inboundFax', {
			operation: 'download',
			faxId: picked(Number(fax.FaxId)),
			format: 'pdf',
			binaryPropertyName: 'data',
		}).then(succeeded);
		expect(result.items[0].json).toMatchObject({
			FaxId: Number(fax.FaxId),
			FaxUserId: 'alice@acme',
		});
		expect(result.items[0].binary?.data.mimeType).toBe('application/pdf');
	});
});
