/** The package's nodes by class name, in the order package.json lists them (as n8n loads them). */
import type { INodeType } from 'n8n-workflow';

import { FaxCloud } from '../../../nodes/FaxCloud/FaxCloud.node';
import { FaxCloudTrigger } from '../../../nodes/FaxCloudTrigger/FaxCloudTrigger.node';

export const PACKAGE_NODES: Array<[string, INodeType]> = [
	['FaxCloud', new FaxCloud()],
	['FaxCloudTrigger', new FaxCloudTrigger()],
];
