// One poll at a time per trigger: a poll that starts while another runs ends at once, with nothing.
import type { IPollFunctions } from 'n8n-workflow';

/**
 * Triggers with a poll running in this process, by workflow and node. n8n starts a poll for each
 * Poll Times entry on its own schedule and does not wait for one still running (two entries that
 * coincide, or a poll longer than its interval). Two polls over one stored state both emit the
 * events after it, and the later save wins: every event twice. Module state is shared by every
 * workflow of the process, so the key names the workflow and the node.
 */
const running = new Set<string>();

function lockKey(context: IPollFunctions): string {
	const node = context.getNode();
	return JSON.stringify([context.getWorkflow().id ?? '', node.id ?? node.name]);
}

/**
 * Runs `poll` unless a poll of the same trigger is running: then ends at once with nothing, and
 * the next regular poll reads what this one would have. The lock is released however the poll
 * ends, a thrown error included.
 */
export async function pollAlone<T>(
	context: IPollFunctions,
	poll: () => Promise<T | null>,
): Promise<T | null> {
	const key = lockKey(context);
	if (running.has(key)) {
		context.logger.info(
			`Fax Cloud Trigger "${context.getNode().name}": the previous poll is still running, so this poll ends without reading; the next poll reads what it would have read`,
			{ workflowId: context.getWorkflow().id, nodeName: context.getNode().name },
		);
		return null;
	}
	running.add(key);
	try {
		return await poll();
	} finally {
		running.delete(key);
	}
}
