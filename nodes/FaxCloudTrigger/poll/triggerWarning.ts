// A warning in n8n's log that says which trigger node of which workflow it is about.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

/**
 * Logs `message` as a warning of this trigger node: the text starts with the node's name and the
 * log's metadata carries the workflow's ID and the node's name, so that among many active
 * workflows the line leads to the one it is about.
 */
export function warnOfTrigger(context: IPollFunctions, message: string, extra?: IDataObject): void {
	const nodeName = context.getNode().name;
	context.logger.warn(`Fax Cloud Trigger "${nodeName}": ${message}`, {
		workflowId: context.getWorkflow().id,
		nodeName,
		...extra,
	});
}
