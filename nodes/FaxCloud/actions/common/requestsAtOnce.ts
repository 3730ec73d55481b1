import type { INodeProperties } from 'n8n-workflow';

import { OPTIONS_COLLECTION } from '../../../shared/optionsCollection';

/** Kind to the service; the router runs every per-item operation at this many requests at once unless `options.requestsAtOnce` says otherwise. */
export const DEFAULT_REQUESTS_AT_ONCE = 5;

export const requestsAtOnceOption: INodeProperties = {
	displayName: 'Requests at Once',
	name: 'requestsAtOnce',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 20 },
	default: DEFAULT_REQUESTS_AT_ONCE,
	description:
		'How many input items are sent to the service at the same time (5 unless set here). The output keeps the input order.',
};

/** An Options collection holding only "Requests at Once", for operations run once per item. */
export const requestsAtOnceCollection: INodeProperties = {
	...OPTIONS_COLLECTION,
	options: [requestsAtOnceOption],
};
