import { toCronExpression, type TriggerTime } from 'n8n-workflow';

import { loadExamples, sandboxCopy, type WorkflowFile } from '../harness/n8n/examples';

/** The minutes between two polls of the workflow's Fax Cloud Trigger, as n8n schedules them. */
function pollMinutes(workflow: WorkflowFile): number[] {
	const trigger = workflow.nodes.find((node) => node.type.endsWith('.faxCloudTrigger'));
	const { item } = trigger?.parameters.pollTimes as { item: TriggerTime[] };
	return item.map((time) => {
		const [, minute, hour, day, month, weekday] = toCronExpression(time).split(' ');
		expect([hour, day, month, weekday]).toEqual(['*', '*', '*', '*']);
		if (minute === '*') return 1;
		const every = /^\*\/(\d+)$/.exec(minute);
		if (!every) throw new Error(`not a poll every N minutes: ${minute}`);
		return Number(every[1]);
	});
}

/**
 * What a user imports is what a user gets: every Fax Cloud node of an example is the version the
 * editor adds (2); the round-1 workflow files under test/ keep proving version 1.
 */
test.each(loadExamples().map(({ file, workflow }) => [file, workflow] as const))(
	'examples/%s: every Fax Cloud node is at version 2',
	(_file, workflow) => {
		const ours = workflow.nodes.filter((node) => node.type.startsWith('n8n-nodes-fax-cloud.'));
		expect(ours.length).toBeGreaterThan(0);
		expect(ours.map((node) => [node.name, node.typeVersion])).toEqual(
			ours.map((node) => [node.name, 2]),
		);
	},
);

test("the sandbox files inbound faxes polling every minute; the example file keeps the vendor's 15 minutes", () => {
	const example = loadExamples().find((e) => e.file === 'file-inbound-faxes.json');
	if (!example) throw new Error('examples/file-inbound-faxes.json is missing');
	expect(example.activate).toBe(true);
	expect(pollMinutes(example.workflow)).toEqual([15]);

	const copy = sandboxCopy(example.workflow);
	expect(pollMinutes(copy)).toEqual([1]);
	expect(pollMinutes(example.workflow)).toEqual([15]);
	const notes = copy.nodes.map((node) => String(node.parameters.content ?? ''));
	expect(notes.filter((text) => text.includes('**In the sandbox**'))).toHaveLength(1);
});

test('the sandbox copy changes nothing but the poll times and their note', () => {
	for (const { workflow } of loadExamples()) {
		const copy = sandboxCopy(workflow);
		const strip = (w: WorkflowFile) =>
			w.nodes.map(({ parameters: { pollTimes, content, ...rest }, ...node }) => ({
				...node,
				rest,
				hasPollTimes: pollTimes !== undefined,
				content: typeof content === 'string' ? content.split('\n\n**In the sandbox**')[0] : content,
			}));
		expect(strip(copy)).toEqual(strip(workflow));
		expect({ ...copy, nodes: [] }).toEqual({ ...workflow, nodes: [] });
	}
});
