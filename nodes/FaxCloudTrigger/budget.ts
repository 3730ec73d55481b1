import type { IPollFunctions } from 'n8n-workflow';

/** n8n versions before getPollBudgetMs allowed a poll this long. */
const DEFAULT_POLL_BUDGET_MS = 5 * 60_000;

/** Share of the poll budget for reading and emitting events; marks may run until the second share. */
const READ_SHARE = 0.6;
const MARK_SHARE = 0.85;

/**
 * How much one poll may take: at most `maxEvents` events, and no longer than the engine allows
 * (getPollBudgetMs). Elapsed time only decides when to stop and leave the rest to the next poll;
 * it never moves the cursor, which follows the service's own timestamps.
 */
export class PollBudget {
	private readonly startedAt = Date.now();
	private readonly budgetMs: number;
	private emitted = 0;

	constructor(
		context: IPollFunctions,
		readonly maxEvents: number,
	) {
		const reported =
			typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
		this.budgetMs =
			typeof reported === 'number' && Number.isFinite(reported) && reported >= 0
				? reported
				: DEFAULT_POLL_BUDGET_MS;
	}

	countEvent(): void {
		this.emitted++;
	}

	get eventsFull(): boolean {
		return this.emitted >= this.maxEvents;
	}

	/** Time to stop reading, once this poll has something to show for itself. */
	get readingOver(): boolean {
		return this.emitted > 0 && this.elapsed() >= this.budgetMs * READ_SHARE;
	}

	/** Time to leave the remaining marks to the next poll. */
	get markingOver(): boolean {
		return this.elapsed() >= this.budgetMs * MARK_SHARE;
	}

	private elapsed(): number {
		return Date.now() - this.startedAt;
	}
}
