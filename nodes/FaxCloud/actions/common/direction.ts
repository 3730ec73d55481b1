import type { IDataObject } from 'n8n-workflow';

import { normalizeInboundFax, normalizeOutboundFax } from '../../../shared/records';

/** Outbound and inbound faxes have separate ID counters: 33 sent and 33 received are two faxes. */
export type FaxDirection = 'outbound' | 'inbound';

export interface DirectionInfo {
	/** Value of the Resource parameter. */
	resource: 'outboundFax' | 'inboundFax';
	/** First path segment of the fax interface. */
	collection: 'outboundfaxes' | 'inboundfaxes';
	/** How descriptions name one fax of this direction. */
	noun: string;
	normalize(record: IDataObject): IDataObject;
}

export const DIRECTIONS: Record<FaxDirection, DirectionInfo> = {
	outbound: {
		resource: 'outboundFax',
		collection: 'outboundfaxes',
		noun: 'sent fax',
		normalize: normalizeOutboundFax,
	},
	inbound: {
		resource: 'inboundFax',
		collection: 'inboundfaxes',
		noun: 'received fax',
		normalize: normalizeInboundFax,
	},
};
