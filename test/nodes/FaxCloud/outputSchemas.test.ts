import fs from 'node:fs';
import path from 'node:path';

import { RESOURCES } from '../../../nodes/FaxCloud/actions/resources';

/**
 * The output schemas the editor shows before a node's first run (nodes/FaxCloud/__schema__/,
 * served by n8n at /schemas/<package>.faxCloud/<version>/<resource>/<operation>.json). The editor
 * looks a file up by the node's resource and operation values and drops one without `type` and
 * non-empty `properties`; a renamed operation would leave its schema unused.
 */

const schemaDir = path.join(__dirname, '../../../nodes/FaxCloud/__schema__');

function schemaFiles(): Array<{
	version: string;
	resource: string;
	operation: string;
	file: string;
}> {
	return fs.readdirSync(schemaDir).flatMap((version) =>
		fs.readdirSync(path.join(schemaDir, version)).flatMap((resource) =>
			fs.readdirSync(path.join(schemaDir, version, resource)).map((name) => ({
				version,
				resource,
				operation: path.basename(name, '.json'),
				file: path.join(schemaDir, version, resource, name),
			})),
		),
	);
}

test('schemas sit in a version folder as n8n names it (v1.0.0 for node version 1)', () => {
	expect(fs.readdirSync(schemaDir)).toContain('v1.0.0');
	for (const version of fs.readdirSync(schemaDir)) expect(version).toMatch(/^v\d+\.\d+\.\d+$/);
});

test.each(schemaFiles())('$version/$resource/$operation.json', ({ resource, operation, file }) => {
	expect(Object.keys(RESOURCES)).toContain(resource);
	expect(Object.keys(RESOURCES[resource as keyof typeof RESOURCES].operations)).toContain(
		operation,
	);
	const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as {
		type?: string;
		properties?: Record<string, unknown>;
	};
	expect(schema.type).toBe('object');
	expect(Object.keys(schema.properties ?? {}).length).toBeGreaterThan(0);
});

test('every record-returning operation of version 1 has its schema', () => {
	// Download returns the input item with a file; the editor shows binary data, not a schema.
	const withoutSchema = ['inboundFax/download', 'outboundFax/download'];
	const expected = Object.values(RESOURCES)
		.flatMap((resource) =>
			Object.keys(resource.operations).map((operation) => `${resource.value}/${operation}`),
		)
		.filter((name) => !withoutSchema.includes(name))
		.sort();
	const shipped = schemaFiles()
		.filter((s) => s.version === 'v1.0.0')
		.map((s) => `${s.resource}/${s.operation}`)
		.sort();
	expect(shipped).toEqual(expected);
});
