import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../../../emulator';
import { formPdf } from '../../../harness/formPdf';
import { itemWithFiles, type BinaryFile } from '../../../harness/jest/binary-items';
import { useEmulator } from '../../../harness/jest/emulator';
import { madeOnce } from '../../../harness/jest/madeOnce';
import { ALICE, runFaxCloudNode, type RunOptions } from '../../../harness/jest/fax-cloud-node';

/** Helpers of the mail merge suites of the Fax Cloud node. */

export {
	ALICE,
	errorText,
	faxCloudNode,
	type RunOptions,
} from '../../../harness/jest/fax-cloud-node';

export const runMailMerge = (
	emulator: Emulator,
	parameters: IDataObject,
	options: RunOptions = {},
) => runFaxCloudNode(emulator, { resource: 'mailMergeJob', ...parameters }, options);

export { formPdf };

/**
 * A mail merge suite's emulator and the form PDF it uploads (a field per name), each made once
 * before the file's tests.
 */
export const useMailMergeSuite = (fieldNames: string[]) => ({
	emulator: useEmulator(),
	template: madeOnce(() => formPdf(fieldNames)),
});

export { itemWithFiles, type BinaryFile } from '../../../harness/jest/binary-items';

export const csvFile = (text: string | Buffer, fileName = 'recipients.csv'): BinaryFile => ({
	data: text,
	mimeType: 'text/csv',
	fileName,
});

export const pdfFile = (data: Buffer, fileName = 'form.pdf'): BinaryFile => ({
	data,
	mimeType: 'application/pdf',
	fileName,
});

/** The item with the template added in a binary field (`data` unless named), its JSON kept. */
export const withTemplate = (
	item: INodeExecutionData,
	template: Buffer,
	field = 'data',
): INodeExecutionData => ({ ...item, ...itemWithFiles({ [field]: pdfFile(template) }, item.json) });

/** Binary File as the CSV source, the files in the fields Create reads by default. */
export const FROM_BINARY_FILES = {
	csvSource: 'binary',
	csvBinaryPropertyName: 'csv',
	templateBinaryPropertyName: 'data',
};

/** An item with a CSV in `csv` and a template in `data`, the binary fields Binary File reads. */
export const jobItem = (csv: string | Buffer, template: Buffer, json: IDataObject = {}) =>
	itemWithFiles({ csv: csvFile(csv), data: pdfFile(template) }, json);

export function mailMergeRequests(emulator: Emulator, method?: string) {
	return emulator.control.requests({ api: 'mailMerge', method });
}

/** Checks that the run created job 1 of that many faxes and the service took it; gives the upload. */
export function expectJobAccepted(
	emulator: Emulator,
	result: Awaited<ReturnType<typeof runMailMerge>>,
	expectedFaxes: number,
) {
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toEqual({ JobID: 1, ExpectedFaxes: expectedFaxes });
	const [post] = mailMergeRequests(emulator, 'POST');
	expect(post.status).toBe(201);
	return post;
}

export function expectNoSecrets(text: string): void {
	const basic = Buffer.from(`${ALICE.userId}:${ALICE.password}`).toString('base64');
	if (text.includes(ALICE.password) || text.includes(basic)) {
		throw new Error(`a secret appears in: ${text}`);
	}
}
