import type { IDataObject } from 'n8n-workflow';

import { credentialsFor, useEmulator } from '../../../support/emulator';
import { runNode } from '../../../support/run-node';
import {
	csvFile,
	faxCloudNode,
	formPdf,
	itemWithFiles,
	mailMergeRequests,
	pdfFile,
} from './support';

/** Mail merge Send After from n8n's date picker means the workflow's timezone (n8n-core run). */

const emulator = useEmulator();

const CSV = 'Name,Fax\r\nAnn,12125550000\r\n';

let template: Buffer;
beforeAll(async () => {
	template = await formPdf(['Name', 'Fax']);
});

const createJob = (sendAfter: unknown, timezone: string) =>
	runNode({
		node: faxCloudNode,
		parameters: {
			resource: 'mailMergeJob',
			operation: 'create',
			csvSource: 'binary',
			csvBinaryPropertyName: 'csv',
			templateBinaryPropertyName: 'data',
			faxNumberColumn: 'Fax',
			options: { sendAfter } as IDataObject,
		},
		credentials: credentialsFor(emulator(), 'alice'),
		items: [itemWithFiles({ csv: csvFile(CSV), data: pdfFile(template) })],
		timezone,
	});

describe('Mail Merge Job: Send After in the workflow’s timezone', () => {
	test.each([
		['America/New_York', '2026-01-20T09:00:00', '2026-01-20T14:00:00Z', 'winter, EST'],
		['America/New_York', '2026-07-15T09:00:00', '2026-07-15T13:00:00Z', 'summer, EDT'],
		['Asia/Kolkata', '2026-11-24T09:00:00', '2026-11-24T03:30:00Z', 'IST'],
		['Asia/Kolkata', '2026-11-24T09:00:00Z', '2026-11-24T09:00:00Z', 'Z kept'],
		['America/New_York', '2026-11-24T09:00:00+05:30', '2026-11-24T03:30:00Z', 'offset kept'],
	])('in %s, %s goes out as %s (%s)', async (timezone, value, wire) => {
		const result = await createJob(value, timezone);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ JobID: 1 });
		const [post] = mailMergeRequests(emulator(), 'POST');
		expect(post.status).toBe(201);
		expect(post.params.SendAfter).toBe(wire);
	});

	test('a bad Send After is refused in a New York workflow before the upload, naming it', async () => {
		const result = await createJob('2026-11-24T25:00:00', 'America/New_York');
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(
			/^Invalid "Send After": "2026-11-24T25:00:00" is not a valid date/,
		);
		expect(mailMergeRequests(emulator())).toHaveLength(0);
	});
});
