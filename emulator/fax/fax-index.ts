import { firstNotBefore } from '../clock';

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

/** One order of the records: the list sorted by (key, id). */
interface Order<T> {
	list: Keyed<T>[];
	key: (k: Keyed<T>) => number;
}

const order = <T>(key: (k: Keyed<T>) => number): Order<T> => ({ list: [], key });

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
	private ids = order<T>((k) => k.id);
	private times = order<T>((k) => k.time);
	private modifieds = order<T>((k) => k.modified);
	private byTag = new Map<string, Set<Keyed<T>>>();

	/** `tagsOf`: what a record is also filed under (fixed once stored); a tag search walks those. */
	constructor(
		private readonly timeOf: (record: T) => number,
		private readonly modifiedOf: (record: T) => number,
		private readonly tagsOf: (record: T) => string[] = () => [],
	) {}

	private keyed(record: T): Keyed<T> {
		const time = this.timeOf(record);
		return { time, modified: Math.max(time, this.modifiedOf(record)), id: record.id, record };
	}

	/** First index of an order whose entry is at or after (key, id). */
	private pos(o: Order<T>, key: number, id: number): number {
		return firstNotBefore(o.list, (k) => cmp(o.key(k), k.id, key, id) < 0);
	}

	/** Puts a record into (or takes it out of) sorted orders, at its (key, id). */
	private place(k: Keyed<T>, orders: Order<T>[], add: boolean): void {
		for (const o of orders) {
			const at = this.pos(o, o.key(k), k.id);
			if (add) o.list.splice(at, 0, k);
			else o.list.splice(at, 1);
		}
	}

	get size(): number {
		return this.byId.size;
	}

	get(id: number): T | undefined {
		return this.byId.get(id)?.record;
	}

	/** Records at once: a few are spliced in, many appended and sorted once. */
	insertMany(records: T[]): void {
		const orders = [this.ids, this.times, this.modifieds];
		for (const record of records) {
			const k = this.keyed(record);
			this.byId.set(record.id, k);
			for (const tag of this.tagsOf(record)) {
				this.byTag.set(tag, (this.byTag.get(tag) ?? new Set()).add(k));
			}
			if (records.length < 8) this.place(k, orders, true);
			else for (const o of orders) o.list.push(k);
		}
		if (records.length < 8) return;
		for (const o of orders) o.list.sort((a, b) => cmp(o.key(a), a.id, o.key(b), b.id));
	}

	/** Re-files a record whose own time or last-modified time changed. */
	touch(record: T): void {
		const k = this.byId.get(record.id);
		const next = this.keyed(record);
		if (!k || (next.time === k.time && next.modified === k.modified)) return;
		this.place(k, [this.times, this.modifieds], false);
		k.time = next.time;
		k.modified = next.modified;
		this.place(k, [this.times, this.modifieds], true);
	}

	remove(id: number): T | undefined {
		const k = this.byId.get(id);
		if (!k) return undefined;
		this.byId.delete(id);
		for (const tag of this.tagsOf(k.record)) {
			const set = this.byTag.get(tag);
			set?.delete(k);
			if (set?.size === 0) this.byTag.delete(tag);
		}
		this.place(k, [this.ids, this.times, this.modifieds], false);
		return k.record;
	}

	clear(): void {
		this.byId.clear();
		this.byTag.clear();
		for (const o of [this.ids, this.times, this.modifieds]) o.list = [];
	}

	/** The (last modified, id) key under which a record is filed; the paging cursor. */
	keyOf(record: T): Cursor {
		const k = this.byId.get(record.id) ?? this.keyed(record);
		return { time: k.modified, id: record.id };
	}

	search(q: IndexQuery<T>): { items: T[]; more: boolean } {
		const want = q.limit === undefined ? Infinity : q.limit + 1;
		const { cursor } = q;
		const asc = q.sortOrder === 'asc';
		const lo = q.after === undefined ? 0 : this.pos(this.times, q.after, -Infinity);
		const hi =
			q.before === undefined ? this.times.list.length : this.pos(this.times, q.before, Infinity);
		let out: T[];
		if (q.tag !== undefined) {
			out = gather(this.byTag.get(q.tag) ?? [], q, want);
		} else if (q.sortColumn === 'dateTime') {
			// Modified at or after its own time: nothing from DatetimeAfter on is modified earlier.
			let from = q.after === undefined ? 0 : this.pos(this.modifieds, q.after, -Infinity);
			let to = this.modifieds.list.length;
			if (cursor && asc)
				from = Math.max(from, this.pos(this.modifieds, cursor.time, cursor.id + 0.5));
			if (cursor && !asc) to = Math.min(to, this.pos(this.modifieds, cursor.time, cursor.id - 0.5));
			out = walk(this.modifieds.list, from, to, q, want);
		} else if (hi - lo < this.ids.list.length / 8) {
			// A narrow time range: gather it and order by id rather than walk every id.
			out = gather(this.times.list.slice(lo, hi), q, want);
		} else {
			const from = asc && cursor ? this.pos(this.ids, cursor.id + 0.5, 0) : 0;
			const to = !asc && cursor ? this.pos(this.ids, cursor.id - 0.5, 0) : this.ids.list.length;
			out = walk(this.ids.list, from, to, q, want);
		}
		const more = out.length > (q.limit ?? Infinity);
		return { items: more ? out.slice(0, q.limit) : out, more };
	}
}

/** The faxes of one direction: ids handed out in order, a deleted fax flagged and out of the index. */
export class FaxStore<T extends { id: number; modifiedAt: number; deleted: boolean }> {
	private nextId = 1;

	constructor(readonly index: FaxIndex<T>) {}

	allocateId(): number {
		return this.nextId++;
	}

	add(faxes: T[]): void {
		this.index.insertMany(faxes);
	}

	get(id: number): T | undefined {
		return this.index.get(id);
	}

	/** The fax sorts as modified at `now` (SortColumn=dateTime). */
	modified(fax: T, now: number): void {
		fax.modifiedAt = now;
		if (!fax.deleted) this.index.touch(fax);
	}

	remove(fax: T): void {
		fax.deleted = true;
		this.index.remove(fax.id);
	}

	reset(): void {
		this.index.clear();
		this.nextId = 1;
	}
}

/** A tag's or a narrow time range's records in the window, after the cursor, matching, sorted. */
function gather<T>(keyed: Iterable<Keyed<T>>, q: IndexQuery<T>, want: number): T[] {
	const byDate = q.sortColumn === 'dateTime';
	const order = (a: Keyed<T>, b: Cursor): number =>
		byDate ? cmp(a.modified, a.id, b.time, b.id) : a.id - b.id;
	const sign = q.sortOrder === 'asc' ? 1 : -1;
	const found: Keyed<T>[] = [];
	for (const k of keyed) {
		const afterCursor = !q.cursor || order(k, q.cursor) * sign > 0;
		if (inWindow(q, k) && afterCursor && q.match(k.record)) found.push(k);
	}
	found.sort((a, b) => sign * order(a, { time: b.modified, id: b.id }));
	return found.slice(0, want).map((k) => k.record);
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
