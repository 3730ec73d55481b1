export type SortColumn = 'faxId' | 'dateTime';
export type SortOrder = 'asc' | 'desc';

/** Position of the last record returned: keyset paging resumes strictly after it. */
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
}

export interface IndexResult<T> {
	items: T[];
	more: boolean;
}

interface Keyed<T> {
	time: number;
	id: number;
	record: T;
}

function cmp(at: number, aid: number, bt: number, bid: number): number {
	return at !== bt ? at - bt : aid - bid;
}

/**
 * Records kept in two orders: by id (ids only grow, so appends) and by (time, id). A time-range
 * search is a binary search plus a walk in sort order that stops after limit + 1 matches, which
 * keeps one page fast at 100,000 records.
 */
export class FaxIndex<T extends { id: number }> {
	private byId = new Map<number, Keyed<T>>();
	private byIdOrder: Keyed<T>[] = [];
	private byTime: Keyed<T>[] = [];

	constructor(private readonly timeOf: (record: T) => number) {}

	get size(): number {
		return this.byId.size;
	}

	get(id: number): T | undefined {
		return this.byId.get(id)?.record;
	}

	values(): T[] {
		return this.byIdOrder.map((k) => k.record);
	}

	insert(record: T): void {
		const k: Keyed<T> = { time: this.timeOf(record), id: record.id, record };
		this.byId.set(record.id, k);
		const ids = this.byIdOrder;
		if (ids.length === 0 || ids[ids.length - 1].id < record.id) ids.push(k);
		else ids.splice(this.idPos(record.id), 0, k);
		this.byTime.splice(this.timePos(k.time, k.id), 0, k);
	}

	/** Many records at once: appended then sorted once, instead of one splice per record. */
	insertMany(records: T[]): void {
		for (const record of records) {
			const k: Keyed<T> = { time: this.timeOf(record), id: record.id, record };
			this.byId.set(record.id, k);
			this.byIdOrder.push(k);
			this.byTime.push(k);
		}
		this.byIdOrder.sort((a, b) => a.id - b.id);
		this.byTime.sort((a, b) => cmp(a.time, a.id, b.time, b.id));
	}

	/** Re-files a record whose time changed. */
	touch(record: T): void {
		const k = this.byId.get(record.id);
		if (!k) return;
		const time = this.timeOf(record);
		if (time === k.time) return;
		this.byTime.splice(this.timePos(k.time, k.id), 1);
		k.time = time;
		this.byTime.splice(this.timePos(k.time, k.id), 0, k);
	}

	remove(id: number): T | undefined {
		const k = this.byId.get(id);
		if (!k) return undefined;
		this.byId.delete(id);
		this.byIdOrder.splice(this.idPos(id), 1);
		this.byTime.splice(this.timePos(k.time, k.id), 1);
		return k.record;
	}

	clear(): void {
		this.byId.clear();
		this.byIdOrder = [];
		this.byTime = [];
	}

	/** The (time, id) key under which a record is filed; the paging cursor. */
	keyOf(record: T): Cursor {
		const k = this.byId.get(record.id);
		return { time: k ? k.time : this.timeOf(record), id: record.id };
	}

	search(q: IndexQuery<T>): IndexResult<T> {
		const want = q.limit === undefined ? Infinity : q.limit + 1;
		let lo = q.after === undefined ? 0 : this.timePos(q.after, -Infinity);
		let hi = q.before === undefined ? this.byTime.length : this.timePos(q.before, Infinity);
		const out: T[] = [];
		if (q.sortColumn === 'dateTime') {
			if (q.cursor && q.sortOrder === 'asc')
				lo = Math.max(lo, this.timePos(q.cursor.time, q.cursor.id + 0.5));
			if (q.cursor && q.sortOrder === 'desc')
				hi = Math.min(hi, this.timePos(q.cursor.time, q.cursor.id - 0.5));
			if (q.sortOrder === 'asc') {
				for (let i = lo; i < hi && out.length < want; i++) {
					if (q.match(this.byTime[i].record)) out.push(this.byTime[i].record);
				}
			} else {
				for (let i = hi - 1; i >= lo && out.length < want; i--) {
					if (q.match(this.byTime[i].record)) out.push(this.byTime[i].record);
				}
			}
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
			out.push(...found.slice(0, want));
		} else {
			const inRange = (k: Keyed<T>): boolean =>
				(q.after === undefined || k.time >= q.after) &&
				(q.before === undefined || k.time <= q.before);
			if (q.sortOrder === 'asc') {
				const start = q.cursor ? this.idPos(q.cursor.id + 0.5) : 0;
				for (let i = start; i < this.byIdOrder.length && out.length < want; i++) {
					const k = this.byIdOrder[i];
					if (inRange(k) && q.match(k.record)) out.push(k.record);
				}
			} else {
				const end = q.cursor ? this.idPos(q.cursor.id - 0.5) : this.byIdOrder.length;
				for (let i = end - 1; i >= 0 && out.length < want; i--) {
					const k = this.byIdOrder[i];
					if (inRange(k) && q.match(k.record)) out.push(k.record);
				}
			}
		}
		const more = out.length > (q.limit ?? Infinity);
		return { items: more ? out.slice(0, q.limit) : out, more };
	}

	/** First index in byTime whose key is >= (time, id). */
	private timePos(time: number, id: number): number {
		let lo = 0;
		let hi = this.byTime.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			const k = this.byTime[mid];
			if (cmp(k.time, k.id, time, id) < 0) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}

	/** First index in byIdOrder whose id is >= id. */
	private idPos(id: number): number {
		let lo = 0;
		let hi = this.byIdOrder.length;
		while (lo < hi) {
			const mid = (lo + hi) >> 1;
			if (this.byIdOrder[mid].id < id) lo = mid + 1;
			else hi = mid;
		}
		return lo;
	}
}
