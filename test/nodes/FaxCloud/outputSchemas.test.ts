import fs from 'node:fs';
import path from 'node:path';

import { RESOURCES } from '../../../nodes/FaxCloud/actions/resources';
import { SIMPLIFIED_FAX_FIELDS } from '../../../nodes/shared/simplifiedFax';

/**
 * The output schemas the editor shows before a node's first run (nodes/FaxCloud/__schema__/,
 * served by n8n at /schemas/<package>.faxCloud/<version>/<resource>/<operation>.json). The editor
 * looks a file up by the node's resource and operation values and drops one without `type` and
 * non-empty `properties`; a renamed operation would leave its schema unused.
 */

const schemaDir = path.join(__dirname, '../../../nodes/FaxCloud/__schema__');

function schemaFiles() {
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

test('schemas sit in a version folder as n8n names it (v1.0.0 for node version 1, v2.0.0 for 2)', () => {
	expect(fs.readdirSync(schemaDir).sort()).toEqual(['v1.0.0', 'v2.0.0']);
});

const readSchema = (file: string) =>
	JSON.parse(fs.readFileSync(file, 'utf8')) as {
		type?: string;
		properties?: Record<string, unknown>;
	};

test.each(schemaFiles())('$version/$resource/$operation.json', ({ resource, operation, file }) => {
	expect(Object.keys(RESOURCES)).toContain(resource);
	expect(Object.keys(RESOURCES[resource as keyof typeof RESOURCES].operations)).toContain(
		operation,
	);
	const schema = readSchema(file);
	expect(schema.type).toBe('object');
	expect(Object.keys(schema.properties ?? {}).length).toBeGreaterThan(0);
});

function operationsOf(): string[] {
	return Object.values(RESOURCES).flatMap((resource) =>
		Object.keys(resource.operations).map((operation) => `${resource.value}/${operation}`),
	);
}

function shippedIn(version: string): string[] {
	return schemaFiles()
		.filter((s) => s.version === version)
		.map((s) => `${s.resource}/${s.operation}`)
		.sort();
}

function propertiesOf(version: string, resource: string, operation: string): string[] {
	const file = path.join(schemaDir, version, resource, `${operation}.json`);
	return Object.keys(readSchema(file).properties ?? {});
}

test('version 1: every operation but Download has its schema (Download passes the input json on)', () => {
	const withoutSchema = ['inboundFax/download', 'outboundFax/download'];
	expect(shippedIn('v1.0.0')).toEqual(
		operationsOf()
			.filter((name) => !withoutSchema.includes(name))
			.sort(),
	);
});

test('version 2: every operation has its schema', () => {
	expect(shippedIn('v2.0.0')).toEqual(operationsOf().sort());
});

test.each([
	['outboundFax', 'outbound'],
	['inboundFax', 'inbound'],
] as const)(
	'version 2 %s: Get and Get Many show the simplified fields (Simplify is on by default), Download the whole record',
	(resource, direction) => {
		for (const operation of ['get', 'getAll']) {
			expect(propertiesOf('v2.0.0', resource, operation)).toEqual([
				...SIMPLIFIED_FAX_FIELDS[direction],
			]);
		}
		expect(propertiesOf('v2.0.0', resource, 'download')).toEqual(
			propertiesOf('v1.0.0', resource, 'get'),
		);
	},
);
