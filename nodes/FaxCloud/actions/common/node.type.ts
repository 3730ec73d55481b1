import type { AllEntities } from 'n8n-workflow';

/**
 * Every resource of the node and its operations: the values of the Resource and Operation
 * parameters. The resource files, the operations' display rules and the router are typed by it,
 * so a misspelled or forgotten operation fails the build.
 */
type NodeMap = {
	outboundFax: 'send' | 'resend' | 'get' | 'getAll' | 'download' | 'delete' | 'mark' | 'unmark';
	inboundFax: 'get' | 'getAll' | 'download' | 'update' | 'delete' | 'mark' | 'unmark';
	mailMergeJob: 'create' | 'get' | 'getAll' | 'getFaxes';
	numberRequest: 'nonTollFree' | 'tollFree' | 'portIn';
	numberLookup: 'getRegions' | 'getCities' | 'getAreaCodes';
};

export type FaxCloudType = AllEntities<NodeMap>;

export type ResourceName = FaxCloudType['resource'];

export type OperationName<R extends ResourceName> = NodeMap[R];

/** The display rule of one operation's parameters, for updateDisplayOptions. */
export type OperationDisplayOptions<R extends ResourceName> = {
	show: { resource: R[]; operation: Array<OperationName<R>> };
};
