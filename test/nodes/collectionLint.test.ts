import type { INodeProperties } from 'n8n-workflow';

import { PACKAGE_NODES } from '../harness/jest/package-nodes';

/**
 * n8n's lint checks an Options collection only where it reads `type: 'collection'` in a literal
 * object; a collection spreading the shared head (nodes/shared/optionsCollection.ts) is not one.
 * So its rules for collections are checked here, on every collection the editor gets: from five
 * options on they are sorted by name (node-param-collection-type-unsorted-items), and the
 * default is empty (node-param-default-wrong-for-collection).
 */
function collectionsOf(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const inner = (property.options ?? []).filter(
			(option): option is INodeProperties => 'type' in option,
		);
		return [...(property.type === 'collection' ? [property] : []), ...collectionsOf(inner)];
	});
}

describe.each(PACKAGE_NODES)('%s collections, as n8n’s lint wants them', (_name, node) => {
	const collections = collectionsOf(node.description.properties);

	test('every collection is found, the shared Options head included', () => {
		expect(collections.some(({ name }) => name === 'options')).toBe(true);
	});

	const where = ({ displayName, displayOptions }: INodeProperties) =>
		`${displayName} (${JSON.stringify(displayOptions?.show ?? {})})`;
	test.each(collections.map((collection) => [where(collection), collection] as const))(
		'%s: options sorted by name from five on, default empty',
		(_displayName, collection) => {
			const names = (collection.options as INodeProperties[]).map(({ displayName }) => displayName);
			if (names.length >= 5) {
				expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
			}
			expect(collection.default).toEqual({});
		},
	);
});
