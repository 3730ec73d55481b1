import type { INodeTypeDescription } from 'n8n-workflow';

import { FaxCloud } from '../../../../nodes/FaxCloud/FaxCloud.node';
import { FaxCloudTrigger } from '../../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node';

/**
 * n8n (load-nodes-and-credentials.ts, injectCustomApiCallOptions) adds the "Custom API Call"
 * option to Resource only when `defaultVersion` is unset or equal to `version`.
 */
const getsCustomApiCall = (description: INodeTypeDescription) =>
	description.defaultVersion === undefined || description.defaultVersion === description.version;

describe.each([
	['Fax Cloud', new FaxCloud().description],
	['Fax Cloud Trigger', new FaxCloudTrigger().description],
])('%s: a new node is the newest version', (_, description) => {
	test('version 1 is kept and version 2 is the highest, so new nodes get it', () => {
		expect(description.version).toEqual([1, 2]);
	});

	test('no defaultVersion: n8n picks the highest version and keeps its Resource dropdown', () => {
		// Without Custom API Call every Resource value maps to one credential, and the editor hides
		// Resource as if it chose the authentication.
		expect(getsCustomApiCall(description)).toBe(true);
	});
});
