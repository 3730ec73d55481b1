import type { INodeTypeDescription } from 'n8n-workflow';

import { FaxCloud } from '../../../../nodes/FaxCloud/FaxCloud.node';
import { FaxCloudTrigger } from '../../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node';

/**
 * What n8n does with the version fields of a description when it loads the package (n8n 2.40.7,
 * packages/cli load-nodes-and-credentials.ts injectCustomApiCallOptions): the "Custom API Call"
 * option goes into Resource only when `defaultVersion` is unset or equal to `version`.
 */
function getsCustomApiCall(description: INodeTypeDescription): boolean {
	return (
		description.defaultVersion === undefined || description.defaultVersion === description.version
	);
}

describe.each([
	['Fax Cloud', new FaxCloud().description],
	['Fax Cloud Trigger', new FaxCloudTrigger().description],
])('%s: a new node is the newest version', (_, description) => {
	test('version 1 is kept and version 2 is the highest, so new nodes get it', () => {
		expect(description.version).toEqual([1, 2]);
	});

	test('no defaultVersion: n8n picks the highest version and keeps its Resource dropdown', () => {
		// With a defaultVersion next to a version list, n8n leaves Custom API Call out; every
		// Resource value then maps to one credential and the editor hides Resource as if it chose
		// the authentication (seen in n8n 2.40.7: no Resource dropdown, another resource's actions).
		expect(getsCustomApiCall(description)).toBe(true);
	});
});
