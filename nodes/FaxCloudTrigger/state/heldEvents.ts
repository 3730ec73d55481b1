// Held events: the few new inbound faxes a poll read whole but left at Max Events per Poll.
import type { IDataObject } from 'n8n-workflow';

/**
 * A poll that emitted Max Events per Poll inside a minute leaves that minute's other events to
 * the next poll. The datetimes are whole minutes, so the next poll would page the whole minute
 * again for them (about four pages at 1,000 a minute). When the minute lies past the lateness
 * allowance (no record can still appear in it) and only a few events are left, the poll keeps
 * them here instead, the window moves past the minute, and the next poll emits them first.
 * At most MAX_HELD: each is a whole record in the workflow's static data.
 */
export const MAX_HELD = 100;

/** One held event: the record as the service sent it, with its time and key (FaxEvent's). */
export interface HeldEvent {
	record: IDataObject;
	faxId: string;
	status: string;
	/** The event time (epoch ms), a record's own time with a zone: never a stand-in. */
	time: number;
	key: string;
}

const isRecord = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

function isHeldEvent(value: unknown): value is HeldEvent {
	if (!isRecord(value)) return false;
	const { record, faxId, status, time, key } = value;
	return (
		isRecord(record) &&
		typeof faxId === 'string' &&
		typeof status === 'string' &&
		typeof time === 'number' &&
		Number.isFinite(time) &&
		typeof key === 'string'
	);
}

/** Whether a stored `held` is readable: absent (states before it, or none held) or a list of events. */
export function isHeldEvents(value: unknown): value is HeldEvent[] | undefined {
	return value === undefined || (Array.isArray(value) && value.every(isHeldEvent));
}

/** The fields of an event that are held: nothing read from the page it came on. */
export function heldOf(event: HeldEvent): HeldEvent {
	const { record, faxId, status, time, key } = event;
	return { record, faxId, status, time, key };
}
