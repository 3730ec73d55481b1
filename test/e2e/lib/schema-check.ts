/** An operation's output against the schema the editor shows for it before its first run. */
import fs from 'node:fs';
import path from 'node:path';

import { REPO_ROOT } from '../../harness/n8n/package';
import { assert } from './assert';

const SCHEMA_DIR = path.join(REPO_ROOT, 'nodes', 'FaxCloud', '__schema__');

/** The JSON Schema type of a value, as the editor's schema view names it. */
function typeOf(value: unknown): string {
	if (Array.isArray(value)) return 'array';
	return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * What the editor shows before a node's first run (its `__schema__` file) is what the operation
 * returned in this run: the same top-level fields, each of the schema's type. A field may be
 * missing from the items only when the case names it in `absent` (e.g. sendOnce, there only when
 * Send Once is on); a null value is taken as "not set yet" (a job's CancelledOn) and not typed.
 */
export function assertMatchesSchema(
	items: Array<Record<string, unknown>>,
	schema: { version: 1 | 2; resource: string; operation: string; absent?: string[] },
): void {
	const { version, resource, operation, absent = [] } = schema;
	const name = `v${version}.0.0/${resource}/${operation}.json`;
	const { properties } = JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, name), 'utf8')) as {
		properties: Record<string, { type: string }>;
	};
	assert.ok(items.length > 0, `${name}: the operation returned items to compare`);
	const seen = new Set<string>();
	for (const item of items) {
		for (const [field, value] of Object.entries(item)) {
			seen.add(field);
			const declared = properties[field];
			assert.ok(declared, `${name} lacks the field "${field}" the operation returned`);
			if (value === null) continue;
			assert.equal(
				typeOf(value),
				declared.type,
				`${name}: "${field}" is ${declared.type} in the schema, the operation returned ${JSON.stringify(value)}`,
			);
		}
	}
	const missing = Object.keys(properties).filter((f) => !seen.has(f) && !absent.includes(f));
	assert.deepEqual(missing, [], `${name} shows fields the operation did not return`);
}
