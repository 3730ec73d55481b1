const fs = require('node:fs');
const path = require('node:path');

/**
 * Prints the fault and bad-input suite's counts after all test files ran: the JSON files each
 * suite wrote with recordCounts (fault-helpers.ts) during this run, and their totals.
 */
class CountsReporter {
	constructor(globalConfig) {
		this.dir = path.join(globalConfig.rootDir, '.test-output', 'fault-suite');
	}

	onRunStart() {
		fs.rmSync(this.dir, { recursive: true, force: true });
	}

	onRunComplete() {
		const files = fs.existsSync(this.dir) ? fs.readdirSync(this.dir) : [];
		const rows = files
			.filter((name) => name.endsWith('.json'))
			.sort()
			.map((file) => [
				file.replace(/\.json$/, ''),
				JSON.parse(fs.readFileSync(path.join(this.dir, file), 'utf8')),
			]);
		if (rows.length === 0) return;
		const totals = {};
		for (const [key, value] of rows.flatMap(([, counts]) => Object.entries(counts))) {
			if (typeof value === 'number') totals[key] = (totals[key] ?? 0) + value;
		}
		const keys = Object.keys(totals);
		const width = Math.max(5, ...rows.map(([name]) => name.length));
		const line = (name, values) =>
			`  ${name.padEnd(width)}  ${keys.map((key) => String(values[key] ?? '').padStart(Math.max(key.length, 6))).join('  ')}`;
		const out = [
			'',
			'Fault and bad-input suite counts',
			`  ${''.padEnd(width)}  ${keys.map((key) => key.padStart(Math.max(key.length, 6))).join('  ')}`,
			...rows.map(([name, counts]) => line(name, counts)),
			line('total', totals),
			'',
		];
		process.stdout.write(`${out.join('\n')}\n`);
		fs.writeFileSync(path.join(this.dir, 'totals.txt'), `${out.join('\n')}\n`);
	}
}

module.exports = CountsReporter;
