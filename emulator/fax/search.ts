import { randomBytes } from 'crypto';
import { orgOf } from '../accounts';
import type { EmulatorContext } from '../context';
import type { DatetimePrecision } from '../datetime';
import type { ServiceRequest } from '../http/listener';
import { withStatus, type Reply } from '../http/reply';
import type { SeedUser } from '../seed-data';
import type { Cursor, FaxIndex, SortColumn, SortOrder } from './fax-index';
import { ParamReader } from './param-rules';
import { ApiError } from './status-codes';

export type Direction = 'outbound' | 'inbound';

/** Search criteria as stored behind a ResultsReference. */
export interface Criteria {
	direction: Direction;
	login: string;
	org: string;
	/** Owner filter; undefined = every user of the organization (FaxUserId=*). */
	owner?: string;
	after?: number;
	before?: number;
	status?: string;
	mark?: boolean;
	batchName?: string;
	batchUniqueId?: string;
	sortColumn: SortColumn;
	sortOrder: SortOrder;
	limit?: number;
}

interface Reference {
	criteria: Criteria;
	cursor: Cursor;
}

/** References past this count are forgotten, oldest first; a forgotten one answers 400. */
const MAX_REFERENCES = 20_000;

/**
 * How ResultsReference values are issued. `per-page`: a new key per page (the same key repeats
 * its page). `session`: one key for the whole search, each use answers the next page (allowed by
 * the description). `withheld`: HasMoreResults "true" without a key (a faulty front end).
 */
export type PagingKeys = 'per-page' | 'session' | 'withheld';
export const PAGING_KEYS: readonly PagingKeys[] = ['per-page', 'session', 'withheld'];

/**
 * A ResultsReference is the stored criteria plus the key (time, id) of the last record returned,
 * never an offset: records created, deleted or updated between pages do not shift the next page.
 */
export class ReferenceStore {
	private refs = new Map<string, Reference>();
	private counter = 0;
	keys: PagingKeys = 'per-page';

	create(criteria: Criteria, cursor: Cursor): string {
		const key = `${criteria.direction === 'outbound' ? 'O' : 'I'}${(++this.counter).toString(36)}${randomBytes(6).toString('hex')}`;
		this.refs.set(key, { criteria, cursor });
		if (this.refs.size > MAX_REFERENCES) {
			const oldest = this.refs.keys().next().value as string;
			this.refs.delete(oldest);
		}
		return key;
	}

	get(key: string): Reference | undefined {
		return this.refs.get(key);
	}

	/**
	 * The reference of the page after one asked for with `used`: a new key per page, or the same
	 * key moved on to the page's last record (session).
	 */
	next(used: string | undefined, criteria: Criteria, cursor: Cursor): string {
		if (this.keys === 'session' && used !== undefined && this.refs.has(used)) {
			this.refs.set(used, { criteria, cursor });
			return used;
		}
		return this.create(criteria, cursor);
	}

	clear(): void {
		this.refs.clear();
	}
}

export interface ParsedSearch {
	criteria: Criteria;
	cursor?: Cursor;
	/** The GetNextResults key the page was asked for with. */
	reference?: string;
}

export function parseSearch(
	reader: ParamReader,
	login: SeedUser,
	direction: Direction,
	statuses: readonly string[],
	refs: ReferenceStore,
): ParsedSearch {
	const limit = reader.int('ResultLimit', 1);
	const next = reader.string('GetNextResults');
	if (next !== undefined && next !== '' && next !== 'false') {
		const ref = refs.get(next);
		if (!ref || ref.criteria.direction !== direction || ref.criteria.login !== login.userId) {
			throw new ApiError(
				'invalidReference',
				`GetNextResults: unknown or expired results reference`,
			);
		}
		return {
			criteria: { ...ref.criteria, limit: limit ?? ref.criteria.limit },
			cursor: ref.cursor,
			reference: next,
		};
	}
	const requested = reader.string('FaxUserId');
	let owner: string | undefined = login.userId;
	if (login.proxy && requested !== undefined && requested !== '') {
		owner = requested === '*' ? undefined : requested;
	}
	const criteria: Criteria = {
		direction,
		login: login.userId,
		org: orgOf(login.userId),
		owner,
		after: reader.datetime('DatetimeAfter'),
		before: reader.datetime('DatetimeBefore'),
		status: reader.oneOf('FaxStatus', statuses),
		mark: reader.bool('Mark'),
		sortColumn: reader.oneOf('SortColumn', ['faxId', 'dateTime'] as const) ?? 'faxId',
		sortOrder: reader.oneOf('SortOrder', ['asc', 'desc'] as const) ?? 'asc',
		limit,
	};
	if (direction === 'outbound') {
		criteria.batchName = nonEmpty(reader.string('BatchName'));
		criteria.batchUniqueId = nonEmpty(reader.string('BatchUniqueId'));
	}
	return { criteria };
}

