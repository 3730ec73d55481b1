import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { faxCloudApiConnectionTest } from '../shared/transport/faxCloudApiConnectionTest';
import { RESOURCES } from './actions/resources';
import { router } from './actions/router';
import { NODE_VERSIONS } from '../shared/nodeVersions';
import { listSearch, loadOptions } from './methods/nodeMethods';

const resources = Object.values(RESOURCES);

const resourceParameter: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: resources.map(({ name, value, description }) => ({ name, value, description })),
	default: 'outboundFax',
};

/**
 * The subtitle in words, e.g. "Send: Outbound Fax": the operation's and the resource's names for
 * the values the node holds, looked up in the expression (n8n shows the subtitle as it evaluates).
 */
function subtitleInWords(): string {
	const words: Record<string, string> = {};
	for (const resource of resources) {
		const operation = resource.properties.find((property) => property.name === 'operation');
		for (const option of operation?.options ?? []) {
			if ('value' in option)
				words[`${resource.value}:${option.value}`] = `${option.name}: ${resource.name}`;
		}
	}
	return `={{ ${JSON.stringify(words)}[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}

const resourcesOf = (credential: string) =>
	resources.filter((resource) => resource.credential === credential).map(({ value }) => value);

export class FaxCloud implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax Cloud',
		name: 'faxCloud',
		icon: { light: 'file:icons/faxCloud.svg', dark: 'file:icons/faxCloud.dark.svg' },
		group: ['output'],
		version: NODE_VERSIONS,
		subtitle: subtitleInWords(),
		description:
			'Send and receive faxes, run mail merge jobs and request fax numbers with Fax Cloud',
		defaults: { name: 'Fax Cloud' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'faxCloudApi',
				required: true,
				displayOptions: { show: { resource: resourcesOf('faxCloudApi') } },
				testedBy: 'faxCloudApiConnectionTest',
			},
			{
				name: 'faxCloudNumbersApi',
				required: true,
				displayOptions: { show: { resource: resourcesOf('faxCloudNumbersApi') } },
			},
		],
		properties: [resourceParameter, ...resources.flatMap((resource) => resource.properties)],
	};

	methods = { loadOptions, listSearch, credentialTest: { faxCloudApiConnectionTest } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
