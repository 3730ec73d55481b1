/** Helpers of the mail merge suites of the Fax Cloud node. */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { formPdf } from '../../../harness/formPdf';
import { itemWithFiles } from '../../../harness/jest/binary-items';
import { madeOnce } from '../../../harness/jest/madeOnce';
import type { RunOptions } from '../../../harness/jest/fax-cloud-node';
import type { RunNodeResult } from '../../../harness/jest/run-node';
import { useNodeSuite } from '../faxCloudExpect';

export { faxCloudNode, type RunOptions } from '../../../harness/jest/fax-cloud-node';

/**
 * A mail merge suite (see useNodeSuite), with the form PDF it uploads: a field per name, made
 * once before the file's tests.
 */
export function useMailMergeSuite(fieldNames: string[]) {
	const suite = useNodeSuite('mailMerge', 'mailMergeJob');
	const { run, requests } = suite;
	return {
		...suite,
		template: madeOnce(() => formPdf(fieldNames)),
		create: (parameters: IDataObject = {}, options: RunOptions = {}) =>
			run('create', { faxNumberColumn: 'Fax', ...parameters }, options),
		faxesOf: (jobId: IDataObject[string] = 1) => run('getFaxes', { jobId, returnAll: true }),
		/** Checks that the run created job 1 of that many faxes and the service took it; gives the upload. */
		expectJobAccepted(result: RunNodeResult, expectedFaxes: number) {
			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toEqual({ JobID: 1, ExpectedFaxes: expectedFaxes });
			const [post] = requests('POST');
			expect(post.status).toBe(201);
			return post;
		},
	};
}

const pdfFile = (data: Buffer) => ({ data, mimeType: 'application/pdf', fileName: 'form.pdf' });

/** The item with the template added in a binary field (`data` unless named), its JSON kept. */
export const withTemplate = (item: INodeExecutionData, template: Buffer, field = 'data') => ({
	...item,
	...itemWithFiles({ [field]: pdfFile(template) }, item.json),
});

/** Binary File as the CSV source, the files in the fields Create reads by default. */
export const FROM_BINARY_FILES = {
	csvSource: 'binary',
	csvBinaryPropertyName: 'csv',
	templateBinaryPropertyName: 'data',
};

/** An item with a CSV in `csv` and a template in `data`, the binary fields Binary File reads. */
export const jobItem = (csv: string | Buffer, template: Buffer, json: IDataObject = {}) =>
	itemWithFiles(
		{
			csv: { data: csv, mimeType: 'text/csv', fileName: 'recipients.csv' },
			data: pdfFile(template),
		},
		json,
	);
