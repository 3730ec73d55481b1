import type { Emulator } from '../../emulator';
import type { RequestRecord } from '../../emulator/request-log';

/** Which searches belong to one trigger workflow: its path and its login. */
export interface Watched {
	label: string;
	path: string;
	userId: string;
}

export { lastSeq } from '../../emulator/request-log';

const requestsOf = (emulator: Emulator, watched: Watched, sinceSeq: number): RequestRecord[] =>
	emulator.control.requests({ path: watched.path, userId: watched.userId, sinceSeq });

/**
 * The requests of the next poll after `sinceSeq`: waits for the first one, then until the poll has
 * gone quiet (every answer written and nothing new for `quietMs`).
 */
export async function nextPoll(
	emulator: Emulator,
	watched: Watched,
	sinceSeq: number,
	options: { timeoutMs?: number; quietMs?: number } = {},
): Promise<RequestRecord[]> {
	const deadline = Date.now() + (options.timeoutMs ?? 150_000);
	const quietMs = options.quietMs ?? 2_000;
	let seen = 0;
	let changedAt = Date.now();
	for (;;) {
		const records = requestsOf(emulator, watched, sinceSeq);
		if (records.length !== seen) {
			seen = records.length;
			changedAt = Date.now();
		}
		const settled = records.every((r) => r.finishedMs !== undefined || r.status === null);
		if (seen > 0 && settled && Date.now() - changedAt >= quietMs) return records;
		if (Date.now() > deadline) {
			throw new Error(
				`no complete ${watched.label} poll within ${options.timeoutMs ?? 150_000} ms`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

export const bytesOf = (records: RequestRecord[]): number =>
	records.reduce((sum, r) => sum + r.responseBytes, 0);
