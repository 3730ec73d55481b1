import type { IDataObject } from 'n8n-workflow';

import { FROM_BINARY_FILES, jobItem, useMailMergeSuite } from './mailMergeHelpers';
import { succeeded } from '../faxCloudExpect';

const { template, requests, create, refused } = useMailMergeSuite(['Name', 'Fax']);

const CSV = 'Name,Fax\r\nAnn,12125550000\r\n';

const createJob = (sendAfter: unknown, timezone: string) =>
	create(
		{ ...FROM_BINARY_FILES, options: { sendAfter } as IDataObject },
		{ items: [jobItem(CSV, template())], timezone },
	);

/**
 * Send After goes through the same conversion as Outbound Fax → Send, whose own suite
 * (outboundFax/sendAfter.test.ts) runs every time zone row: here one accepted and one refused
 * value show that the job reads the workflow's timezone and writes SendAfter.
 */
describe('Mail Merge Job: Send After in the workflow’s timezone', () => {
	test('in America/New_York, 2026-07-15T09:00:00 goes out as 2026-07-15T13:00:00Z (summer, EDT -04:00)', async () => {
		const result = await createJob('2026-07-15T09:00:00', 'America/New_York').then(succeeded);
		expect(result.items[0].json).toMatchObject({ JobID: 1 });
		expect(requests('POST')[0]).toMatchObject({
			status: 201,
			params: { SendAfter: '2026-07-15T13:00:00Z' },
		});
	});

	test('a bad Send After is refused in a New York workflow before the upload, naming it', async () => {
		const result = await createJob('2026-11-24T25:00:00', 'America/New_York');
		refused(result, /^Invalid "Send After": "2026-11-24T25:00:00" is not a valid date/);
	});
});
