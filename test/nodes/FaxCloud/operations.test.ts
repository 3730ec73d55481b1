import fs from 'node:fs';
import path from 'node:path';

import { FaxCloud } from '../../../nodes/FaxCloud/FaxCloud.node';
import { RESOURCES } from '../../../nodes/FaxCloud/actions/resources';

/**
 * The resource registry as the editor shows it: every Operation dropdown offers exactly the
 * operations the node runs, each operation's parameters appear for it alone, and the operation
 * files are named for the values a saved workflow holds.
 */

const actionsDir = path.join(__dirname, '../../../nodes/FaxCloud/actions');

describe.each(Object.values(RESOURCES))('resource $value', (resource) => {
	const operationParameter = resource.properties.find(({ name }) => name === 'operation');
	const operationNames = Object.keys(resource.operations);

	test('its Operation dropdown offers exactly the operations the node runs', () => {
		const values = (operationParameter?.options ?? []).map((option) =>
			'value' in option ? option.value : undefined,
		);
		expect([...values].sort()).toEqual([...operationNames].sort());
		expect(operationNames).toContain(operationParameter?.default);
	});

	test('every operation shows its parameters for its own resource and operation only', () => {
		for (const [name, operation] of Object.entries(resource.operations)) {
			expect(operation.description.length).toBeGreaterThan(0);
			for (const property of operation.description) {
				expect(property.displayOptions?.show).toMatchObject({
					resource: [resource.value],
					operation: [name],
				});
			}
		}
	});

	test('each operation is one <operation value>.operation.ts file', () => {
		const files = fs
			.readdirSync(path.join(actionsDir, resource.value))
			.filter((file) => file.endsWith('.operation.ts'))
			.map((file) => file.replace(/\.operation\.ts$/, ''));
		expect(files.sort()).toEqual([...operationNames].sort());
	});
});

test('the Resource dropdown lists every resource and defaults to one of them', () => {
	const resource = new FaxCloud().description.properties.find(({ name }) => name === 'resource');
	const values = (resource?.options ?? []).map((option) =>
		'value' in option ? option.value : undefined,
	);
	expect(values).toEqual(Object.keys(RESOURCES));
	expect(values).toContain(resource?.default);
});
