export interface WaitOptions {
	/** Between two checks; 250 ms unless given. */
	intervalMs?: number;
	/** Added to the timeout's message: what the waiter saw (a log's end, a count). */
	detail?: () => string;
}

export const sleep = (ms: number): Promise<void> =>
	new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks `done` until it holds; throws "timed out after N s waiting for WHAT" once `timeoutMs` has
 * passed. An exception from `done` ends the wait with it (a process that died, say).
 */
export async function waitUntil(
	what: string,
	done: () => boolean | Promise<boolean>,
	timeoutMs: number,
	options: number | WaitOptions = {},
): Promise<void> {
	const { intervalMs = 250, detail } =
		typeof options === 'number' ? { intervalMs: options } : options;
	const deadline = Date.now() + timeoutMs;
	while (!(await done())) {
		if (Date.now() > deadline) {
			const seen = detail ? `\n${detail()}` : '';
			throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}${seen}`);
		}
		await sleep(intervalMs);
	}
}

/**
 * Retries `check` until it returns without throwing, and returns what it returned: what is
 * checked changes in its own time (a list that loads, a run that finishes), most of all on a
 * loaded machine. Throws the last failure once `timeoutMs` has passed.
 */
export async function eventually<T>(
	check: () => Promise<T> | T,
	timeoutMs = 20_000,
	intervalMs = 250,
): Promise<T> {
	let last = { error: new Error('never checked') } as { value: T } | { error: unknown };
	const passed = async () => {
		try {
			last = { value: await check() };
			return true;
		} catch (error) {
			last = { error };
			return false;
		}
	};
	await waitUntil('a check to pass', passed, timeoutMs, intervalMs).catch(() => undefined);
	if ('value' in last) return last.value;
	throw last.error;
}
