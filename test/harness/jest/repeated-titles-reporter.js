/**
 * Fails the jest run when two tests of it have one full title: jest's report could not say which
 * of them failed, and the assertion census (census-compare.mjs keys tests by full title) would add
 * their checks together, so one of them losing a check could go unseen.
 */
class RepeatedTitlesReporter {
	onRunStart() {
		this.error = undefined;
	}

	onRunComplete(_contexts, results) {
		const filesOf = new Map();
		for (const file of results.testResults)
			for (const test of file.testResults)
				filesOf.set(test.fullName, [...(filesOf.get(test.fullName) ?? []), file.testFilePath]);
		const repeated = [...filesOf].filter(([, files]) => files.length > 1);
		if (repeated.length === 0) return;
		const lines = repeated.map(
			([title, files]) => `  "${title}" (${files.length} tests: ${[...new Set(files)].join(', ')})`,
		);
		this.error = new Error(
			`Tests share a full title; give each its own (a test.each title takes %s, %j or $field):\n${lines.join('\n')}`,
		);
		process.stdout.write(`\n${this.error.message}\n`);
	}

	getLastError() {
		return this.error;
	}
}

module.exports = RepeatedTitlesReporter;
