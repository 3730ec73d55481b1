import type { IDataObject } from 'n8n-workflow';

/**
 * The service sends every value as a string. Records keep the service's field names; numbers
 * become numbers, booleans booleans and datetimes ISO strings in UTC, following the field tables
 * of the interface description.
 */

type FieldKind = 'number' | 'boolean' | 'datetime';
type Schema = Record<string, FieldKind>;

const OUTBOUND_FAX: Schema = {
	FaxId: 'number',
	GroupId: 'number',
	CompleteTime: 'datetime',
	CreateTime: 'datetime',
	SendAfter: 'datetime',
	Duration: 'number',
	ErrorCode: 'number',
	PagesTotal: 'number',
	PagesSent: 'number',
	RetryCount: 'number',
	RetryCountLeft: 'number',
	RetryInterval: 'number',
	Priority: 'number',
	DeleteAfterSend: 'boolean',
	NotifySuccess: 'boolean',
	NotifyFailed: 'boolean',
	NotifyFailedAttachFax: 'boolean',
	FaxHeaderEnabled: 'boolean',
	PrintAfterSend: 'boolean',
	Mark: 'boolean',
	ReservedDM1: 'boolean',
};

const INBOUND_FAX: Schema = {
	FaxId: 'number',
	ReceivedTime: 'datetime',
	CreateTime: 'datetime',
	PagesReceived: 'number',
	Duration: 'number',
	ErrorCode: 'number',
	NotifyEmail: 'boolean',
	NotifyAttachFax: 'boolean',
	PrintFax: 'boolean',
	Viewed: 'boolean',
	Mark: 'boolean',
};

const MAIL_MERGE_JOB: Schema = {
	ID: 'number',
	CreatedOn: 'datetime',
	LastCompletedLine: 'number',
	CancelledOn: 'datetime',
	ExpectedFaxCount: 'number',
};

const MAIL_MERGE_FAX: Schema = {
	ID: 'number',
	CreatedOn: 'datetime',
	ModifiedOn: 'datetime',
	ErrorCode: 'number',
};

const SERVICE_DATETIME =
	/^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2}(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** A service datetime in epoch ms; NaN when it is not one. Values without a zone are UTC. */
function serviceMillis(value: string): number {
	const match = SERVICE_DATETIME.exec(value.trim());
	if (!match) return NaN;
	const [, date, hoursMinutes, seconds = ':00', zone = 'Z'] = match;
	const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
	return Date.parse(`${date}T${hoursMinutes}${seconds}${offset}`);
}

/**
 * The last two texts converted and their ISO form: records of one page carry two or three
 * datetimes each, mostly the same second as the record before (a burst), so most are read once.
 */
const lastConverted = [
	{ text: '', iso: '' },
	{ text: '', iso: '' },
];

/** A service datetime as ISO UTC; values without a zone are UTC, as the service assumes. */
export function toIsoUtc(value: string): string {
	const [newer, older] = lastConverted;
	if (value === newer.text) return newer.iso;
	if (value === older.text) return older.iso;
	const millis = serviceMillis(value);
	const iso = Number.isNaN(millis) ? value : new Date(millis).toISOString();
	lastConverted.reverse();
	lastConverted[0].text = value;
	lastConverted[0].iso = iso;
	return iso;
}

/**
 * The last text read and its instant: a search page lists records in time order with whole
 * seconds, so a run of records often carries the same text, read once instead of once each.
 */
const lastRead = { text: '', millis: NaN };

/**
 * The instant a datetime field of a record names, as its normalised value reads: without building
 * the ISO text, for a caller that only compares times.
 */
export function serviceDatetimeMs(value: unknown): number {
	if (typeof value !== 'string') return Date.parse(String(value ?? ''));
	if (value === lastRead.text) return lastRead.millis;
	const millis = serviceMillis(value);
	lastRead.text = value;
	lastRead.millis = Number.isNaN(millis) ? Date.parse(value) : millis;
	return lastRead.millis;
}

/** A number field's normalised value: a number where the service's text reads as one. */
export function serviceNumber(value: unknown): unknown {
	if (value === null || value === undefined || value === '') return value;
	const number = Number(value);
	return typeof value === 'string' && value.trim() !== '' && Number.isFinite(number)
		? number
		: value;
}

function convert(kind: FieldKind, value: unknown): unknown {
	if (value === null || value === undefined || value === '') return value;
	if (kind === 'number') return serviceNumber(value);
	if (kind === 'boolean') {
		if (typeof value === 'boolean') return value;
		const text = String(value).toLowerCase();
		return text === 'true' ? true : text === 'false' ? false : value;
	}
	return typeof value === 'string' ? toIsoUtc(value) : value;
}

/**
 * The record with its typed fields converted, every other field and the field order as sent. The
 * copy is a spread and only the schema's fields are visited: a search page holds hundreds of
 * records of 25 to 46 fields, and most fields are text that stays text.
 */
function normalize(schema: Schema, record: IDataObject): IDataObject {
	const result: IDataObject = { ...record };
	for (const name in schema) {
		const value = result[name];
		if (value !== undefined) result[name] = convert(schema[name], value) as IDataObject[string];
	}
	return result;
}

export const normalizeOutboundFax = (record: IDataObject) => normalize(OUTBOUND_FAX, record);
export const normalizeInboundFax = (record: IDataObject) => normalize(INBOUND_FAX, record);
export const normalizeMailMergeJob = (record: IDataObject) => normalize(MAIL_MERGE_JOB, record);
export const normalizeMailMergeFax = (record: IDataObject) => normalize(MAIL_MERGE_FAX, record);

/**
 * A send's or resend's created fax: a `FaxInfo` entry `{FaxId, FaxNumber}` with string ids (and, for
 * a send, the group its faxes share), with the ids as numbers. Written out rather than through
 * normalize's copy and schema walk: a bulk send makes one per fax.
 */
export function normalizeCreatedFax(fax: {
	FaxId: unknown;
	FaxNumber: unknown;
	GroupId?: unknown;
}): IDataObject {
	const record: IDataObject = {
		FaxId: serviceNumber(fax.FaxId) as IDataObject[string],
		FaxNumber: fax.FaxNumber as IDataObject[string],
	};
	if (fax.GroupId !== undefined) record.GroupId = serviceNumber(fax.GroupId) as IDataObject[string];
	return record;
}
