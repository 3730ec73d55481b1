import type { INodeProperties } from 'n8n-workflow';

/** Kind to the service by default; the router reads it as `options.requestsAtOnce`. */
export const DEFAULT_REQUESTS_AT_ONCE = 5;

export const requestsAtOnceOption: INodeProperties = {
	displayName: 'Requests at Once',
	name: 'requestsAtOnce',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 20 },
	default: DEFAULT_REQUESTS_AT_ONCE,
	description:
		'How many input items are sent to the service at the same time; without this option one at a time. The output keeps the input order.',
};

/** An Options collection holding only "Requests at Once", for operations run once per item. */
export const requestsAtOnceCollection: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [requestsAtOnceOption],
};
