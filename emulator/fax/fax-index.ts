export type SortColumn = 'faxId' | 'dateTime';
export type SortOrder = 'asc' | 'desc';

/**
 * Position of the last record returned: keyset paging resumes strictly after it. `time` is the
 * last-modified time for a dateTime sort and unused for a faxId sort.
 */
export interface Cursor {
	time: number;
	id: number;
}

export interface IndexQuery<T> {
	match: (record: T) => boolean;
	sortColumn: SortColumn;
	sortOrder: SortOrder;
	after?: number;
	before?: number;
	cursor?: Cursor;
	limit?: number;
	/** Only records filed under this tag (see the index's `tagsOf`): a walk of those alone. */
	tag?: string;
}

export interface IndexResult<T> {
	items: T[];
	more: boolean;
}

interface Keyed<T> {
	/** The record's own time (ReceivedTime, CompleteTime): what DatetimeAfter/Before filter. */
	time: number;
	/** Last modified: what SortColumn=dateTime orders by; never before `time`. */
	modified: number;
	id: number;
	record: T;
}

/** Whether a record's own time lies within DatetimeAfter and DatetimeBefore. */
function inWindow(q: { after?: number; before?: number }, k: { time: number }): boolean {
	return (
		(q.after === undefined || k.time >= q.after) && (q.before === undefined || k.time <= q.before)
	);
}

function cmp(at: number, aid: number, bt: number, bid: number): number {
	return at !== bt ? at - bt : aid - bid;
}

/**
 * Records kept in three orders: by id (ids only grow, so appends), by (time, id) and by
 * (last modified, id). A search is a binary search plus a walk in sort order that stops after
 * limit + 1 matches, which keeps one page fast at 100,000 records. The description filters on the
 * record's own time but sorts `dateTime` by the last-modified time, so a fax marked today sorts
 * after one received an hour ago although it was received yesterday. Since a record is modified
 * at or after its own time, a dateTime walk can still start at DatetimeAfter.
 */
export class FaxIndex<T extends { id: number }> {
	private byId = new Map<number, Keyed<T>>();
	private byIdOrder: Keyed<T>[] = [];
	private byTime: Keyed<T>[] = [];
	private byModified: Keyed<T>[] = [];
	private byTag = new Map<string, Set<Keyed<T>>>();

	/**
	 * `tagsOf` names what a record is also filed under (a batch field's value, say), which must not
	 * change once it is stored: a search for one tag walks its records instead of the whole store.
	 */
	constructor(
		private readonly timeOf: (record: T) => number,
		private readonly modifiedOf: (record: T) => number,
		private readonly tagsOf: (record: T) => string[] = () => [],
	) {}

	private fileTags(k: Keyed<T>): void {
		for (const tag of this.tagsOf(k.record)) {
			this.byTag.set(tag, (this.byTag.get(tag) ?? new Set()).add(k));
		}
	}

	private unfileTags(k: Keyed<T>): void {
		for (const tag of this.tagsOf(k.record)) {
			const set = this.byTag.get(tag);
			set?.delete(k);
			if (set?.size === 0) this.byTag.delete(tag);
		}
	}

	private keyed(record: T): Keyed<T> {
		const time = this.timeOf(record);
		return { time, modified: Math.max(time, this.modifiedOf(record)), id: record.id, record };
	}

	get size(): number {
		return this.byId.size;
	}

	get(id: number): T | undefined {
		return this.byId.get(id)?.record;
	}

	insert(record: T): void {
		const k = this.keyed(record);
		this.byId.set(record.id, k);
		this.fileTags(k);
		this.byIdOrder.splice(this.idPos(record.id), 0, k);
		this.byTime.splice(this.timePos(k.time, k.id), 0, k);
		this.byModified.splice(this.modifiedPos(k.modified, k.id), 0, k);
	}

	/** Records at once: a few are spliced in, many appended and sorted once. */
	insertMany(records: T[]): void {
		if (records.length < 8) return records.forEach((record) => this.insert(record));
		for (const record of records) {
			const k = this.keyed(record);
			this.byId.set(record.id, k);
			this.fileTags(k);
			this.byIdOrder.push(k);
			this.byTime.push(k);
			this.byModified.push(k);
		}
		this.byIdOrder.sort((a, b) => a.id - b.id);
		this.byTime.sort((a, b) => cmp(a.time, a.id, b.time, b.id));
		this.byModified.sort((a, b) => cmp(a.modified, a.id, b.modified, b.id));
	}

	/** Re-files a record whose own time or last-modified time changed. */
	touch(record: T): void {
		const k = this.byId.get(record.id);
		if (!k) return;
		const next = this.keyed(record);
		if (next.time !== k.time) {
			this.byTime.splice(this.timePos(k.time, k.id), 1);
			k.time = next.time;
			this.byTime.splice(this.timePos(k.time, k.id), 0, k);
		}
		if (next.modified !== k.modified) {
			this.byModified.splice(this.modifiedPos(k.modified, k.id), 1);
			k.modified = next.modified;
			this.byModified.splice(this.modifiedPos(k.modified, k.id), 0, k);
		}
	}

