/** Helpers of the number request and number lookup suites of the Fax Cloud node. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { itemWithFiles, type BinaryFile } from '../../../harness/jest/binary-items';
import { loginCredentials, SEED_TOKENS, useEmulator } from '../../../harness/jest/emulator';
import {
	errorText,
	faxCloudNode,
	runFaxCloudResource,
	type RunOptions,
} from '../../../harness/jest/fax-cloud-node';
import { loadOptions } from '../../../harness/jest/load-options';

export { errorText, faxCloudNode, runFaxCloudResource as runNumbers, type RunOptions };

/** A numbers suite: its emulator, its runs, the node's dropdowns and the requests received. */
export function useNumbersSuite() {
	const emulator = useEmulator();
	return {
		emulator,
		/** Files a number request with one notification address, plus the parameters given. */
		fileNumberRequest: (
			operation: 'nonTollFree' | 'tollFree' | 'portIn',
			parameters: IDataObject = {},
			options: RunOptions = {},
		) =>
			runFaxCloudResource(
				emulator(),
				'numberRequest',
				{ operation, notifyEmails: 'it@acme.example', ...parameters },
				options,
			),
		/** Opens a dropdown of the node the way the editor does, with the parameters it holds. */
		dropdown: async (
			method: 'getRegions' | 'getCities' | 'getAreaCodes',
			parameters: INodeParameters,
			token: string = SEED_TOKENS.acme,
		) =>
			await loadOptions({
				node: faxCloudNode,
				method,
				parameters: { resource: 'numberRequest', operation: 'nonTollFree', ...parameters },
				credentials: loginCredentials(emulator(), { token }),
			}),
		requests: (method?: string) => emulator().control.requests({ api: 'numbers', method }),
	};
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
