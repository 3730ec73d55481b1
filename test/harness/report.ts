/** What the runners (e2e, deploy, browser) print: one line per check, then a summary. */

/** One check of a runner: whether it passed, how long it took, why it failed. */
export interface CheckOutcome {
	title: string;
	passed: boolean;
	ms: number;
	message?: string;
}

export interface CheckOptions {
	/** Put before every line printed (the deploy part runs two reports side by side). */
	prefix?: string;
	/** Whether the check line shows the check's time. */
	timed?: boolean;
	/** How many lines of a failure's message are printed. */
	lines?: number;
}

/** An error's stack (or message): what a failed check shows. */
export function messageOf(error: unknown): string {
	return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The first `lines` lines of a text, indented under the line of its check. */
export function indented(text: string, lines = 40, prefix = ''): string {
	return text
		.split('\n')
		.slice(0, lines)
		.map((line) => `${prefix}        ${line}`)
		.join('\n');
}

/** Whole seconds since `started` (a Date.now()). */
export const secondsSince = (started: number): number => Math.round((Date.now() - started) / 1000);

/** Prints a check's line (`ok   title (1.2 s)` or `FAIL title`) and, when it failed, why. */
export function printCheck(outcome: CheckOutcome, options: CheckOptions = {}): void {
	const prefix = options.prefix ?? '';
	const time = options.timed ? ` (${(outcome.ms / 1000).toFixed(1)} s)` : '';
	console.log(`${prefix}  ${outcome.passed ? 'ok  ' : 'FAIL'} ${outcome.title}${time}`);
	if (outcome.message) console.log(indented(outcome.message, options.lines, prefix));
}

/** Runs one check and prints its line; a failure is returned, not thrown, so the next runs. */
export async function runCheck(title: string, body: () => unknown, options: CheckOptions = {}) {
	const started = Date.now();
	let message: string | undefined;
	try {
		await body();
	} catch (error) {
		message = messageOf(error);
	}
	const outcome = { title, passed: !message, ms: Date.now() - started, message };
	printCheck(outcome, options);
	return outcome;
}

/**
 * The runner's last lines: `TITLE: N checks, F failed (S s); NOTE...`, then one line per failed
 * check. Returns the exit code: 1 when any check failed.
 */
export function printSummary(
	title: string,
	outcomes: Array<Pick<CheckOutcome, 'title' | 'passed'>>,
	seconds: number,
	notes: string[] = [],
): number {
	const failed = outcomes.filter((o) => !o.passed);
	const checks = `${outcomes.length} check${outcomes.length === 1 ? '' : 's'}`;
	const after = notes.map((note) => `; ${note}`).join('');
	console.log(`\n${title}: ${checks}, ${failed.length} failed (${seconds} s)${after}`);
	for (const failure of failed) console.log(`  FAILED: ${failure.title}`);
	return failed.length > 0 ? 1 : 0;
}
