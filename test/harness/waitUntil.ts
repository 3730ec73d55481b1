/**
 * The project's one wait kit: every wait in test/, bench/ and scripts/ goes through these (a lint
 * rule refuses a hand-made loop or timer elsewhere). It imports nothing.
 */

export interface WaitOptions {
	/** Between two checks; 250 ms unless given. */
	intervalMs?: number;
	/** Added to the timeout's message: what the waiter saw (a log's end, a count). */
	detail?: () => string;
}

/**
 * A fixed pause, for waits with nothing to watch (a moment on the clock). A wait for something to
 * happen is `waitUntil`; one that gives something the chance to happen wrongly is `watchFor`.
 */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What `waitUntil` throws once its time is up. */
export class WaitTimeout extends Error {}

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
			throw new WaitTimeout(`timed out after ${timeoutMs / 1000} s waiting for ${what}${seen}`);
		}
		await sleep(intervalMs);
	}
}

/**
 * Retries `check` until it returns without throwing, and returns what it returned; throws the
 * last failure once `timeoutMs` has passed.
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

/**
 * Watches for `happened` during `ms`, for a check that something does NOT happen: true as soon as
 * it happens, false once `ms` passed without it.
 */
export async function watchFor(
	what: string,
	happened: () => boolean | Promise<boolean>,
	ms: number,
	intervalMs = 50,
): Promise<boolean> {
	return await waitUntil(what, happened, ms, intervalMs).then(
		() => true,
		(error: unknown) => {
			if (error instanceof WaitTimeout) return false;
			throw error;
		},
	);
}

/**
 * Waits for `settled` (a child process's exit, say); once `graceMs` has passed without it, calls
 * `force` (a SIGKILL) and waits on. The bound on every stop of a process the harness started.
 */
export async function awaitOrForce<T>(settled: Promise<T>, graceMs: number, force: () => void) {
	const timer = setTimeout(force, graceMs);
	try {
		return await settled;
	} finally {
		clearTimeout(timer);
	}
}
