import type { IDataObject } from 'n8n-workflow';

import { ZONE_LESS_TIMES, ZONED_TIMES_IN_TWO_ZONES } from '../../../harness/jest/workflow-times';
import { FROM_BINARY_FILES, jobItem, useMailMergeSuite } from './mailMergeHelpers';
import { refusedBefore, succeeded } from '../faxCloudExpect';

/** Mail merge Send After from n8n's date picker means the workflow's timezone (n8n-core run). */

const { template, run, requests } = useMailMergeSuite(['Name', 'Fax']);

const CSV = 'Name,Fax\r\nAnn,12125550000\r\n';

const createJob = (sendAfter: unknown, timezone: string) =>
	run(
		{
			operation: 'create',
			...FROM_BINARY_FILES,
			faxNumberColumn: 'Fax',
			options: { sendAfter } as IDataObject,
		},
		{ items: [jobItem(CSV, template())], timezone },
	);

/** Creates a job with Send After `value` in a `timezone` workflow; the service gets `wire`. */
async function expectSendAfterSentAs(timezone: string, value: string, wire: string) {
	const result = await createJob(value, timezone).then(succeeded);
	expect(result.items[0].json).toMatchObject({ JobID: 1 });
	expect(requests('POST')[0]).toMatchObject({ status: 201, params: { SendAfter: wire } });
}

describe('Mail Merge Job: Send After in the workflow’s timezone', () => {
	test.each(ZONE_LESS_TIMES)('in %s, %s goes out as %s (%s)', expectSendAfterSentAs);

	test.each(ZONED_TIMES_IN_TWO_ZONES)('in %s, %s keeps its own zone: %s', expectSendAfterSentAs);

	test('a bad Send After is refused in a New York workflow before the upload, naming it', async () => {
		const result = await createJob('2026-11-24T25:00:00', 'America/New_York');
		refusedBefore(
			result,
			/^Invalid "Send After": "2026-11-24T25:00:00" is not a valid date/,
			requests(),
		);
	});
});
