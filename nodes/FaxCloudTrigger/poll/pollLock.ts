// One poll at a time per trigger, never from a state behind the one it last handed n8n.
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

/**
 * The generation of the state each trigger of this process last handed to n8n, and when. Under
 * n8n's durable poll scheduler with durable cursors, the state a poll saves is n8n's cursor,
 * committed with the poll's execution after the poll has returned, in its own time: a poll that
 * starts before that commit is given the state from before the last poll, and would emit that
 * poll's events again. On the in-memory engine the next poll reads the very object saved, so
 * the stored generation is never behind.
 */
const handedOff = new Map<string, { generation: number; at: number }>();

/** Notes the generation of the state a poll of this trigger saved (state/triggerState.ts). */
export function noteHandOff(context: IPollFunctions, generation: number): void {
	handedOff.set(lockKey(context), { generation, at: Date.now() });
}

/**
 * Whether the stored state is behind the one this process handed to n8n less than `waitMs` ago:
 * n8n has not committed the last poll yet, so this poll ends without reading. After `waitMs` the
 * stored state is taken as it is: n8n did not commit that poll (its transaction failed, or the
 * poll lost its lease), so it ran no execution, and its events are read again.
 */
export function stateBehindHandOff(
	context: IPollFunctions,
	storedGeneration: number,
	waitMs: number,
): boolean {
	const key = lockKey(context);
	const last = handedOff.get(key);
	// A state without a generation was not saved by a poll of this version (a first activation,
	// a state from before generations, one replaced as unreadable): nothing to wait for.
	if (!last || storedGeneration === 0 || storedGeneration >= last.generation) return false;
	const name = context.getNode().name;
	const meta = { workflowId: context.getWorkflow().id, nodeName: name };
	if (Date.now() - last.at < waitMs) {
		context.logger.info(
			`Fax Cloud Trigger "${name}": n8n has not yet stored the state of the previous poll (durable poll cursors store it with that poll's execution), so this poll ends without reading; the next poll reads on from it`,
			meta,
		);
		return true;
	}
	handedOff.delete(key);
	context.logger.warn(
		`Fax Cloud Trigger "${name}": n8n did not store the state of the poll ${Math.round((Date.now() - last.at) / 1000)} s ago, so that poll started no execution; this poll reads its records again`,
		meta,
	);
	return false;
}
