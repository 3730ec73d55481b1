/** A scripted fax search of three pages, read by the shared pager's tests (transport, readAhead). */
import { OK } from '../../harness/jest/helper-call';
import type { ScriptedAnswer } from '../../harness/jest/scripted-server';
import { sendJson } from '../../harness/jest/scripted-server';

/** Pages 0..2 of two records each, by GetNextResults; `failPage` answers 400 instead. */
export const threePages =
	(failPage?: number): ScriptedAnswer =>
	(req, _n, res) => {
		const query = new URL(req.url, 'http://x').searchParams;
		const page = Number(query.get('GetNextResults')?.replace('ref-', '') ?? 0);
		if (page === failPage) {
			sendJson(res, 400, { RequestStatus: { StatusCode: 400, StatusText: 'Bad paging key' } });
			return;
		}
		const last = page === 2;
		sendJson(res, 200, {
			...OK,
			FaxInfo: [1, 2].map((i) => ({ FaxId: String(page * 2 + i), FaxStatus: 'sent' })),
			HasMoreResults: last ? 'false' : 'true',
			...(last ? {} : { ResultsReference: `ref-${page + 1}` }),
		});
	};

/** The requests of the whole search of sent faxes, pages of 2. */
export const THREE_PAGE_URLS = [
	'/v1/outboundfaxes?FaxStatus=sent&ResultLimit=2',
	'/v1/outboundfaxes?FaxStatus=sent&ResultLimit=2&GetNextResults=ref-1',
	'/v1/outboundfaxes?FaxStatus=sent&ResultLimit=2&GetNextResults=ref-2',
];
