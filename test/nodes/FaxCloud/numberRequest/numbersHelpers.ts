import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../../../../emulator';
import { itemWithFiles, type BinaryFile } from '../../../harness/jest/binary-items';
import { loginCredentials, SEED_TOKENS } from '../../../harness/jest/emulator';
import {
	faxCloudNode,
	runFaxCloudResource,
	type RunOptions,
} from '../../../harness/jest/fax-cloud-node';
import { loadOptions } from '../../../harness/jest/load-options';

/** Helpers of the number request and number lookup suites of the Fax Cloud node. */

export {
	errorText,
	faxCloudNode,
	runFaxCloudResource as runNumbers,
	type RunOptions,
} from '../../../harness/jest/fax-cloud-node';

/** Files a number request with one notification address, plus the parameters the test gives. */
export const fileNumberRequest = (
	emulator: Emulator,
	operation: 'nonTollFree' | 'tollFree' | 'portIn',
	parameters: IDataObject = {},
	options: RunOptions = {},
) =>
	runFaxCloudResource(
		emulator,
		'numberRequest',
		{ operation, notifyEmails: 'it@acme.example', ...parameters },
		options,
	);

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
		credentials: loginCredentials(emulator, { token }),
	});
}

export function numbersRequests(emulator: Emulator, method?: string) {
	return emulator.control.requests({ api: 'numbers', method });
}

/** An input item carrying files in binary fields (PDFs unless a file says otherwise). */
export const itemWithPdfs = (
	files: Record<string, Omit<BinaryFile, 'mimeType'> & Partial<BinaryFile>>,
) =>
	itemWithFiles(
		Object.fromEntries(
			Object.entries(files).map(([field, file]) => [
				field,
				{ mimeType: 'application/pdf', ...file },
			]),
		),
	);
