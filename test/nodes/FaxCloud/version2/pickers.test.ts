import type { IDataObject } from 'n8n-workflow';

import { FaxCloud } from '../../../../nodes/FaxCloud/FaxCloud.node';
import { credentialsFor } from '../../../harness/jest/emulator';
import { postMailMergeJob } from '../../../harness/emulatorHttp';
import { listSearch } from '../../../harness/jest/load-options';
import { runFaxCloud, useFaxSuite } from '../outboundFax/faxHelpers';

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

describe('Version 2 pickers: Fax ID and Job ID "From List"', () => {
	test('lists the newest outbound faxes first, one page, and the next page with the token', async () => {
		const alice = { userId: 'alice@acme' };
		const { firstId, lastId } = emulator().control.bulkCreateOutbound(120, alice);
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
		emulator().control.bulkCreateOutbound(150, { userId: 'alice@acme' });
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
		emulator().control.bulkCreateOutbound(150, { userId: 'alice@acme' });
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
