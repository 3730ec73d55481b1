/** What the editor should show, read from the built package (dist/), not repeated here. */
import path from 'node:path';

import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { REPO_ROOT } from '../harness/n8n/package';

export type DescribedNode = ReturnType<typeof describedNode>;

/**
 * The Fax Cloud node's resources with their operations, and the trigger's event names (none when
 * the package does not register the Fax Cloud Trigger).
 */
export function describedNode() {
	const built = require(path.join(REPO_ROOT, 'index.js')) as {
		nodes: Record<string, new () => { description: INodeTypeDescription }>;
	};
	const description = new built.nodes.FaxCloud().description;
	const resourceParameter = description.properties.find((p) => p.name === 'resource');
	if (!resourceParameter) throw new Error('the Fax Cloud node has no Resource parameter');
	const resources = (resourceParameter.options as INodePropertyOptions[]).map((resource) => {
		const operationParameter = description.properties.find(
			(p: INodeProperties) =>
				p.name === 'operation' &&
				(p.displayOptions?.show?.resource as string[] | undefined)?.includes(
					String(resource.value),
				),
		);
		const operations = ((operationParameter?.options ?? []) as INodePropertyOptions[]).map((o) => ({
			value: String(o.value),
			name: o.name,
			action: o.action ?? o.name,
		}));
		return { value: String(resource.value), name: resource.name, operations };
	});
	const trigger = built.nodes.FaxCloudTrigger
		? new built.nodes.FaxCloudTrigger().description
		: undefined;
	const event = trigger?.properties.find((p) => p.name === 'event');
	return {
		displayName: description.displayName,
		resources,
		triggerEvents: ((event?.options ?? []) as INodePropertyOptions[]).map((o) => o.name),
	};
}
