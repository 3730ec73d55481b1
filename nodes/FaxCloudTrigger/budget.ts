import type { IPollFunctions } from 'n8n-workflow';

/** n8n versions before getPollBudgetMs allowed a poll this long. */
const DEFAULT_POLL_BUDGET_MS = 5 * 60_000;

/**
 * Shares of the poll budget: reading the window's pages, then emitting (image downloads), then
 * marks. Each phase leaves the rest of the budget to the phases after it.
 */
const READ_SHARE = 0.45;
const EMIT_SHARE = 0.7;
const MARK_SHARE = 0.85;

/**
 * How much one poll may take: at most `maxEvents` events, and no longer than the engine allows
 * (getPollBudgetMs). Elapsed time only decides when to stop and leave the rest to the next poll;
 * it never moves the window, which follows the service's own clock.
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

	/** Time to stop reading pages, once they hold something new to show for this poll. */
	readingOver(foundNew: boolean): boolean {
		return foundNew && this.elapsed() >= this.budgetMs * READ_SHARE;
	}

	/** Time to stop emitting, once this poll emitted something. */
	get emittingOver(): boolean {
		return this.emitted > 0 && this.elapsed() >= this.budgetMs * EMIT_SHARE;
	}

	/** Time to leave the remaining marks to the next poll. */
	get markingOver(): boolean {
		return this.elapsed() >= this.budgetMs * MARK_SHARE;
	}

	private elapsed(): number {
		return Date.now() - this.startedAt;
	}
}
