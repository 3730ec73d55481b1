// The poll budget: how long a poll may read, emit and mark, and how many events it emits.
import type { IPollFunctions } from 'n8n-workflow';

/** n8n versions before getPollBudgetMs allowed a poll this long. */
const DEFAULT_POLL_BUDGET_MS = 5 * 60_000;

/**
 * A poll always gets this long: a smaller budget still reads a page and emits an event, so a
 * backlog moves. n8n 2.x keeps a margin of at least 20 % (5 s or more) past the budget it reports.
 */
const MIN_POLL_MS = 5_000;

/**
 * Shares of the poll budget: reading the window's pages, then emitting (image downloads), then
 * marks. Each phase leaves the rest of the budget to the phases after it.
 */
const READ_SHARE = 0.45;
const EMIT_SHARE = 0.7;
const MARK_SHARE = 0.85;

/**
 * The share of the poll budget one fax image may take, and its floor: a slow or silent image
 * download ends within it (the fax is emitted with `imageError`), so it never costs the poll.
 */
const IMAGE_SHARE = 0.15;
const MIN_IMAGE_MS = 2_000;

/** The time n8n gives a poll (getPollBudgetMs on 2.x); 5 minutes on versions without it. */
function reportedBudgetMs(context: IPollFunctions): number {
	const reported =
		typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : undefined;
	return typeof reported === 'number' && Number.isFinite(reported) && reported >= 0
		? reported
		: DEFAULT_POLL_BUDGET_MS;
}

/**
 * How long a poll waits for n8n to store the state the previous poll handed it (durable poll
 * cursors store it with that poll's execution, pollLock.ts): two poll budgets.
 */
export function handOffWaitMs(context: IPollFunctions): number {
	return 2 * reportedBudgetMs(context);
}

/** How long one fax image download may take in a poll (never past the poll's own deadline). */
export function imageAllowanceMs(context: IPollFunctions): number {
	return Math.max(reportedBudgetMs(context) * IMAGE_SHARE, MIN_IMAGE_MS);
}

/**
 * How much one poll may take: at most `maxEvents` events, and no longer than the engine allows
 * (getPollBudgetMs). Elapsed time only decides when to stop and leave the rest to the next poll;
 * it never moves the window, which follows the service's own clock. At the deadline every phase
 * stops, and no request runs past it (pollDeadline.ts).
 */
export class PollBudget {
	private readonly startedAt = Date.now();
	private readonly budgetMs: number;
	/** The instant the poll ends by, whatever it has read (epoch ms). */
	readonly deadline: number;
	private emitted = 0;

	constructor(
		context: IPollFunctions,
		readonly maxEvents: number,
	) {
		this.budgetMs = reportedBudgetMs(context);
		this.deadline = this.startedAt + Math.max(this.budgetMs, MIN_POLL_MS);
	}

	/** Whether the poll's time is over: it ends with what it has. */
	get timeUp(): boolean {
		return Date.now() >= this.deadline;
	}

	countEvent(): void {
		this.emitted++;
	}

	/** How many more events this poll may emit (Max Events per Poll). */
	get room(): number {
		return Math.max(0, this.maxEvents - this.emitted);
	}

	get eventsFull(): boolean {
		return this.emitted >= this.maxEvents;
	}

	/**
	 * Time to stop reading pages: once they hold something new to show for this poll, or at the
	 * deadline (the window then stays, and the next poll reads it again).
	 */
	readingOver(foundNew: boolean): boolean {
		return (foundNew && this.elapsed() >= this.budgetMs * READ_SHARE) || this.timeUp;
	}

	/** Time to stop emitting, once this poll emitted something, or at the deadline. */
	get emittingOver(): boolean {
		return (this.emitted > 0 && this.elapsed() >= this.budgetMs * EMIT_SHARE) || this.timeUp;
	}

	/** Time to leave the remaining marks to the next poll. */
	get markingOver(): boolean {
		return this.elapsed() >= this.budgetMs * MARK_SHARE || this.timeUp;
	}

	private elapsed(): number {
		return Date.now() - this.startedAt;
	}
}
