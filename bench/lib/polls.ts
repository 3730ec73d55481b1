import type { Emulator } from '../../emulator';
import type { RequestRecord } from '../../emulator/request-log';
import { waitUntil } from '../../test/harness/waitUntil';

/** Which searches belong to one trigger workflow: its path and its login. */
export interface Watched {
	label: string;
	path: string;
	userId: string;
}

export { lastSeq } from '../../emulator/request-log';

/** The searches of one trigger workflow since `sinceSeq`. */
export const requestsOf = (
	emulator: Emulator,
	watched: Watched,
	sinceSeq: number,
): RequestRecord[] =>
	emulator.control.requests({ path: watched.path, userId: watched.userId, sinceSeq });

/** The next poll's requests after `sinceSeq`, once it is quiet (all answered, nothing new 2 s). */
export async function nextPoll(
	emulator: Emulator,
	watched: Watched,
	sinceSeq: number,
): Promise<RequestRecord[]> {
	let records: RequestRecord[] = [];
	let changedAt = Date.now();
	const complete = () => {
		const now = requestsOf(emulator, watched, sinceSeq);
		if (now.length !== records.length) changedAt = Date.now();
		records = now;
		const settled = records.every((r) => r.finishedMs !== undefined || r.status === null);
		return records.length > 0 && settled && Date.now() - changedAt >= 2_000;
	};
	await waitUntil(`a complete ${watched.label} poll`, complete, 150_000, {
		intervalMs: 200,
		detail: () => `${records.length} requests so far`,
	});
	return records;
}

export const bytesOf = (records: RequestRecord[]): number =>
	records.reduce((sum, r) => sum + r.responseBytes, 0);
