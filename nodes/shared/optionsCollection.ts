// The head of an Options collection as n8n writes it: each collection spreads it, then lists its options.
import type { INodeProperties } from 'n8n-workflow';

/**
 * `{ ...OPTIONS_COLLECTION, options: [...] }` is an Options collection. n8n's lint checks a
 * collection it can see as a literal only, so test/nodes/collectionOptions.test.ts checks every
 * collection of both nodes as the editor gets it (options sorted, default empty).
 */
export const OPTIONS_COLLECTION = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
} satisfies Omit<INodeProperties, 'options'>;
