// With ASSERTION_CENSUS=<file>, writes one JSON line per jest test: its file, full name and how many
// expect() calls it ran. scripts/census-compare.mjs compares two such files, so a rewrite of the
// tests can show it kept every check (see CONTRIBUTING, "Rewriting tests").
const fs = require('node:fs');
const path = require('node:path');

afterEach(() => {
	const out = process.env.ASSERTION_CENSUS;
	if (!out) return;
	const { testPath, currentTestName, assertionCalls } = expect.getState();
	const file = path.relative(process.cwd(), testPath);
	const line = { file, name: currentTestName, n: assertionCalls };
	fs.appendFileSync(out, `${JSON.stringify(line)}\n`);
});
