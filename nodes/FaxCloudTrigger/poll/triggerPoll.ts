// The poll: the stored state from load to save, through one event's baseline or poll.
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { pollTimeIsUp, setPollDeadline } from '../../shared/transport/pollDeadline';
import { accountOf } from '../state/account';
import type { LoadedState } from '../state/triggerState';
import { generationOf, loadState, saveState } from '../state/triggerState';
import { handOffWaitMs, PollBudget } from './pollBudget';
import { noteHandOff, pollAlone, stateBehindHandOff } from './pollLock';
import type { PreparedEvent } from './triggerEvent';
import { warnOfTrigger } from './triggerWarning';

/**
 * One poll of an active workflow: the whole path of the stored state, top to bottom.
 *
 * 1. Load the state from the workflow's static data (state/triggerState.ts), if it belongs to
 *    this event and watched faxes (`prepared.watching`) and this account (state/account.ts). A
 *    state behind the one this process last handed n8n (durable poll cursors store it after the
 *    poll, poll/pollLock.ts) ends the poll without reading.
 * 2. No such state (first activation, another account, another event): the event's baseline
 *    (fax/faxPoll.ts baselineFaxes, mailMerge/mailMergePoll.ts baselineJobs) says where "now" is
 *    and emits nothing.
 * 3. Otherwise the event's poll (pollFaxes with its marks, or pollJobs, bound in events/) takes
 *    the state and returns the items to emit and the next state.
 * 4. Save the next state in one step. The stored state changes only here, after every request of
 *    the poll succeeded: a failed poll leaves it as it was, so the next poll reads the same window
 *    again.
 */
export async function triggerPoll(
	this: IPollFunctions,
	event: string,
	prepared: PreparedEvent,
	maxEvents: number,
	latenessMs: number,
): Promise<INodeExecutionData[][] | null> {
	const pollOnce = async (budget: PollBudget): Promise<INodeExecutionData[][] | null> => {
		// 1. Load.
		const account = await accountOf.call(this, event);
		const staticData = this.getWorkflowStaticData('node');
		if (stateBehindHandOff(this, generationOf(staticData), handOffWaitMs(this))) return null;
		const loaded = loadState(staticData, prepared.watching, account);
		const tag = { watching: prepared.watching, account };
		if (!loaded.state) {
			// 2. Baseline, saved.
			reportFreshStart(this, loaded);
			const state = await prepared.baseline(latenessMs);
			noteHandOff(this, saveState(staticData, { ...state, ...tag }));
			return null;
		}
		// 3. The event's poll; 4. save.
		const { items, state } = await prepared.poll(loaded.state, budget, latenessMs);
		noteHandOff(this, saveState(staticData, { ...state, ...tag }));
		return items.length > 0 ? [items] : null;
	};
	return await pollAlone(this, async () => {
		const budget = new PollBudget(this, maxEvents);
		setPollDeadline(this, budget.deadline);
		try {
			return await pollOnce(budget).catch((error: unknown) => endAtDeadline(this, error));
		} finally {
			setPollDeadline(this, undefined);
		}
	});
}

/** Why a poll starts afresh, for n8n's log; an empty state (first activation) needs no word. */
const FRESH_START_REASON = {
	account: 'the credential now logs in to another account (base URL or User ID changed)',
	watching: 'the event or the faxes watched changed',
	unreadable: 'the stored state could not be read',
} as const;

/** Says in n8n's log what a state replaced by a fresh start still had to do. */
function reportFreshStart(context: IPollFunctions, loaded: LoadedState): void {
	if (!loaded.mismatch || loaded.mismatch === 'nothing') return;
	const { marks, pending } = loaded.leftBehind;
	if (loaded.mismatch !== 'account' && marks === 0 && pending === 0) return;
	warnOfTrigger(
		context,
		`${FRESH_START_REASON[loaded.mismatch]}, so it starts afresh as at its first activation and emits nothing from before; left behind: ${marks} Mark as Retrieved retries and ${pending} mail merge jobs in process`,
	);
}

/**
 * The end of a poll that failed: a request cut short by the poll's deadline ends it with nothing
 * stored, and the next poll reads the same records again; any other failure stays the poll's.
 */
function endAtDeadline(context: IPollFunctions, error: unknown): null {
	if (!pollTimeIsUp(context)) throw error;
	warnOfTrigger(
		context,
		`the poll's time ran out before the service answered, so it ends without events and the next poll reads the same records again: ${(error as Error).message}`,
	);
	return null;
}
