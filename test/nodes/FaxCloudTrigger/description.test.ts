import fs from 'node:fs';
import path from 'node:path';

import { triggerNode } from './support';

describe('Fax Cloud Trigger: what the editor shows', () => {
	const { description } = triggerNode;

	test('a polling trigger without inputs, on the Fax Cloud API credential', () => {
		expect(description).toMatchObject({
			name: 'faxCloudTrigger',
			displayName: 'Fax Cloud Trigger',
			group: ['trigger'],
			polling: true,
			inputs: [],
			outputs: ['main'],
			credentials: [{ name: 'faxCloudApi', required: true }],
		});
		// n8n adds Poll Times to every node with polling: true; the node must not declare its own.
		expect(description.properties.map((p) => p.name)).not.toContain('pollTimes');
	});

	test('three events, New Inbound Fax by default; completed faxes by default for status changes', () => {
		const event = description.properties.find((p) => p.name === 'event')!;
		expect(event.default).toBe('newInboundFax');
		expect(event.options?.map((o) => ('value' in o ? o.value : undefined))).toEqual([
			'mailMergeJobFinished',
			'newInboundFax',
			'outboundFaxStatusChanged',
		]);
		const statuses = description.properties.find((p) => p.name === 'statuses')!;
		expect(statuses.default).toEqual(['sent', 'sendFailed']);
	});

	test('the codex names this node', () => {
		const codex = JSON.parse(
			fs.readFileSync(
				path.join(__dirname, '../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node.json'),
				'utf8',
			),
		);
		expect(codex.node).toBe(`n8n-nodes-fax-cloud.${description.name}`);
	});
});
