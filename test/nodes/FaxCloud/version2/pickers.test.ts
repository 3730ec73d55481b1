import type { IDataObject } from 'n8n-workflow';

import { FaxCloud } from '../../../../nodes/FaxCloud/FaxCloud.node';
import { SIMPLIFIED_FAX_FIELDS } from '../../../../nodes/shared/simplifiedFax';
import { credentialsFor } from '../../../harness/jest/emulator';
import { call, postMailMergeJob, USERS } from '../../../harness/emulatorHttp';
import { listSearch } from '../../../harness/jest/load-options';
import { runFaxCloud, useFaxSuite } from '../outboundFax/faxHelpers';
import { fieldOf, succeeded } from '../faxCloudExpect';

const { emulator, run, requests, sent, refused } = useFaxSuite();
const node = new FaxCloud();

const search = (method: string, filter?: string, paginationToken?: string) =>
	listSearch({
		node,
		method,
		parameters: { resource: 'outboundFax', operation: 'get' },
		credentials: credentialsFor(emulator(), 'alice'),
		typeVersion: 2,
		filter,
		paginationToken,
	});

/** Outbound faxes of alice's, made by the emulator. */
const faxesOfAlice = (count: number, options: Record<string, unknown> = {}) =>
	emulator().control.bulkCreateOutbound(count, { userId: 'alice@acme', ...options });

