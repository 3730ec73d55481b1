import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	INodeParameters,
} from 'n8n-workflow';
import { PDFDocument } from 'pdf-lib';

import type { Emulator } from '../../../../emulator';
import { FaxCloud } from '../../../../nodes/FaxCloud/FaxCloud.node';
import { credentialsFor, SEED_TOKENS } from '../../../support/emulator';
import { loadOptions } from '../../../support/load-options';
import { runNode } from '../../../support/run-node';

/** Helpers of the number request and number lookup suites of the Fax Cloud node. */

export const faxCloudNode = new FaxCloud();

export interface RunOptions {
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	token?: string;
	/** The whole numbers credential, instead of the emulator's with `token`. */
	credentials?: ICredentialDataDecryptedObject;
}

export function numbersCredentials(emulator: Emulator, token: string = SEED_TOKENS.acme) {
	return credentialsFor(emulator, 'alice', token);
}

export async function runNumbers(
	emulator: Emulator,
	resource: 'numberRequest' | 'numberLookup',
	parameters: IDataObject,
	options: RunOptions = {},
) {
	return await runNode({
		node: faxCloudNode,
		parameters: { resource, ...parameters },
		credentials: options.credentials
			? { faxCloudNumbersApi: options.credentials }
			: numbersCredentials(emulator, options.token),
		items: options.items,
		continueOnFail: options.continueOnFail,
	});
}

/** Opens a dropdown of the node the way the editor does, with the parameters it holds. */
export async function dropdown(
	emulator: Emulator,
	method: 'getRegions' | 'getCities' | 'getAreaCodes',
	parameters: INodeParameters,
	token: string = SEED_TOKENS.acme,
) {
	return await loadOptions({
		node: faxCloudNode,
		method,
		parameters: { resource: 'numberRequest', operation: 'nonTollFree', ...parameters },
		credentials: numbersCredentials(emulator, token),
	});
}

export function numbersRequests(emulator: Emulator, method?: string) {
	return emulator.control.requests({ api: 'numbers', method });
}

export async function pdf(text: string): Promise<Buffer> {
	const doc = await PDFDocument.create();
	doc.addPage([612, 792]).drawText(text, { x: 50, y: 700 });
	return Buffer.from(await doc.save());
}

/** An input item carrying files in binary fields, as a Read File node would give. */
export function itemWithPdfs(
	files: Record<string, { data: Buffer; fileName?: string; mimeType?: string }>,
) {
	const binary: INodeExecutionData['binary'] = {};
	for (const [field, file] of Object.entries(files)) {
		binary[field] = {
			data: file.data.toString('base64'),
			mimeType: file.mimeType ?? 'application/pdf',
			fileName: file.fileName,
		};
	}
	return { json: {}, binary } as INodeExecutionData;
}

/** What an error shows the user, in one string, to check that no secret leaks. */
export function errorText(error: unknown): string {
	const e = error as { message?: string; description?: string; context?: unknown };
	return JSON.stringify({ message: e?.message, description: e?.description, context: e?.context });
}
