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

const readSchema = (...parts: string[]) =>
	JSON.parse(fs.readFileSync(path.join(schemaDir, ...parts), 'utf8')) as {
		type?: string;
		properties?: Record<string, unknown>;
	};

/** Every schema file: [version, resource, operation]. */
const SCHEMAS = (fs.readdirSync(schemaDir, { recursive: true }) as string[])
	.filter((file) => file.endsWith('.json'))
	.map((file) => file.replace(/\.json$/, '').split(path.sep));

const OPERATIONS = Object.values(RESOURCES)
	.flatMap((resource) =>
		Object.keys(resource.operations).map((name) => `${resource.value}/${name}`),
	)
	.sort();

const shippedIn = (version: string) =>
	SCHEMAS.filter(([v]) => v === version)
		.map(([, resource, operation]) => `${resource}/${operation}`)
		.sort();

const propertiesOf = (version: string, resource: string, operation: string) =>
	Object.keys(readSchema(version, resource, `${operation}.json`).properties ?? {});

test('schemas sit in a version folder as n8n names it (v1.0.0 for node version 1, v2.0.0 for 2)', () => {
	expect(fs.readdirSync(schemaDir).sort()).toEqual(['v1.0.0', 'v2.0.0']);
});

test.each(SCHEMAS)('%s/%s/%s.json', (version, resource, operation) => {
	const schema = readSchema(version, resource, `${operation}.json`);
	expect(schema.type).toBe('object');
	expect(Object.keys(schema.properties ?? {}).length).toBeGreaterThan(0);
});

test('version 1: every operation but Download has its schema (Download passes the input json on)', () => {
	const withoutSchema = ['inboundFax/download', 'outboundFax/download'];
	expect(shippedIn('v1.0.0')).toEqual(OPERATIONS.filter((name) => !withoutSchema.includes(name)));
});

test('version 2: every operation has its schema', () => {
	expect(shippedIn('v2.0.0')).toEqual(OPERATIONS);
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
