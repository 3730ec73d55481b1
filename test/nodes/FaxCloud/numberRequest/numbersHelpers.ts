import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Emulator } from '../../../../emulator';
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
