/**
 * Retries `check` until it returns without throwing, and returns what it returned: the editor
 * changes in its own time (a list that loads, a run that finishes), most of all on a loaded
 * machine. Throws the last failure once `timeoutMs` has passed.
 */
export async function eventually<T>(
	check: () => Promise<T> | T,
	timeoutMs = 20_000,
	intervalMs = 250,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			return await check();
		} catch (error) {
			if (Date.now() >= deadline) throw error;
		}
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
	}
}
