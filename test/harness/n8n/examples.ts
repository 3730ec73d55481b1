import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from './package';

export const EXAMPLES_DIR = path.join(REPO_ROOT, 'examples');

export interface WorkflowFile {
	id: string;
	name: string;
	nodes: Array<{
		name: string;
		type: string;
		typeVersion: number;
		parameters: Record<string, unknown>;
	}>;
	[key: string]: unknown;
}

export interface Example {
	file: string;
	workflow: WorkflowFile;
	/** Starts from the Fax Cloud Trigger: published so n8n runs it while the sandbox is up. */
	activate: boolean;
}

export function readWorkflow(file: string): WorkflowFile {
	const workflow = JSON.parse(fs.readFileSync(file, 'utf8')) as WorkflowFile;
	if (typeof workflow.id === 'string' && Array.isArray(workflow.nodes)) return workflow;
	throw new Error(`${file} is not a workflow with a fixed id`);
}

export function loadExamples(): Example[] {
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = readWorkflow(path.join(EXAMPLES_DIR, file));
			const activate = workflow.nodes.some((node) => node.type.endsWith('.faxCloudTrigger'));
			return { file, workflow, activate };
		});
}

/**
 * The sandbox's copy of an example: its Fax Cloud Trigger polls every minute (the file keeps the
 * vendor's interval), and its note on that interval says so.
 */
export function sandboxCopy(workflow: WorkflowFile): WorkflowFile {
	const polls = (node: WorkflowFile['nodes'][number]) =>
		node.type.endsWith('.faxCloudTrigger') && 'pollTimes' in node.parameters;
	if (!workflow.nodes.some(polls)) return workflow;
	const nodes = workflow.nodes.map((node) => {
		const pollTimes = { item: [{ mode: 'everyMinute' }] };
		if (polls(node)) return { ...node, parameters: { ...node.parameters, pollTimes } };
		const { content } = node.parameters;
		if (!node.type.endsWith('.stickyNote') || typeof content !== 'string') return node;
		if (!content.startsWith('## Why every ')) return node;
		const sandbox =
			'\n\n**In the sandbox** (`npm start`) the trigger polls the local emulator every minute, ' +
			'so a new fax is filed within minutes.';
		return { ...node, parameters: { ...node.parameters, content: content + sandbox } };
	});
	return { ...workflow, nodes };
}
