// Item errors: any error of an item as the NodeApiError or NodeOperationError n8n shows for it.
import type { INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * Any error as the NodeApiError or NodeOperationError n8n shows, saying which item failed: the
 * node's own errors pass through, anything else (a bug, an error of n8n's helpers) is wrapped.
 */
export function asNodeError(
	context: { getNode(): INode },
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}