	remove(id: number): T | undefined {
		const k = this.byId.get(id);
		if (!k) return undefined;
		this.byId.delete(id);
		this.unfileTags(k);
		this.byIdOrder.splice(this.idPos(id), 1);
		this.byTime.splice(this.timePos(k.time, k.id), 1);
		this.byModified.splice(this.modifiedPos(k.modified, k.id), 1);
		return k.record;
	}

	clear(): void {
		this.byId.clear();
		this.byTag.clear();
		this.byIdOrder = [];
		this.byTime = [];
		this.byModified = [];
	}

	/** The (last modified, id) key under which a record is filed; the paging cursor. */
	keyOf(record: T): Cursor {
		const k = this.byId.get(record.id) ?? this.keyed(record);
		return { time: k.modified, id: record.id };
	}

	search(q: IndexQuery<T>): IndexResult<T> {
		if (q.tag !== undefined) return this.searchTag(q, q.tag);
		const want = q.limit === undefined ? Infinity : q.limit + 1;
		const lo = q.after === undefined ? 0 : this.timePos(q.after, -Infinity);
		const hi = q.before === undefined ? this.byTime.length : this.timePos(q.before, Infinity);
		let out: T[];
		if (q.sortColumn === 'dateTime') {
			// Modified at or after its own time: nothing from DatetimeAfter on is modified earlier.
			let from = q.after === undefined ? 0 : this.modifiedPos(q.after, -Infinity);
			let to = this.byModified.length;
			if (q.cursor && q.sortOrder === 'asc')
				from = Math.max(from, this.modifiedPos(q.cursor.time, q.cursor.id + 0.5));
			if (q.cursor && q.sortOrder === 'desc')
				to = Math.min(to, this.modifiedPos(q.cursor.time, q.cursor.id - 0.5));
			out = walk(this.byModified, from, to, q, want);
		} else if (hi - lo < this.byIdOrder.length / 8) {
			// A narrow time range: gather it and order by id rather than walk every id.
			const found: T[] = [];
			for (let i = lo; i < hi; i++) {
				const r = this.byTime[i].record;
				if (q.cursor && (q.sortOrder === 'asc' ? r.id <= q.cursor.id : r.id >= q.cursor.id))
					continue;
				if (q.match(r)) found.push(r);
			}
			found.sort((a, b) => (q.sortOrder === 'asc' ? a.id - b.id : b.id - a.id));
			out = found.slice(0, want);
		} else {
			const { cursor } = q;
			const asc = q.sortOrder === 'asc';
			const from = asc && cursor ? this.idPos(cursor.id + 0.5) : 0;
			const to = !asc && cursor ? this.idPos(cursor.id - 0.5) : this.byIdOrder.length;
			out = walk(this.byIdOrder, from, to, q, want);
		}
		const more = out.length > (q.limit ?? Infinity);
		return { items: more ? out.slice(0, q.limit) : out, more };
	}

	/** A search within one tag's records: they are gathered, then put in the asked order. */
	private searchTag(q: IndexQuery<T>, tag: string): IndexResult<T> {
		const byDate = q.sortColumn === 'dateTime';
		const order = (a: Keyed<T>, b: Keyed<T>): number =>
			byDate ? cmp(a.modified, a.id, b.modified, b.id) : a.id - b.id;
		const sign = q.sortOrder === 'asc' ? 1 : -1;
		const cursor = q.cursor;
		const afterCursor = (k: Keyed<T>): boolean => {
			if (!cursor) return true;
			const c = byDate ? cmp(k.modified, k.id, cursor.time, cursor.id) : k.id - cursor.id;
			return c * sign > 0;
		};
		const found: Keyed<T>[] = [];
		for (const k of this.byTag.get(tag) ?? []) {
			if (inWindow(q, k) && afterCursor(k) && q.match(k.record)) found.push(k);
		}
		found.sort((a, b) => sign * order(a, b));
		const limit = q.limit ?? Infinity;
		const more = found.length > limit;
		return { items: found.slice(0, limit).map((k) => k.record), more };
	}

	/** First index in byTime whose key is >= (time, id). */
	private timePos(time: number, id: number): number {
		return firstNotBefore(this.byTime, (k) => cmp(k.time, k.id, time, id) < 0);
	}

	/** First index in byModified whose key is >= (modified, id). */
	private modifiedPos(modified: number, id: number): number {
		return firstNotBefore(this.byModified, (k) => cmp(k.modified, k.id, modified, id) < 0);
	}

	/** First index in byIdOrder whose id is >= id. */
	private idPos(id: number): number {
		return firstNotBefore(this.byIdOrder, (k) => k.id < id);
	}
}

/** The records of sorted[from, to) in the asked order that are in the window and match (`want` at most). */
function walk<T>(sorted: Keyed<T>[], from: number, to: number, q: IndexQuery<T>, want: number) {
	const out: T[] = [];
	const step = q.sortOrder === 'asc' ? 1 : -1;
	for (let i = step > 0 ? from : to - 1; from <= i && i < to && out.length < want; i += step) {
		const k = sorted[i];
		if (inWindow(q, k) && q.match(k.record)) out.push(k.record);
	}
	return out;
}

/** The first index of a sorted array whose entry is not before the sought key (a binary search). */
function firstNotBefore<T>(sorted: T[], before: (entry: T) => boolean): number {
	let lo = 0;
	let hi = sorted.length;
	while (lo < hi) {
		const mid = (lo + hi) >> 1;
		if (before(sorted[mid])) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}
