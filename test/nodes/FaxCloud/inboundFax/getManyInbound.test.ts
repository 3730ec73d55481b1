import type { IDataObject } from 'n8n-workflow';
import type { InjectInboundOptions } from '../../../../emulator/control/inject';
import { INBOUND_HAS_MORE_RESULTS } from '../../../../emulator/fax/search';

import { testDateWindows, useFaxSuite } from '../outboundFax/faxHelpers';
import { fieldOf, succeeded, unauthorizedHidingSecret } from '../faxCloudExpect';

const suite = useFaxSuite('inboundFax');
const { emulator, run, requests, refused } = suite;

type Received = Omit<InjectInboundOptions, 'userId'>;

const receive = (userId: string, fax: Received = {}) =>
	emulator().control.injectInbound({ userId, ...fax });

/** One fax received by alice, as `fax` says; its FaxId. */
const receiveOne = (fax: Received = {}) => Number(receive('alice@acme', fax)[0].FaxId);

/** The proxy login, which sees the faxes of its organization's users. */
const asAdmin = { user: 'acmeAdmin' } as const;
const getMany = (parameters: IDataObject, options = {}) => run('getAll', parameters, options);

describe('Inbound Fax: Get Many', () => {
	test('a login sees its own received faxes, normalised', async () => {
		receive('alice@acme', { count: 3 });
		receive('bob@acme', { count: 2 });
		const result = await getMany({ returnAll: true }).then(succeeded);
		expect(result.items).toHaveLength(3);
		for (const { json } of result.items) {
			expect(json).toMatchObject({
				FaxUserId: 'alice@acme',
				FaxStatus: 'recvOk',
				DestFaxNumber: '12125550101',
				Mark: false,
				ReceivedTime: '2026-01-05T09:00:00.000Z',
			});
			expect(typeof json.FaxId).toBe('number');
			expect(typeof json.PagesReceived).toBe('number');
			expect(typeof json.Viewed).toBe('boolean');
		}
		const [request] = requests('GET');
		expect(request.path).toBe('/v1/inboundfaxes');
		expect(request.query).toEqual({ ResultLimit: '100' });
	});

	test('All Users sends FaxUserId * and a proxy login gets every user of its organization', async () => {
		receive('alice@acme', { count: 2 });
		receive('bob@acme', { count: 2 });
		receive('carol@globex', { count: 1 });
		const result = await getMany({ returnAll: true, filters: { allUsers: true } }, asAdmin);
		expect(fieldOf(result, 'FaxUserId').sort()).toEqual([
			'alice@acme',
			'alice@acme',
			'bob@acme',
			'bob@acme',
		]);
		expect(requests('GET')[0].query).toEqual({ FaxUserId: '*', ResultLimit: '100' });
	});

	test('Fax User ID selects one user for a proxy login', async () => {
		receive('alice@acme', { count: 2 });
		receive('bob@acme', { count: 1 });
		const result = await getMany({ returnAll: true, filters: { faxUserId: 'bob@acme' } }, asAdmin);
		expect(fieldOf(result, 'FaxUserId')).toEqual(['bob@acme']);
	});

	test('every filter and sort option is sent under its documented name', async () => {
		const incomplete = { fields: { FaxStatus: 'recvIncomplete' } };
		receive('alice@acme', { count: 2, at: '2026-01-05T08:00:00Z', ...incomplete });
		receive('alice@acme', { at: '2026-01-05T08:30:00Z' });
		receive('alice@acme', { at: '2026-01-04T08:30:00Z', ...incomplete });
		const result = await getMany({
			returnAll: false,
			limit: 10,
			filters: {
				datetimeAfter: '2026-01-05T07:00Z',
				datetimeBefore: '2026-01-05T10:00:00+01:00',
				faxStatus: 'recvIncomplete',
				mark: false,
			},
			options: { sortColumn: 'faxId', sortOrder: 'desc' },
		}).then(succeeded);
		expect(result.items.map((item) => [item.json.FaxId, item.json.FaxStatus])).toEqual([
			[2, 'recvIncomplete'],
			[1, 'recvIncomplete'],
		]);
		expect(requests('GET')[0].query).toEqual({
			DatetimeAfter: '2026-01-05T07:00:00Z',
			DatetimeBefore: '2026-01-05T09:00:00Z',
			FaxStatus: 'recvIncomplete',
			Mark: 'false',
			SortColumn: 'faxId',
			SortOrder: 'desc',
			ResultLimit: '10',
		});
	});

	test('Return All pages through a large inbox', async () => {
		emulator().control.bulkCreateInbound(230, { userId: 'alice@acme' });
		const result = await getMany({ returnAll: true });
		expect(result.items).toHaveLength(230);
		expect(new Set(fieldOf(result, 'FaxId')).size).toBe(230);
		const seen = requests('GET');
		expect(seen).toHaveLength(3);
		expect(seen[1].query.GetNextResults).toEqual(expect.any(String));
	});

	// The description shows HasMoreResults for outbound answers only: an inbound search may say
	// more results follow by its ResultsReference alone (the emulator's `omitted`).
	describe.each(INBOUND_HAS_MORE_RESULTS)('HasMoreResults %s on inbound answers', (mode) => {
		beforeEach(() => emulator().control.setInboundHasMoreResults(mode));

		/** alice receives `count` faxes; their FaxIds, ascending, as the node gives them. */
		function received(count: number) {
			const made = emulator().control.bulkCreateInbound(count, { userId: 'alice@acme' });
			return Array.from({ length: count }, (_, i) => made.firstId + i);
		}

		test('Return All gives every fax of a 250-fax search once, over its three pages', async () => {
			const faxIds = received(250);
			const result = await getMany({ returnAll: true }).then(succeeded);
			expect(fieldOf(result, 'FaxId')).toEqual(faxIds);
			expect(requests('GET')).toHaveLength(3);
		});

		test('a Limit of 150 gives the first 150 faxes of 250 once, over two pages', async () => {
			const faxIds = received(250);
			const result = await getMany({ returnAll: false, limit: 150 }).then(succeeded);
			expect(fieldOf(result, 'FaxId')).toEqual(faxIds.slice(0, 150));
			expect(requests('GET')).toHaveLength(2);
		});
	});

	test('a wrong password is a 401 without the secret', async () => {
		const result = await getMany({ returnAll: true }, { password: 'Inb0x-Secret' });
		unauthorizedHidingSecret(result, 'Inb0x-Secret');
	});

	describe('Received After and Received Before in the workflow’s timezone', () => {
		/** One fax received by alice at the instant given (before the emulator's clock, set below). */
		const receivedAt = (iso: string) => receiveOne({ at: iso });

		// The windows (shared with outbound faxes) reach November 2026: a fax is received before now.
		beforeEach(() => emulator().control.setTime('2027-01-01T00:00:00Z'));

		testDateWindows(suite, receivedAt);

		test('a bad Received After is refused in a Kolkata workflow, naming it', async () => {
			const result = await getMany(
				{ returnAll: true, filters: { datetimeAfter: 'last week' } },
				{ timezone: 'Asia/Kolkata' },
			);
			refused(result, /^Invalid "Received After": "last week" is not a date/);
		});
	});
});

