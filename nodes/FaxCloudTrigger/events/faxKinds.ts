import type { IDataObject } from 'n8n-workflow';

import { normalizeInboundFax, normalizeOutboundFax } from '../../shared/records';

/**
 * The two fax directions as the trigger sees them. FaxIds are counted separately per direction,
 * so every key starts with the direction: inbound 33 is `in:33`, outbound 33 `out:33:<status>`.
 */
export interface FaxKind {
	prefix: 'in' | 'out';
	collection: 'inboundfaxes' | 'outboundfaxes';
	/** The time the service filters (DatetimeAfter) and sorts (dateTime) this direction by. */
	timeField: 'ReceivedTime' | 'CompleteTime';
	noun: string;
	normalize(record: IDataObject): IDataObject;
	/** Identity of one event; the event time completes it. */
	keyOf(fax: IDataObject): string;
}

export const INBOUND_FAXES: FaxKind = {
	prefix: 'in',
	collection: 'inboundfaxes',
	timeField: 'ReceivedTime',
	noun: 'inbound fax',
	normalize: normalizeInboundFax,
	keyOf: (fax) => `in:${String(fax.FaxId)}`,
};

/** A status change is the fax, its new status and (through the event time) when it changed. */
export const OUTBOUND_FAXES: FaxKind = {
	prefix: 'out',
	collection: 'outboundfaxes',
	timeField: 'CompleteTime',
	noun: 'outbound fax',
	normalize: normalizeOutboundFax,
	keyOf: (fax) => `out:${String(fax.FaxId)}:${String(fax.FaxStatus)}`,
};
