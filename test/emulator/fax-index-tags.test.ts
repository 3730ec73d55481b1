import { FaxIndex, type Cursor, type IndexQuery } from '../../emulator/fax/fax-index';

/**
 * A search by a batch field walks only the faxes filed under it (the tag). It must answer exactly
 * what the walk of the whole store answers with the same filter: same records, same order, same
 * pages, whatever the sort, the window or the cursor, after records are touched and removed.
 */

type Rec = { id: number; time: number; modified: number; batch: string };

const tagOf = (batch: string): string => `batch=${batch}`;
/** The faxId-ordered search of one tag, with this filter. */
const byTag = (index: FaxIndex<Rec>, batch: string, match: (r: Rec) => boolean = () => true) =>
	index.search({ sortColumn: 'faxId', sortOrder: 'asc', tag: tagOf(batch), match }).items;

function store(): { index: FaxIndex<Rec>; records: Rec[] } {
	const tags = (r: Rec) => (r.batch ? [tagOf(r.batch)] : []);
	const index = new FaxIndex<Rec>(
		(r) => r.time,
		(r) => r.modified,
		tags,
	);
	const records: Rec[] = [];
	// Deterministic spread: times collide, modified times move some records ahead of others.
	for (let id = 1; id <= 300; id++) {
		const time = (id * 7919) % 97;
		records.push({ id, time, modified: time + ((id * 31) % 5), batch: ['a', 'b', ''][id % 3] });
	}
	index.insertMany(records.slice(0, 200));
	for (const r of records.slice(200)) index.insertMany([r]);
	return { index, records };
}

/** Every page of a search, following the cursor as a ResultsReference would. */
function allPages(index: FaxIndex<Rec>, query: IndexQuery<Rec>): number[][] {
	const pages: number[][] = [];
	let cursor: Cursor | undefined;
	for (;;) {
		const page = index.search({ ...query, cursor });
		pages.push(page.items.map((r) => r.id));
		if (!page.more) return pages;
		cursor = index.keyOf(page.items[page.items.length - 1]);
	}
}

const shapes: Array<Omit<IndexQuery<Rec>, 'match'>> = [];
for (const sortColumn of ['faxId', 'dateTime'] as const)
	for (const sortOrder of ['asc', 'desc'] as const)
		for (const window of [{}, { after: 20 }, { before: 60 }, { after: 30, before: 40 }])
			for (const limit of [undefined, 1, 7, 50])
				shapes.push({ sortColumn, sortOrder, limit, ...window });

function expectTagSearchesAsFullWalk(index: FaxIndex<Rec>): void {
	for (const batch of ['a', 'b', 'missing']) {
		for (const shape of shapes) {
			const byTag = allPages(index, { ...shape, tag: tagOf(batch), match: () => true });
			const byWalk = allPages(index, { ...shape, match: (r) => r.batch === batch });
			expect({ batch, shape, pages: byTag }).toEqual({ batch, shape, pages: byWalk });
		}
	}
}

test('a search by tag pages exactly like a walk of the whole store with the same filter', () => {
	const { index } = store();
	expectTagSearchesAsFullWalk(index);
	// Not a search that finds nothing: batch "a" has a third of the records.
	expect(byTag(index, 'a')).toHaveLength(100);
});

test('touched and removed records are found (or not) by tag as by the walk', () => {
	const { index, records } = store();
	for (const r of records.filter((r) => r.id % 4 === 0)) {
		r.modified += 100 + (r.id % 13);
		index.touch(r);
	}
	for (const r of records.filter((r) => r.id % 5 === 0)) index.remove(r.id);
	expectTagSearchesAsFullWalk(index);
	expect(byTag(index, 'a').some((r) => r.id % 5 === 0)).toBe(false);
	index.clear();
	expect(byTag(index, 'a')).toEqual([]);
});

test('the other filters still apply within a tag', () => {
	const { index } = store();
	const even = byTag(index, 'b', (r) => r.id % 2 === 0);
	expect(even.length).toBeGreaterThan(0);
	expect(even.every((r) => r.batch === 'b' && r.id % 2 === 0)).toBe(true);
});
