import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INode, INodeParameters, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { FaxCloud } from '../../../../nodes/FaxCloud/FaxCloud.node';
import { FaxCloudTrigger } from '../../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node';
const ROOT = join(__dirname, '..', '..', '..', '..');
// examples/ are version 2 (what a user imports is what the editor adds); test/e2e/cases/shipped-examples.ts proves them.
const ROUND_1_FOLDERS = ['test/e2e/workflows', 'bench/workflows'];
const NODE_TYPES: Record<string, INodeType> = {
	'n8n-nodes-fax-cloud.faxCloud': new FaxCloud(),
	'n8n-nodes-fax-cloud.faxCloudTrigger': new FaxCloudTrigger(),
};

/** Every Fax Cloud node of the round-1 workflow files (typeVersion 1). */
function round1Nodes(): Array<[string, INode]> {
	const found: Array<[string, INode]> = [];
	for (const folder of ROUND_1_FOLDERS) {
		for (const file of readdirSync(join(ROOT, folder))) {
			if (!file.endsWith('.json') || file.startsWith('v2-')) continue;
			const workflow = JSON.parse(readFileSync(join(ROOT, folder, file), 'utf8')) as {
				nodes?: INode[];
			};
			for (const node of workflow.nodes ?? []) {
				if (NODE_TYPES[node.type]) found.push([`${folder}/${file}: ${node.name}`, node]);
			}
		}
	}
	return found;
}

describe('Version 1 workflows keep working', () => {
	const nodes = round1Nodes();

	test('the round-1 workflow files hold version 1 nodes', () => {
		expect(nodes.length).toBeGreaterThan(30);
		expect(nodes.every(([, node]) => node.typeVersion === 1)).toBe(true);
	});

	test.each(nodes)('%s: n8n keeps every saved parameter under version 1', (_, node) => {
		const { description } = NODE_TYPES[node.type];
		// What the editor and the engine do with a saved node: parameters not shown are dropped.
		const resolved = NodeHelpers.getNodeParameters(
			description.properties,
			node.parameters,
			true,
			false,
			node,
			description,
		) as INodeParameters;
		// n8n adds Poll Times to every polling node when it loads the type; it is not ours.
		const saved = Object.fromEntries(
			Object.entries(node.parameters).filter(([name]) => name !== 'pollTimes'),
		);
		// Defaults n8n fills in inside a saved value are fine; a saved value dropped is not.
		expect(resolved).toMatchObject(saved);
	});
});

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
