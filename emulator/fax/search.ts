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

/** Search criteria as stored behind a ResultsReference. */
interface Criteria {
	direction: 'outbound' | 'inbound';
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

/**
 * How ResultsReference values are issued. `per-page`: a new key per page (the same key repeats
 * its page). `session`: one key for the whole search, each use answers the next page (allowed by
 * the description). `withheld`: HasMoreResults "true" without a key (a faulty front end).
 */
export type PagingKeys = 'per-page' | 'session' | 'withheld';
export const PAGING_KEYS: readonly PagingKeys[] = ['per-page', 'session', 'withheld'];

/**
 * Whether inbound search answers carry HasMoreResults. The description shows it for outbound
 * only ("HasMoreResults in inbound query responses: not shown"), so a service may page inbound
 * searches by ResultsReference alone: `omitted` leaves the key out. Outbound always has it.
 */
export const INBOUND_HAS_MORE_RESULTS = ['shown', 'omitted'] as const;
export type InboundHasMoreResults = (typeof INBOUND_HAS_MORE_RESULTS)[number];

/** `mode` when it is one of INBOUND_HAS_MORE_RESULTS, else an error naming them. */
export function inboundHasMoreResults(mode: string): InboundHasMoreResults {
	if (!(INBOUND_HAS_MORE_RESULTS as readonly string[]).includes(mode)) {
		throw new Error(`inboundHasMoreResults must be one of ${INBOUND_HAS_MORE_RESULTS.join(', ')}`);
	}
	return mode as InboundHasMoreResults;
}

/**
 * A ResultsReference is the stored criteria plus the key (time, id) of the last record returned,
 * never an offset: records created, deleted or updated between pages do not shift the next page.
 * Past 20,000 references the oldest are forgotten; a forgotten one answers 400.
 */
export class ReferenceStore {
	private refs = new Map<string, { criteria: Criteria; cursor: Cursor }>();
	private counter = 0;
	keys: PagingKeys = 'per-page';

	get(key: string) {
		return this.refs.get(key);
	}

	/** The reference of the page after `used`'s: a new key, or (session) the same key moved on. */
	next(used: string | undefined, criteria: Criteria, cursor: Cursor): string {
		if (this.keys === 'session' && used !== undefined && this.refs.has(used)) {
			this.refs.set(used, { criteria, cursor });
			return used;
		}
		const direction = criteria.direction === 'outbound' ? 'O' : 'I';
		const key = `${direction}${(++this.counter).toString(36)}${randomBytes(6).toString('hex')}`;
		this.refs.set(key, { criteria, cursor });
		if (this.refs.size > 20_000) this.refs.delete(this.refs.keys().next().value as string);
		return key;
	}

	clear(): void {
		this.refs.clear();
	}
}

/** The criteria of a search, or of the search a GetNextResults key continues, with its cursor. */
function parseSearch(
	reader: ParamReader,
	login: SeedUser,
	direction: Criteria['direction'],
	statuses: readonly string[],
	refs: ReferenceStore,
) {
	const limit = reader.int('ResultLimit', 1);
	const next = reader.string('GetNextResults');
	if (next !== undefined && next !== '' && next !== 'false') {
		const ref = refs.get(next);
		if (!ref || ref.criteria.direction !== direction || ref.criteria.login !== login.userId) {
			const unknown = 'GetNextResults: unknown or expired results reference';
			throw new ApiError('invalidReference', unknown);
		}
		const criteria = { ...ref.criteria, limit: limit ?? ref.criteria.limit };
		return { criteria, cursor: ref.cursor, reference: next };
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
		criteria.batchName = reader.string('BatchName') || undefined;
		criteria.batchUniqueId = reader.string('BatchUniqueId') || undefined;
	}
	return { criteria, cursor: undefined, reference: undefined };
}

interface Searchable {
	id: number;
	userId: string;
	status: string;
	mark: boolean;
	batchName?: string;
	batchUniqueId?: string;
}

/** The tags under which the outbound store files a fax's batch fields (see outbound-store.ts). */
export const uniqueIdTag = (value: string): string => `BatchUniqueId=${value}`;
export const batchNameTag = (value: string): string => `BatchName=${value}`;

/** What a search of one direction reads and how its records are written in the answer. */
export interface SearchedRecords<T extends Searchable> {
	direction: 'outbound' | 'inbound';
	statuses: readonly string[];
	index: FaxIndex<T>;
	format: (record: T, precision: DatetimePrecision) => Record<string, string>;
}

/** A search's answer: the page's records (none: no FaxInfo), whether more follow, the next key. */
export function searchReply<T extends Searchable>(
	ctx: EmulatorContext,
	req: ServiceRequest,
	login: SeedUser,
	records: SearchedRecords<T>,
): Reply {
	const reader = new ParamReader(req.params);
	const refs = ctx.references;
	const parsed = parseSearch(reader, login, records.direction, records.statuses, refs);
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
	const { items, more } = records.index.search({
		match: (r) =>
			ownerOk(r) &&
			(c.status === undefined || r.status === c.status) &&
			(c.mark === undefined || r.mark === c.mark) &&
			(c.batchName === undefined || r.batchName === c.batchName) &&
			(c.batchUniqueId === undefined || r.batchUniqueId === c.batchUniqueId),
		sortColumn: c.sortColumn,
		sortOrder: c.sortOrder,
		after: c.after,
		before: c.before,
		cursor: parsed.cursor,
		limit: c.limit,
		// A search by a batch field walks that field's faxes only (the other filters still apply).
		tag:
			c.batchUniqueId !== undefined
				? uniqueIdTag(c.batchUniqueId)
				: c.batchName !== undefined
					? batchNameTag(c.batchName)
					: undefined,
	});
	const body: Record<string, unknown> = {};
	if (items.length > 0) body.FaxInfo = items.map((record) => records.format(record, ctx.precision));
	if (records.direction === 'outbound' || ctx.inboundHasMoreResults === 'shown') {
		body.HasMoreResults = more ? 'true' : 'false';
	}
	if (more && items.length > 0) {
		const last = records.index.keyOf(items[items.length - 1]);
		const reference = refs.next(parsed.reference, c, last);
		if (refs.keys !== 'withheld') body.ResultsReference = reference;
	}
	return withStatus(200, body);
}
