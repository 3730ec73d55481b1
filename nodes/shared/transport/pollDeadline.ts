// Poll deadline: a trigger poll's end, which bounds each request's timeout and retries.
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The instant by which the requests of a trigger's poll must be over, by poll context (epoch ms).
 * n8n 2.x abandons a poll that runs past its time and throws its result away (a mark it sent
 * stays sent), so one request started near the end, waiting its whole timeout and its retries,
 * must not carry the poll past it. Set by the trigger for one poll; requests outside a poll have
 * none.
 */
const deadlines = new WeakMap<object, number>();

/** Shorter than this a request is not worth starting: the poll's time is up. */
const MIN_REQUEST_MS = 500;

/** A request the poll had no time left for; the next poll makes it. */
export class PollTimeUpError extends NodeOperationError {
	constructor(node: INode) {
		super(node, 'The poll’s time ran out before this request', {
			description: 'The next poll reads what this one could not.',
		});
	}
}

export function setPollDeadline(context: object, at: number | undefined): void {
	if (at === undefined) deadlines.delete(context);
	else deadlines.set(context, at);
}

function remainingMs(context: object): number | undefined {
	const at = deadlines.get(context);
	return at === undefined ? undefined : at - Date.now();
}

/** Whether the poll running in this context has no time left for another request. */
export function pollTimeIsUp(context: object): boolean {
	const remaining = remainingMs(context);
	return remaining !== undefined && remaining < MIN_REQUEST_MS;
}

/** The timeout of one request: `wantedMs`, shortened to the poll's deadline. */
export function timeoutWithinPoll(
	context: object & { getNode(): INode },
	wantedMs: number,
): number {
	const remaining = remainingMs(context);
	if (remaining === undefined) return wantedMs;
	if (remaining < MIN_REQUEST_MS) throw new PollTimeUpError(context.getNode());
	return Math.min(wantedMs, Math.floor(remaining));
}

/** Whether a retry after `delayMs` still leaves the poll time for the request. */
export function retryFitsPoll(context: object, delayMs: number): boolean {
	const remaining = remainingMs(context);
	return remaining === undefined || remaining - delayMs >= MIN_REQUEST_MS;
}

/**
 * Runs `run` with the poll's deadline brought forward to `ms` from now (never later than the
 * poll's own), then puts the poll's back: one request of the poll may take that share and no
 * more. Says whether the share ran out; outside a poll `run` has no bound but its own.
 */
export async function withinShare<T>(
	context: object,
	ms: number,
	run: () => Promise<T>,
): Promise<{ value?: T; error?: unknown; shareOver: boolean }> {
	const pollDeadline = deadlines.get(context);
	const own = Date.now() + ms;
	const shortened = pollDeadline !== undefined && own < pollDeadline;
	if (shortened) deadlines.set(context, own);
	try {
		return { value: await run(), shareOver: false };
	} catch (error) {
		return { error, shareOver: (remainingMs(context) ?? Infinity) < MIN_REQUEST_MS };
	} finally {
		if (shortened) deadlines.set(context, pollDeadline);
	}
}
