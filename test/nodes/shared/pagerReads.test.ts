import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiPath } from '../../../nodes/shared/transport/httpEncoding';
import type { PagesOptions } from '../../../nodes/shared/transport/paging';
import { faxCloudPages, MAX_PAGES_WITHOUT_PROGRESS } from '../../../nodes/shared/transport/paging';
import { waitUntil, watchFor } from '../../harness/waitUntil';
import { callHelper, credentials } from '../../harness/jest/helper-call';
import { useScriptedServers } from '../../harness/jest/scripted-server';
import { pagesOf, THREE_PAGE_URLS, threePages } from './threePageSearch';

/** The shared pager of fax searches (faxCloudPages): its progress check and its reading ahead. */

const server = useScriptedServers();

/** Pages the search: `onPage(index)` runs before the caller reads on; `stopAfter` pages end it. */
function pageThrough(
	options: PagesOptions,
	onPage: (index: number) => Promise<void>,
	stopAfter = Infinity,
) {
	return async function (this: IExecuteFunctions) {
		const ids: string[] = [];
		let index = 0;
		for await (const page of faxCloudPages.call(
			this,
			{ api: 'fax', method: 'GET', path: apiPath('outboundfaxes'), query: { FaxStatus: 'sent' } },
			{ pageSize: 2, ...options },
		)) {
			ids.push(...page.records.map((record: IDataObject) => String(record.FaxId)));
			await onPage(index);
			if (++index >= stopAfter) break;
		}
		return ids;
	};
}

/**
 * Progress check: a paging whose pages bring no record it has not read fails after
 * MAX_PAGES_WITHOUT_PROGRESS pages, so a stuck ResultsReference never passes a part of the list
 * for all of it; a record that comes again changed (modified while the pages are read) is progress.
 */

const readAll = pageThrough({}, async () => undefined);

const STATUSES = ['sending', 'scheduled', 'sending', 'sent'];

// Faxes 1 and 2 on every page, each time changed: by status (pages 1 and 3 repeat an earlier
// status, and the time moved instead), or, a fax the service tries again that fails again, only
// by a later time.
test.each([
	['a new status or time', 5, (page: number) => (page === 0 ? 'queued' : STATUSES[page - 1])],
	['only a new CompleteTime', 2 + MAX_PAGES_WITHOUT_PROGRESS, () => 'failed'],
])(
	'records that come again with %s on every later page are read to the end',
	async (_change, pages, statusOn) => {
		const changed = await server(
			pagesOf(pages, (page) =>
				[1, 2].map((id) => ({
					FaxId: String(id),
					FaxStatus: statusOn(page),
					CompleteTime: `2026-11-29T06:0${page}:00Z`,
				})),
			),
		);
		const { value, error } = await callHelper(credentials(changed.url), readAll);
		expect(error).toBeUndefined();
		expect(value).toHaveLength(2 * pages);
		expect(changed.received).toHaveLength(pages);
	},
);

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

/** Reading ahead (`readAhead`, the trigger's): the next page is asked for as soon as one arrives. */

/** Waits, without a caller reading on, until the test server has received `count` requests. */
const untilReceived = (server: { received: unknown[] }, count: number, what: string) =>
	waitUntil(what, () => server.received.length === count, 10_000, { intervalMs: 5 });

test('the next page is asked for while the caller still reads this one; the service sees the same requests in the same order', async () => {
	const ahead = await server(threePages());
	const requestsWhileReading: number[] = [];
	const { value, error } = await callHelper(
		credentials(ahead.url),
		pageThrough({ readAhead: true }, async (index) => {
			// The caller has not asked for the next page: it is on its way already.
			if (index < 2) await untilReceived(ahead, index + 2, 'the next page');
			requestsWhileReading.push(ahead.received.length);
		}),
	);
	expect(error).toBeUndefined();
	expect(value).toEqual(['1', '2', '3', '4', '5', '6']);
	expect(requestsWhileReading).toEqual([2, 3, 3]);

	const inTurn = await server(threePages());
	const plain = await callHelper(
		credentials(inTurn.url),
		pageThrough({}, async () => {
			requestsWhileReading.push(inTurn.received.length);
		}),
	);
	expect(plain.value).toEqual(value);
	// Without reading ahead, each page is asked for only when the caller reads on.
	expect(requestsWhileReading.slice(3)).toEqual([1, 2, 3]);
	expect(ahead.received.map((r) => r.url)).toEqual(inTurn.received.map((r) => r.url));
	expect(ahead.received.map((r) => r.url)).toEqual(THREE_PAGE_URLS);
});

test('a caller that stops early leaves one page unread, and that page failing fails nothing', async () => {
	const unhandled: unknown[] = [];
	const onUnhandled = (reason: unknown) => unhandled.push(reason);
	process.on('unhandledRejection', onUnhandled);
	try {
		const fax = await server(threePages(1));
		const { value, error } = await callHelper(
			credentials(fax.url),
			pageThrough({ readAhead: true }, async () => undefined, 1),
		);
		expect(error).toBeUndefined();
		expect(value).toEqual(['1', '2']);
		await untilReceived(fax, 2, 'the page read ahead');
		// Long enough for the 400 to reach the helper and reject (it is not tried again).
		await watchFor(
			'the page asked again, or an unhandled rejection',
			() => fax.received.length > 2 || unhandled.length > 0,
			300,
		);
		expect(fax.received).toHaveLength(2);
		expect(unhandled).toEqual([]);
	} finally {
		process.off('unhandledRejection', onUnhandled);
	}
});

test('a page read ahead that fails fails the caller that reads on to it, after the page before', async () => {
	const fax = await server(threePages(1));
	const read: number[] = [];
	const { error } = await callHelper(
		credentials(fax.url),
		pageThrough({ readAhead: true }, async (index) => {
			read.push(index);
		}),
	);
	expect(read).toEqual([0]);
	expect(error?.message).toMatch(/400|Bad paging key/);
	expect(fax.received).toHaveLength(2);
});
