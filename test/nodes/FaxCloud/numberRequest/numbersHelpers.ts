/** Helpers of the number request and number lookup suites of the Fax Cloud node. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { itemWithFiles, type BinaryFile } from '../../../harness/jest/binary-items';
import { loginCredentials, SEED_TOKENS } from '../../../harness/jest/emulator';
import { errorText, faxCloudNode, type RunOptions } from '../../../harness/jest/fax-cloud-node';
import { loadOptions } from '../../../harness/jest/load-options';
import { useNodeSuite } from '../faxCloudExpect';

export { errorText, faxCloudNode, type RunOptions };

/** A numbers suite (see useNodeSuite), with the node's dropdowns. */
export function useNumbersSuite(resource: 'numberRequest' | 'numberLookup' = 'numberRequest') {
	const suite = useNodeSuite('numbers', resource);
	return {
		...suite,
		fileNumberRequest: (
			operation: 'nonTollFree' | 'tollFree' | 'portIn',
			parameters: IDataObject = {},
			options: RunOptions = {},
		) => suite.run(operation, { notifyEmails: 'it@acme.example', ...parameters }, options),
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
				credentials: loginCredentials(suite.emulator(), { token }),
			}),
	};
}

type PdfFile = Omit<BinaryFile, 'mimeType'> & Partial<BinaryFile>;
const PDF = { mimeType: 'application/pdf' };

/** An input item carrying files in binary fields (PDFs unless a file says otherwise). */
export const itemWithPdfs = (files: Record<string, PdfFile>) => {
	const pdfs = Object.entries(files).map(([field, file]) => [field, { ...PDF, ...file }]);
	return itemWithFiles(Object.fromEntries(pdfs));
};
