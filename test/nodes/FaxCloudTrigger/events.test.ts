// What the editor shows of the trigger, and the event registry behind it: the Event dropdown offers
// every registered event, each event's parameters appear for it alone, one file per event.
import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties } from 'n8n-workflow';

import { EVENTS } from '../../../nodes/FaxCloudTrigger/eventList';
import { triggerNode } from '../../harness/jest/trigger-kit';

test.each(EVENTS)('$value shows its parameters for itself only', (event) => {
	for (const property of event.properties) {
		expect(property.displayOptions?.show?.event).toEqual([event.value]);
	}
});

test('events/ holds one file per registered event, named for its value', () => {
	const files = fs
		.readdirSync(path.join(__dirname, '../../../nodes/FaxCloudTrigger/events'))
		.map((file) => file.replace(/\.ts$/, ''));
	expect(files.sort()).toEqual(EVENTS.map(({ value }) => value).sort());
});

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

	test('the Event dropdown offers the three registered events sorted by name, New Inbound Fax by default; completed faxes by default for status changes', () => {
		const event = description.properties.find((p) => p.name === 'event')!;
		expect(event.default).toBe('newInboundFax');
		const options = (event.options ?? []).map((o) => ('value' in o ? o : undefined));
		const values = ['mailMergeJobFinished', 'newInboundFax', 'outboundFaxStatusChanged'];
		expect(options.map((option) => option?.value)).toEqual(values);
		expect(EVENTS.map(({ value }) => value).sort()).toEqual(values);
		const names = options.map((option) => option?.name ?? '');
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		const statuses = description.properties.find((p) => p.name === 'statuses')!;
		expect(statuses.default).toEqual(['sent', 'sendFailed']);
	});

	test('the codex names this node and links to README headings that exist', () => {
		const codexFile = '../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node.json';
		const codex = JSON.parse(fs.readFileSync(path.join(__dirname, codexFile), 'utf8'));
		expect(codex.node).toBe(`n8n-nodes-fax-cloud.${description.name}`);
		expect(codex.resources.primaryDocumentation).toEqual([
			{ url: 'https://github.com/fax-cloud/n8n-nodes-fax-cloud#trigger-semantics' },
		]);
		// GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens.
		const readme = fs.readFileSync(path.join(__dirname, '../../../README.md'), 'utf8');
		const anchors = new Set(
			[...readme.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
				heading
					.trim()
					.toLowerCase()
					.replace(/[^\p{L}\p{N} _-]/gu, '')
					.replace(/ /g, '-'),
			),
		);
		const links = [
			...codex.resources.primaryDocumentation,
			...codex.resources.credentialDocumentation,
		].map((link: { url: string }) => link.url.split('#')[1]);
		for (const anchor of links) expect(anchors).toContain(anchor);
	});

	test('a documented lateness allowance, 10 minutes by default, beside Max Events per Poll', () => {
		const options = description.properties.find((p) => p.name === 'options')!;
		const lateness = options.options!.find((o) => o.name === 'latenessMinutes') as INodeProperties;
		expect(lateness).toMatchObject({
			displayName: 'Lateness Allowance (Minutes)',
			default: 10,
			typeOptions: { minValue: 1 },
		});
		expect(lateness.description).toMatch(/appear on the service and still be emitted/);
		expect(lateness.description).toMatch(/later than this is not emitted/);
	});
});
