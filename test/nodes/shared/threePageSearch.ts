/** Scripted fax searches paged by GetNextResults, read by the shared pager's tests (transport, pager). */
import type { IDataObject } from 'n8n-workflow';

import { OK } from '../../harness/jest/helper-call';
import type { ScriptedAnswer } from '../../harness/jest/scripted-server';
import { sendJson } from '../../harness/jest/scripted-server';

/** Pages 0..count-1 by GetNextResults, holding `pageRecords(page)`; `failPage` answers 400. */
export const pagesOf =
	(
		count: number,
		pageRecords: (page: number) => IDataObject[],
		failPage?: number,
	): ScriptedAnswer =>
	(req, _n, res) => {
		const query = new URL(req.url, 'http://x').searchParams;
		const page = Number(query.get('GetNextResults')?.replace('ref-', '') ?? 0);
		if (page === failPage) {
			sendJson(res, 400, { RequestStatus: { StatusCode: 400, StatusText: 'Bad paging key' } });
			return;
		}
		const last = page === count - 1;
		sendJson(res, 200, {
			...OK,
			FaxInfo: pageRecords(page),
			HasMoreResults: last ? 'false' : 'true',
			...(last ? {} : { ResultsReference: `ref-${page + 1}` }),
		});
	};

/** Pages 0..2 of two sent faxes each, by GetNextResults; `failPage` answers 400 instead. */
export const threePages = (failPage?: number) =>
	pagesOf(
		3,
		(page) => [1, 2].map((i) => ({ FaxId: String(page * 2 + i), FaxStatus: 'sent' })),
		failPage,
	);

/** The requests of the whole search of sent faxes, pages of 2. */
export const THREE_PAGE_URLS = [
	'/v1/outboundfaxes?FaxStatus=sent&ResultLimit=2',
	'/v1/outboundfaxes?FaxStatus=sent&ResultLimit=2&GetNextResults=ref-1',
	'/v1/outboundfaxes?FaxStatus=sent&ResultLimit=2&GetNextResults=ref-2',
];
