import { writeFileSync, readFileSync } from 'fs';
import { join } from 'path';

import { PACKAGE_NODES } from '../harness/jest/package-nodes';

/**
 * What n8n shows in the editor for both node versions, as committed: a change of shape in nodes/
 * (files moved, builders shared) must leave every parameter, option, text and display rule as it
 * was, byte for byte. A change meant to alter the editor rewrites the files on purpose:
 * `WRITE_DESCRIPTIONS=1 npx jest test/nodes/descriptions.test.ts`, and the diff is reviewed.
 */
const FOLDER = join(__dirname, '__descriptions__');

describe('node descriptions (what the editor shows for version 1 and 2)', () => {
	it.each(PACKAGE_NODES)('%s is byte-identical to the committed description', (name, node) => {
		const text = `${JSON.stringify(node.description, null, '\t')}\n`;
		const file = join(FOLDER, `${name}.json`);
		if (process.env.WRITE_DESCRIPTIONS === '1') writeFileSync(file, text);
		expect(text).toBe(readFileSync(file, 'utf8'));
	});
});
