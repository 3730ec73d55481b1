/** What the trigger phase reads from its sink: the events of one name, their ids, none twice. */
import { secondsSince } from '../../harness/report';
import type { Sink } from '../../harness/sink';
import { assert } from './assert';

export const faxIdOf = (fax: Record<string, string>): number => Number(fax.FaxId);
export const sorted = (ids: number[]): number[] => [...ids].sort((a, b) => a - b);

export const eventsAt = (sink: Sink, event: string) =>
	sink.received.filter((r) => r.event === event);

/** The ids (`faxId`, or another field) the sink received for one event name, in order. */
export const idsAt = (sink: Sink, event: string, field = 'faxId'): number[] =>
	eventsAt(sink, event).map((r) => Number(r[field]));

export function allAt(sink: Sink, event: string, ids: number[], field = 'faxId'): boolean {
	const got = idsAt(sink, event, field);
	return ids.every((id) => got.includes(id));
}

/** Rows whose first column is an id, sorted by it. */
export const byId = <T extends unknown[]>(rows: T[]): T[] =>
	[...rows].sort((a, b) => Number(a[0]) - Number(b[0]));

/** Each event as [id, its status, its number] (a job's: [jobId, status]), sorted by id. */
export const statusRows = (sink: Sink, event: string) =>
	byId(
		eventsAt(sink, event).map((r) =>
			r.jobId === undefined ? [Number(r.faxId), r.status, r.number] : [Number(r.jobId), r.status],
		),
	);

export function assertOnce(ids: number[]): void {
	const twice = sorted([...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]);
	assert.deepEqual(twice, [], `emitted twice (${twice.length}): ${twice.slice(0, 20).join(', ')}`);
}

/** The event's ids: none twice, and exactly `expected` (in any order). */
export function assertEachOnce(
	sink: Sink,
	event: string,
	expected: number[],
	message?: string,
): void {
	const ids = idsAt(sink, event);
	assertOnce(ids);
	assert.deepEqual(sorted(ids), sorted(expected), message);
}

/** The event's ids: none twice, every one of a backlog of `backlog.length` faxes there. */
export function assertBacklogOnce(sink: Sink, event: string, backlog: number[]): void {
	const ids = idsAt(sink, event);
	assertOnce(ids);
	const missing = backlog.filter((id) => !ids.includes(id));
	assert.equal(missing.length, 0, `${missing.length} of ${backlog.length} never emitted`);
	assert.equal(ids.length, backlog.length);
}

/** When each step of a group of trigger cases came, in seconds since it started, for the log. */
export class Moments {
	readonly times: Record<string, number> = {};
	private readonly startedAt = Date.now();

	/** `once`: keep the first moment of a step that is checked again and again. */
	protected mark(what: string, once = false): void {
		if (once && this.times[what] !== undefined) return;
		this.times[what] = secondsSince(this.startedAt);
	}
}