const on = (operation: string, faxId: number | string, parameters = {}, options = {}) =>
	run(operation, { faxId: String(faxId), ...parameters }, options);

const storedFax = (faxId: number) =>
	emulator()
		.control.inboundAll()
		.find((fax) => fax.FaxId === String(faxId));

describe('Inbound Fax: Get, Download, Update, Delete, Mark, Unmark', () => {
	test('Get returns the record with numbers, booleans and UTC datetimes', async () => {
		const faxId = receiveOne({ fields: { PagesReceived: 3 } });
		const result = await on('get', faxId).then(succeeded);
		expect(result.items[0].json).toMatchObject({
			FaxId: faxId,
			FaxUserId: 'alice@acme',
			PagesReceived: 3,
			Mark: false,
			ReceivedTime: '2026-01-05T09:00:00.000Z',
			CreateTime: '2026-01-05T09:00:00.000Z',
		});
		expect(requests('GET')[0].path).toBe(`/v1/inboundfaxes/${faxId}`);
	});

	test('Download as TIFF asks for image/tiff; Get asks for JSON', async () => {
		const faxId = receiveOne();
		await on('get', faxId);
		const result = await on('download', faxId, { format: 'tif', binaryPropertyName: 'data' });
		expect(result.items[0].binary?.data.mimeType).toBe('image/tiff');
		expect(requests('GET').map((request) => [request.path, request.accept])).toEqual([
			[`/v1/inboundfaxes/${faxId}`, 'application/json'],
			[`/v1/inboundfaxes/${faxId}/image`, 'image/tiff'],
		]);
	});

	test('Download with a wrong password is a 401 without the secret', async () => {
		const faxId = receiveOne();
		const download = { format: 'tif', binaryPropertyName: 'data' };
		const result = await on('download', faxId, download, { password: 'Tiff-Secret-1' });
		unauthorizedHidingSecret(result, 'Tiff-Secret-1');
	});

	test('Update sends Mark, ProjectCode and ProjectCode2 and reports what changed', async () => {
		const faxId = receiveOne();
		const result = await on('update', faxId, {
			updateFields: { mark: true, projectCode: 'ACC-9', projectCode2: 'claims' },
		});
		expect(result.items[0].json).toEqual({
			FaxId: faxId,
			Mark: true,
			ProjectCode: 'ACC-9',
			ProjectCode2: 'claims',
			success: true,
		});
		const [request] = requests('PUT');
		const sent = { Mark: 'true', ProjectCode: 'ACC-9', ProjectCode2: 'claims' };
		expect(request.path).toBe(`/v1/inboundfaxes/${faxId}`);
		expect(request.params).toEqual(sent);
		expect(storedFax(faxId)).toMatchObject(sent);
	});

	test('Update with an empty Project Code clears it', async () => {
		const faxId = receiveOne({ fields: { ProjectCode: 'OLD' } });
		await on('update', faxId, { updateFields: { projectCode: '' } });
		expect(requests('PUT')[0].params).toEqual({ ProjectCode: '' });
		expect(storedFax(faxId)?.ProjectCode).toBe('');
	});

	test('Mark and Unmark', async () => {
		const faxId = receiveOne();
		const marked = await on('mark', faxId);
		expect(marked.items[0].json).toEqual({ FaxId: faxId, Mark: true, success: true });
		const unmarked = await on('unmark', faxId);
		expect(unmarked.items[0].json).toEqual({ FaxId: faxId, Mark: false, success: true });
		expect(requests('PUT').map((request) => request.params)).toEqual([
			{ Mark: 'true' },
			{ Mark: 'false' },
		]);
	});

	test('Delete removes the fax', async () => {
		const faxId = receiveOne();
		const deleted = await on('delete', faxId);
		expect(deleted.items[0].json).toEqual({ FaxId: faxId, deleted: true, success: true });
		expect(requests('DELETE')[0].path).toBe(`/v1/inboundfaxes/${faxId}`);
		expect(storedFax(faxId)?.deleted).toBe(true);
	});
});
