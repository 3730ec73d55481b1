import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiPath } from '../../../nodes/shared/transport/httpEncoding';
import { faxCloudPages, MAX_PAGES_WITHOUT_PROGRESS } from '../../../nodes/shared/transport/paging';
import { callHelper, credentials, OK } from '../../harness/jest/helper-call';
import { sendJson, useScriptedServers } from '../../harness/jest/scripted-server';

/**
 * The pager's progress check (faxCloudPages): a paging whose pages bring no record it has not read
 * fails after MAX_PAGES_WITHOUT_PROGRESS pages, so a stuck ResultsReference never passes a part of
 * the list for all of it; a record that comes again changed (a new status or time: modified while
 * the pages are read) is progress.
 */

const server = useScriptedServers();

/** Pages 0..n-1 by GetNextResults, each with the records `pageRecords(page)` gives. */
const pagesOf =
	(count: number, pageRecords: (page: number) => IDataObject[]) =>
	(req: { url?: string }, _n: number, res: Parameters<typeof sendJson>[0]) => {
		const query = new URL(req.url ?? '', 'http://x').searchParams;
		const page = Number(query.get('GetNextResults')?.replace('ref-', '') ?? 0);
		const last = page === count - 1;
		sendJson(res, 200, {
			...OK,
			FaxInfo: pageRecords(page),
			HasMoreResults: last ? 'false' : 'true',
			...(last ? {} : { ResultsReference: `ref-${page + 1}` }),
		});
	};

const readAll = async function (this: IExecuteFunctions) {
	const read: string[] = [];
	for await (const page of faxCloudPages.call(this, {
		api: 'fax',
		method: 'GET',
		path: apiPath('outboundfaxes'),
	})) {
		read.push(...page.records.map((r: IDataObject) => `${String(r.FaxId)}:${String(r.FaxStatus)}`));
	}
	return read;
};

const STATUSES = ['sending', 'scheduled', 'sending', 'sent'];

test('records that come again with a new status or time on every later page are read to the end', async () => {
	// Page 0 holds faxes 1 and 2; pages 1 to 4 hold them again, each time changed.
	const pages = 5;
	const changed = await server(
		pagesOf(pages, (page) =>
			[1, 2].map((id) => ({
				FaxId: String(id),
				FaxStatus: page === 0 ? 'queued' : STATUSES[page - 1],
				// Pages 1 and 3 repeat an earlier status: the time moved instead.
				CompleteTime: `2026-11-29T06:0${page}:00Z`,
			})),
		),
	);
	const { value, error } = await callHelper(credentials(changed.url), readAll);
	expect(error).toBeUndefined();
	expect(value).toHaveLength(2 * pages);
	expect(changed.received).toHaveLength(pages);
});

test('pages that repeat records already read fail the paging after the allowed pages, naming it', async () => {
	// Page 0 is new; every page after it repeats page 0 (same FaxIds, statuses and times).
	const stuck = await server(
		pagesOf(10, () => [
			{ FaxId: '1', FaxStatus: 'sent', CompleteTime: '2026-11-29T06:00:00Z' },
			{ FaxId: '2', FaxStatus: 'sent', CompleteTime: '2026-11-29T06:00:00Z' },
		]),
	);
	const { error } = await callHelper(credentials(stuck.url), readAll);
	expect(error?.message).toMatch(/same page of search results again/);
	expect(stuck.received).toHaveLength(1 + MAX_PAGES_WITHOUT_PROGRESS);
});

test('a FaxId read in several versions counts each version once', async () => {
	// Fax 1 alternates between two versions; fax 3 on page 2 is the last new record.
	const versions = [
		{ FaxId: '1', FaxStatus: 'sending' },
		{ FaxId: '1', FaxStatus: 'sent', CompleteTime: '2026-11-29T06:00:00Z' },
	];
	const pageRecords = [
		[versions[0]],
		[versions[1]],
		[versions[0], { FaxId: '3', FaxStatus: 'sent' }],
		[versions[1]],
		[versions[0]],
		[versions[1]],
		[versions[0]],
	];
	const alternating = await server(pagesOf(pageRecords.length, (page) => pageRecords[page]));
	const { error } = await callHelper(credentials(alternating.url), readAll);
	// Pages 3, 4 and 5 bring only versions read before: the paging stops there.
	expect(error?.message).toMatch(/same page of search results again/);
	expect(alternating.received).toHaveLength(3 + MAX_PAGES_WITHOUT_PROGRESS);
});