describe('Version 2 pickers: Fax ID and Job ID "From List"', () => {
	test('lists the newest outbound faxes first, one page, and the next page with the token', async () => {
		const { firstId, lastId } = faxesOfAlice(120);
		const first = await search('searchOutboundFaxes');
		expect(first.results).toHaveLength(50);
		expect(first.results[0].value).toBe(String(lastId));
		expect(first.results[0].name).toMatch(new RegExp(`^#${lastId} · to \\d+ · \\w+`));
		expect(first.paginationToken).toEqual(expect.any(String));
		const second = await search('searchOutboundFaxes', undefined, first.paginationToken);
		expect(second.results[0].value).toBe(String(lastId - 50));
		const third = await search('searchOutboundFaxes', undefined, second.paginationToken);
		expect(third.results).toHaveLength(20);
		expect(third.results.at(-1)?.value).toBe(String(firstId));
		expect(third.paginationToken).toBeUndefined();
		const seen = requests('GET', '^/v1/outboundfaxes$');
		expect(seen[0].query).toEqual({ SortColumn: 'faxId', SortOrder: 'desc', ResultLimit: '50' });
	});

	test('typing filters by fax number, reading further pages for matches', async () => {
		faxesOfAlice(150);
		const faxId = String((await sent('14155550123'))[0]);
		const found = await search('searchOutboundFaxes', '4155550123');
		expect(found.results.map((r) => r.value)).toEqual([faxId]);
		const byId = await search('searchOutboundFaxes', faxId);
		expect(byId.results.map((r) => r.value)).toContain(faxId);
	});

	test('inbound faxes are listed with their caller, filtered by user', async () => {
		emulator().control.injectInbound({ userId: 'alice@acme', count: 3 });
		const all = await search('searchInboundFaxes');
		expect(all.results).toHaveLength(3);
		expect(all.results[0].name).toMatch(/^#\d+ · from /);
		expect(Number(all.results[0].value)).toBeGreaterThan(Number(all.results[2].value));
		expect((await search('searchInboundFaxes', 'nobody-here')).results).toEqual([]);
	});

	test('mail merge jobs newest first, with their status', async () => {
		const newestFirst: number[] = [];
		for (let job = 0; job < 3; job++) newestFirst.unshift(await postMailMergeJob(emulator(), 1));
		const result = await search('searchMailMergeJobs');
		expect(result.results.map((r) => Number(r.value))).toEqual(newestFirst);
		expect(result.results[0].name).toMatch(new RegExp(`^#${newestFirst[0]} · \\w+`));
	});

	test('typing a number finds an older fax beyond the first page', async () => {
		const faxId = String((await sent('14155550123'))[0]);
		faxesOfAlice(150);
		const found = await search('searchOutboundFaxes', '4155550123');
		expect(found.results.map((r) => r.value)).toEqual([faxId]);
	});

	test('inbound faxes are filtered by the caller’s number', async () => {
		const fields = { CallerNumber: '13125550199' };
		const [caller] = emulator().control.injectInbound({ userId: 'alice@acme', fields });
		emulator().control.injectInbound({ userId: 'alice@acme', count: 2 });
		const found = await search('searchInboundFaxes', '3125550199');
		expect(found.results.map((r) => r.value)).toEqual([String(caller.FaxId)]);
	});

	test('typing a status or a number filters the mail merge jobs', async () => {
		const jobs: number[] = [];
		for (let job = 0; job < 3; job++) jobs.push(await postMailMergeJob(emulator(), 1));
		emulator().control.cancelJob(jobs[1]);
		const cancelled = await search('searchMailMergeJobs', 'cancelled');
		expect(cancelled.results.map((r) => Number(r.value))).toEqual([jobs[1]]);
		const byId = await search('searchMailMergeJobs', String(jobs[2]));
		expect(byId.results.map((r) => Number(r.value))).toEqual([jobs[2]]);
	});

	test('mail merge jobs that fit on one page give no token for a next page', async () => {
		await postMailMergeJob(emulator(), 1);
		const result = await search('searchMailMergeJobs');
		expect(result.results).toHaveLength(1);
		expect(result.paginationToken).toBeUndefined();
	});
});

describe('Version 2 pickers: By ID', () => {
	const byId = (value: string) => ({ faxId: { __rl: true, mode: 'id', value } });
	const get = (parameters: IDataObject) => run('get', parameters, { typeVersion: 2 });

	test.each(['abc', '0', '-4', '12.5'])(
		'By ID "%s" typed in is refused by n8n before the run, with the picker\'s message',
		async (value) => {
			await expect(get(byId(value))).rejects.toThrow(
				/Not a valid Fax ID: use a whole number greater than 0/,
			);
			expect(requests()).toHaveLength(0);
		},
	);

	test.each(['abc', '0', '12.5'])(
		'By ID from an expression ("%s") is refused before any request, naming Fax ID',
		async (value) => {
			const result = await get(byId(`={{ "${value}" }}`));
			refused(result, /^Invalid "Fax ID": .*use a whole number greater than 0/);
		},
	);

	test('Job ID By ID is checked the same way', async () => {
		const result = await runFaxCloud(
			emulator(),
			'mailMergeJob' as never,
			{ operation: 'get', jobId: { __rl: true, mode: 'id', value: '={{ "x1" }}' } },
			{ typeVersion: 2 },
		);
		expect(result.error?.message).toMatch(/^Invalid "Job ID"/);
	});

	test('the description offers both modes and validates By ID in the editor', () => {
		const faxIds = node.description.properties.filter((p) => p.name === 'faxId');
		const locator = faxIds.find((p) => p.type === 'resourceLocator');
		expect(locator?.modes?.map((m) => m.name)).toEqual(['list', 'id']);
		const regex = new RegExp(
			(
				locator?.modes?.[1].validation?.[0] as unknown as { properties: { regex: string } }
			).properties.regex,
		);
		expect(['1234', ' 7 '].every((v) => regex.test(v))).toBe(true);
		expect(['0', 'abc', '1.5'].some((v) => regex.test(v))).toBe(false);
	});
});

const runV2 = (resource: 'outboundFax' | 'inboundFax', parameters: IDataObject) =>
	runFaxCloud(emulator(), resource, parameters, { typeVersion: 2 });

const outboundGetMany = (parameters: IDataObject) =>
	runV2('outboundFax', { operation: 'getAll', ...parameters });

const picked = (id: number) => ({ __rl: true, mode: 'list', value: String(id) });

describe('Version 2: Simplify', () => {
	test('Get of a picked fax returns the dozen fields ops teams act on by default, the whole record when off', async () => {
		const { lastId } = faxesOfAlice(2);
		const get = { operation: 'get', faxId: picked(lastId) };
		const simple = await runV2('outboundFax', get);
		expect(simple.error).toBeUndefined();
		expect(Object.keys(simple.items[0].json)).toEqual(
			SIMPLIFIED_FAX_FIELDS.outbound.filter((field) => field in simple.items[0].json),
		);
		expect(simple.items[0].json).toMatchObject({ FaxId: lastId, FaxUserId: 'alice@acme' });
		expect(simple.items[0].json).not.toHaveProperty('ImgHost');
		const whole = await runV2('outboundFax', { ...get, simple: false });
		// The service's whole outbound record: 46 fields (the emulator's, after the description).
		expect(Object.keys(whole.items[0].json)).toHaveLength(46);
	});

	test('inbound Get Many is simplified to the inbound field set', async () => {
		emulator().control.injectInbound({ userId: 'alice@acme', count: 2 });
		const getAll = { operation: 'getAll', returnAll: true };
		const result = await runV2('inboundFax', getAll);
		expect(result.items).toHaveLength(2);
		const whole = await runV2('inboundFax', { ...getAll, simple: false });
		// The service's whole inbound record: 25 fields.
		expect(whole.items.map((item) => Object.keys(item.json).length)).toEqual([25, 25]);
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
	/** Made within the first hour of `day`. */
	const at = (day: string) => ({ from: `${day}T00:00:00Z`, to: `${day}T01:00:00Z` });

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

	test('several statuses sorted by Last Modified Time keep the service’s order: a fax marked since comes last, and a Limit keeps the first', async () => {
		const sent = faxesOfAlice(1, { statuses: ['sent'], ...at('2026-01-03') });
		const failed = faxesOfAlice(1, { statuses: ['sendFailed'], ...at('2026-01-01') });
		faxesOfAlice(1, { statuses: ['scheduled'], ...at('2026-01-02') });
		const url = `${emulator().urls.fax}/outboundfaxes/${failed.firstId}`;
		const marked = await call('PUT', url, { auth: USERS.alice, form: { Mark: 'true' } });
		expect(marked.status).toBe(201);
		const byLastModified = (limit: IDataObject) =>
			outboundGetMany({
				...limit,
				filters: { faxStatus: ['sent', 'sendFailed'] },
				sort: { sortColumn: 'dateTime', sortOrder: 'asc' },
			}).then(succeeded);

		expect(fieldOf(await byLastModified({ returnAll: true }), 'FaxId')).toEqual([
			sent.firstId,
			failed.firstId,
		]);
		expect(fieldOf(await byLastModified({ limit: 1 }), 'FaxId')).toEqual([sent.firstId]);
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
