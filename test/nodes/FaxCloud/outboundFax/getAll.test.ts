import type { IDataObject } from 'n8n-workflow';

import { testDateWindows, useFaxSuite } from './faxHelpers';
import { fieldOf, succeeded } from '../faxCloudExpect';

const suite = useFaxSuite();
const { emulator, run, requests, sent, refused } = suite;

const getMany = (parameters: IDataObject, options = {}) => run('getAll', parameters, options);

describe('Outbound Fax: Get Many', () => {
	test('Return All pages through ResultsReference for the user', async () => {
		emulator().control.bulkCreateOutbound(250, { userId: 'alice@acme' });
		emulator().control.bulkCreateOutbound(5, { userId: 'bob@acme' });
		const result = await getMany({ returnAll: true }).then(succeeded);
		expect(result.items).toHaveLength(250);
		const ids = result.items.map((item) => item.json.FaxId as number);
		expect(new Set(ids).size).toBe(250);
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
		expect(result.items.every((item) => item.json.FaxUserId === 'alice@acme')).toBe(true);
		expect(result.items.map((item) => item.pairedItem)).toEqual(Array(250).fill({ item: 0 }));
		const seen = requests('GET', '^/v1/outboundfaxes$');
		expect(seen).toHaveLength(3);
		expect(seen[0].query).toEqual({ ResultLimit: '100' });
		expect(seen[1].query).toEqual({ ResultLimit: '100', GetNextResults: expect.any(String) });
		expect(seen[2].query.GetNextResults).not.toBe(seen[1].query.GetNextResults);
	});

	test('Limit returns that many records, asking the service for no more', async () => {
		emulator().control.bulkCreateOutbound(80, { userId: 'alice@acme' });
		const result = await getMany({ returnAll: false, limit: 30 });
		expect(result.items).toHaveLength(30);
		expect(result.items[0].json).toMatchObject({
			FaxId: 1,
			FaxUserId: 'alice@acme',
			Mark: false,
			PagesTotal: expect.any(Number),
			CompleteTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
		});
		expect(requests('GET').map((request) => request.query)).toEqual([{ ResultLimit: '30' }]);
	});

	test('a limit above one page is filled across pages', async () => {
		emulator().control.bulkCreateOutbound(180, { userId: 'alice@acme' });
		const result = await getMany({ returnAll: false, limit: 150 });
		expect(result.items).toHaveLength(150);
		expect(requests('GET')).toHaveLength(2);
	});

	test('every filter and sort option (version 1: one Status, Sort under Options) is sent under its documented name; whole records come back', async () => {
		emulator().control.bulkCreateOutbound(40, {
			userId: 'bob@acme',
			statuses: ['sent', 'sendFailed'],
			batchName: 'january',
			from: '2026-01-01T00:00:00Z',
			to: '2026-01-04T00:00:00Z',
		});
		const result = await getMany(
			{
				returnAll: true,
				filters: {
					datetimeAfter: '2026-01-02T00:00:00Z',
					datetimeBefore: '2026-01-03T12:00:00+01:00',
					faxUserId: 'bob@acme',
					faxStatus: 'sendFailed',
					mark: false,
					batchName: 'january',
					batchUniqueId: '',
				},
				options: { sortColumn: 'dateTime', sortOrder: 'desc' },
			},
			{ user: 'acmeAdmin', typeVersion: 1 },
		).then(succeeded);
		expect(requests('GET')[0].query).toEqual({
			DatetimeAfter: '2026-01-02T00:00:00Z',
			DatetimeBefore: '2026-01-03T11:00:00Z',
			FaxUserId: 'bob@acme',
			FaxStatus: 'sendFailed',
			Mark: 'false',
			BatchName: 'january',
			SortColumn: 'dateTime',
			SortOrder: 'desc',
			ResultLimit: '100',
		});
		expect(result.items).toHaveLength(10);
		expect(result.items[0].json).toHaveProperty('ImgHost');
		for (const { json } of result.items) {
			expect(json).toMatchObject({ FaxStatus: 'sendFailed', FaxUserId: 'bob@acme', Mark: false });
			expect(String(json.CompleteTime) >= '2026-01-02T00:00:00.000Z').toBe(true);
			expect(String(json.CompleteTime) <= '2026-01-03T11:00:00.000Z').toBe(true);
		}
		const times = result.items.map((item) => item.json.CompleteTime as string);
		expect(times).toEqual([...times].sort().reverse());
	});

	test('Batch Unique ID and Marked filters', async () => {
		await sent('12125550000, 12125550001', { batchUniqueId: 'b-77' });
		await run('mark', { faxId: '2' });
		const filters = { batchUniqueId: 'b-77', mark: true };
		expect(fieldOf(await getMany({ returnAll: true, filters }), 'FaxId')).toEqual([2]);
		expect(requests('GET').pop()!.query).toMatchObject({ BatchUniqueId: 'b-77', Mark: 'true' });
	});

	test('no match gives no items', async () => {
		const result = await getMany({ returnAll: true }).then(succeeded);
		expect(result.items).toEqual([]);
	});

	test('a bad date filter is refused before any request', async () => {
		const result = await getMany({ returnAll: true, filters: { datetimeAfter: '05/01/2026' } });
		refused(result, /^Invalid "Updated After": "05\/01\/2026" is not a date/);
	});

	describe('Updated After and Updated Before in the workflow’s timezone', () => {
		/** One finished fax of alice's, last updated at the instant given. */
		const faxUpdatedAt = (iso: string) =>
			emulator().control.bulkCreateOutbound(1, { userId: 'alice@acme', from: iso, to: iso })
				.firstId;

		testDateWindows(suite, faxUpdatedAt);

		test('a bad Updated Before is refused in a New York workflow, naming it', async () => {
			const result = await getMany(
				{ returnAll: true, filters: { datetimeBefore: '2026-11-31T09:00:00' } },
				{ timezone: 'America/New_York' },
			);
			refused(result, /^Invalid "Updated Before": "2026-11-31T09:00:00" is not a valid date/);
		});
	});
});
