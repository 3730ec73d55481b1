// Mark as Retrieved: marks the inbound faxes emitted, keeping failed marks to retry.
import type { IPollFunctions } from 'n8n-workflow';

import { pollTimeIsUp } from '../../shared/transport/pollDeadline';
import { faxCloudRequest } from '../../shared/transport/exchanges';
import { apiPath } from '../../shared/transport/httpEncoding';
import type { PollBudget } from '../poll/pollBudget';
import { warnOfTrigger } from '../poll/triggerWarning';

/** How often a failed mark is tried, in as many polls, before the trigger gives up on it. */
export const MARK_ATTEMPTS = 3;

/** At most this many marks wait for a later poll; the oldest are dropped beyond it. */
export const MAX_MARK_RETRIES = 5_000;

/** Marks sent at once. */
const MARKS_AT_ONCE = 4;

export interface MarkOutcome {
	marked: Set<number>;
	/** Marks left for the next poll: [FaxId, attempts so far]. */
	retry: Array<[number, number]>;
}

/**
 * Sets Mark=true, the service's own "retrieved" flag, on inbound faxes the poll has taken, and
 * again on those whose mark failed before. Emitting never depends on it: the cursor already
 * keeps every fax to one event, so a failed mark is logged and tried again at the next poll, and
 * marks the time budget leaves no room for wait for the next poll as well.
 */
export async function markRetrieved(
	this: IPollFunctions,
	faxIds: number[],
	earlier: Array<[number, number]>,
	budget: PollBudget,
): Promise<MarkOutcome> {
	const queue: Array<[number, number]> = [
		...earlier,
		...faxIds.map((id): [number, number] => [id, 0]),
	];
	const marked = new Set<number>();
	const retry: Array<[number, number]> = [];
	let next = 0;
	while (next < queue.length) {
		if (next > 0 && budget.markingOver) break;
		const batch = queue.slice(next, next + MARKS_AT_ONCE);
		next += batch.length;
		await Promise.all(
			batch.map(async ([faxId, attempts]) => {
				try {
					await faxCloudRequest.call(this, {
						api: 'fax',
						method: 'PUT',
						path: apiPath('inboundfaxes', faxId),
						form: { Mark: true },
					});
					marked.add(faxId);
				} catch (error) {
					// A mark the poll's deadline cut short was not a real attempt.
					const tried = pollTimeIsUp(this) ? attempts : attempts + 1;
					const message = (error as Error).message;
					if (tried < MARK_ATTEMPTS) {
						warnOfTrigger(
							this,
							`could not mark inbound fax ${faxId} as retrieved; trying again at the next poll: ${message}`,
						);
						retry.push([faxId, tried]);
					} else {
						warnOfTrigger(
							this,
							`gave up marking inbound fax ${faxId} as retrieved after ${tried} attempts: ${message}`,
						);
					}
				}
			}),
		);
	}
	const waiting = [...queue.slice(next), ...retry];
	const dropped = waiting.slice(0, Math.max(0, waiting.length - MAX_MARK_RETRIES));
	if (dropped.length > 0) {
		warnOfTrigger(
			this,
			`more than ${MAX_MARK_RETRIES} marks wait for a retry; these inbound faxes were emitted but will not be marked as retrieved: FaxId ${dropped.map(([faxId]) => faxId).join(', ')}`,
			{ dropped: dropped.length },
		);
	}
	return { marked, retry: waiting.slice(dropped.length) };
}
