import type { IDataObject } from 'n8n-workflow';

import { RECEIVE_FAX_STATUSES, SEND_FAX_STATUSES } from './faxStatuses';
import { normalizeInboundFax, normalizeOutboundFax } from './recordFieldTypes';

/** Outbound and inbound faxes have separate ID counters: 33 sent and 33 received are two faxes. */
export type FaxDirection = 'outbound' | 'inbound';

export interface FaxDirectionInfo {
	/** Value of the action node's Resource parameter. */
	resource: 'outboundFax' | 'inboundFax';
	/** First path segment of the fax interface. */
	collection: 'outboundfaxes' | 'inboundfaxes';
	/** How the action node's parameters and messages name one fax of this direction. */
	noun: 'sent fax' | 'received fax';
	/** How the trigger's messages name one record of this direction. */
	recordName: 'outbound fax' | 'inbound fax';
	/** The record's own time, the one DatetimeAfter filters by: the trigger's event time. */
	timeField: 'CompleteTime' | 'ReceivedTime';
	/** FaxStatus values the service has for this direction. */
	statuses: readonly string[];
	normalize(record: IDataObject): IDataObject;
}

export const FAX_DIRECTIONS: Record<FaxDirection, FaxDirectionInfo> = {
	outbound: {
		resource: 'outboundFax',
		collection: 'outboundfaxes',
		noun: 'sent fax',
		recordName: 'outbound fax',
		timeField: 'CompleteTime',
		statuses: SEND_FAX_STATUSES,
		normalize: normalizeOutboundFax,
	},
	inbound: {
		resource: 'inboundFax',
		collection: 'inboundfaxes',
		noun: 'received fax',
		recordName: 'inbound fax',
		timeField: 'ReceivedTime',
		statuses: RECEIVE_FAX_STATUSES,
		normalize: normalizeInboundFax,
	},
};
