import type { IDataObject, INodeExecutionData, WorkflowExecuteMode } from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import type { Emulator } from '../../../../emulator';
import { FaxCloud } from '../../../../nodes/FaxCloud/FaxCloud.node';
import type { BinaryFile } from '../../../support/binary-items';
import { credentialsFor, SEED_USERS, type SeedUser } from '../../../support/emulator';
import { runNode } from '../../../support/run-node';

/** Helpers of the mail merge suites of the Fax Cloud node. */

export const faxCloudNode = new FaxCloud();

export interface RunOptions {
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	user?: SeedUser;
	/** Replaces the password of the login, for authentication failures. */
	password?: string;
	/** How n8n started the execution; 'retry' is n8n's Retry (see runNode). */
	mode?: WorkflowExecuteMode;
}

export async function runMailMerge(
	emulator: Emulator,
	parameters: IDataObject,
	options: RunOptions = {},
) {
	const credentials = credentialsFor(emulator, options.user ?? 'alice');
	if (options.password !== undefined) credentials.faxCloudApi!.password = options.password;
	return await runNode({
		node: faxCloudNode,
		parameters: { resource: 'mailMergeJob', ...parameters },
		credentials,
		items: options.items,
		continueOnFail: options.continueOnFail,
		mode: options.mode,
	});
}

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

export const ALICE = SEED_USERS.alice;

/** What an error shows the user, in one string, to check that no secret leaks. */
export function errorText(error: unknown): string {
	const e = error as { message?: string; description?: string; context?: unknown };
	return JSON.stringify({ message: e?.message, description: e?.description, context: e?.context });
}

export function expectNoSecrets(text: string): void {
	const basic = Buffer.from(`${ALICE.userId}:${ALICE.password}`).toString('base64');
	if (text.includes(ALICE.password) || text.includes(basic)) {
		throw new Error(`a secret appears in: ${text}`);
	}
}
