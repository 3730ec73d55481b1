const fs = require('node:fs');
const path = require('node:path');

/** Names this run's folder to recordCounts (fault-helpers.ts) in the test workers. */
const COUNTS_DIR_ENV = 'FAULT_SUITE_COUNTS_DIR';
let runs = 0;

const alive = (pid) => {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
};

/**
 * Prints the counts each suite wrote with recordCounts during this run, and their totals. Each run
 * has its own folder, so two jest runs of one checkout at once count apart; the workers inherit
 * COUNTS_DIR_ENV from jest's process, where reporters are made before them.
 */
class CountsReporter {
	constructor(globalConfig) {
		const run = `run-${process.pid}-${++runs}`;
		this.dir = path.join(globalConfig.rootDir, '.test-output', 'fault-suite', run);
		process.env[COUNTS_DIR_ENV] = this.dir;
	}

	/** This run's folder, and what runs that ended left (a live process's run is still counting). */
	onRunStart() {
		const root = path.dirname(this.dir);
		for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
			const pid = Number(/^(?:run|process)-(\d+)(?:-|$)/.exec(name)?.[1]);
			const folder = path.join(root, name);
			if (folder === this.dir || !alive(pid)) fs.rmSync(folder, { recursive: true, force: true });
		}
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
		for (const [key, value] of rows.flatMap(([, counts]) => Object.entries(counts)))
			if (typeof value === 'number') totals[key] = (totals[key] ?? 0) + value;
		const keys = Object.keys(totals);
		const width = Math.max(5, ...rows.map(([name]) => name.length));
		const line = (name, values) =>
			`  ${name.padEnd(width)}  ${keys.map((key) => String(values[key] ?? '').padStart(Math.max(key.length, 6))).join('  ')}`;
		const out = [
			'',
			'Fault and bad-input suite counts',
			line('', Object.fromEntries(keys.map((key) => [key, key]))),
			...rows.map(([name, counts]) => line(name, counts)),
			line('total', totals),
			'',
		];
		process.stdout.write(`${out.join('\n')}\n`);
		fs.writeFileSync(path.join(this.dir, 'totals.txt'), `${out.join('\n')}\n`);
	}
}

module.exports = CountsReporter;