function nonEmpty(v: string | undefined): string | undefined {
	return v === undefined || v === '' ? undefined : v;
}

interface Searchable {
	id: number;
	userId: string;
	status: string;
	mark: boolean;
	batchName?: string;
	batchUniqueId?: string;
}

export interface SearchPage<T> {
	items: T[];
	more: boolean;
	reference?: string;
}

/** The tags under which the outbound store files a fax's batch fields (see outbound-store.ts). */
export const uniqueIdTag = (value: string): string => `BatchUniqueId=${value}`;
export const batchNameTag = (value: string): string => `BatchName=${value}`;

/** A search by a batch field walks that field's faxes only (the other filters still apply). */
function batchTag(c: Criteria): string | undefined {
	if (c.batchUniqueId !== undefined) return uniqueIdTag(c.batchUniqueId);
	if (c.batchName !== undefined) return batchNameTag(c.batchName);
	return undefined;
}

export function runSearch<T extends Searchable>(
	index: FaxIndex<T>,
	parsed: ParsedSearch,
	refs: ReferenceStore,
): SearchPage<T> {
	const c = parsed.criteria;
	const orgSuffix = `@${c.org}`;
	const owner = c.owner;
	// Cheapest tests first: this runs once per stored record on a full walk.
	const ownerOk =
		owner === undefined
			? (r: T): boolean => r.userId.endsWith(orgSuffix)
			: orgOf(owner) === c.org
				? (r: T): boolean => r.userId === owner
				: (): boolean => false;
	const match = (r: T): boolean =>
		ownerOk(r) &&
		(c.status === undefined || r.status === c.status) &&
		(c.mark === undefined || r.mark === c.mark) &&
		(c.batchName === undefined || r.batchName === c.batchName) &&
		(c.batchUniqueId === undefined || r.batchUniqueId === c.batchUniqueId);
	const { items, more } = index.search({
		match,
		sortColumn: c.sortColumn,
		sortOrder: c.sortOrder,
		after: c.after,
		before: c.before,
		cursor: parsed.cursor,
		limit: c.limit,
		tag: batchTag(c),
	});
	if (!more || items.length === 0) return { items, more };
	const last = index.keyOf(items[items.length - 1]);
	return { items, more, reference: refs.next(parsed.reference, c, last) };
}

/** What a search of one direction reads and how its records are written in the answer. */
export interface SearchedRecords<T extends Searchable> {
	direction: Direction;
	statuses: readonly string[];
	index: FaxIndex<T>;
	format: (record: T, precision: DatetimePrecision) => Record<string, string>;
}

/**
 * The answer of a fax search: the page's records (no FaxInfo when there are none), whether more
 * follow, and the key of the next page unless the emulator withholds keys.
 */
export function searchReply<T extends Searchable>(
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
	records: SearchedRecords<T>,
): Reply {
	const reader = new ParamReader(req.params);
	const parsed = parseSearch(reader, login, records.direction, records.statuses, ctx.references);
	const page = runSearch(records.index, parsed, ctx.references);
	const body: Record<string, unknown> = {};
	if (page.items.length > 0) {
		body.FaxInfo = page.items.map((record) => records.format(record, ctx.precision));
	}
	body.HasMoreResults = page.more ? 'true' : 'false';
	if (page.reference && ctx.references.keys !== 'withheld') body.ResultsReference = page.reference;
	return withStatus(200, body);
}
