import type { IDataObject } from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import type { Emulator } from '../../../../emulator';
import type { BinaryFile } from '../../../support/binary-items';
import { ALICE, runFaxCloudNode, type RunOptions } from '../../../support/fax-cloud-node';

/** Helpers of the mail merge suites of the Fax Cloud node. */

export { ALICE, errorText, faxCloudNode, type RunOptions } from '../../../support/fax-cloud-node';

export const runMailMerge = (
	emulator: Emulator,
	parameters: IDataObject,
	options: RunOptions = {},
) => runFaxCloudNode(emulator, { resource: 'mailMergeJob', ...parameters }, options);

/** A PDF form with one text field per name (and image-less pages otherwise). */
export async function formPdf(fieldNames: string[]): Promise<Buffer> {
	const doc = await PDFDocument.create();
	const page = doc.addPage([612, 792]);
	const form = doc.getForm();
	for (const [index, name] of fieldNames.entries()) {
		form
			.createTextField(name)
			.addToPage(page, { x: 50, y: 700 - index * 30, width: 300, height: 20 });
	}
	return Buffer.from(await doc.save());
}

export { itemWithFiles, type BinaryFile } from '../../../support/binary-items';

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

export function mailMergeRequests(emulator: Emulator, method?: string) {
	return emulator.control.requests({ api: 'mailMerge', method });
}

export function expectNoSecrets(text: string): void {
	const basic = Buffer.from(`${ALICE.userId}:${ALICE.password}`).toString('base64');
	if (text.includes(ALICE.password) || text.includes(basic)) {
		throw new Error(`a secret appears in: ${text}`);
	}
}
