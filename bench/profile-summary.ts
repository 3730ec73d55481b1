/**
 * `npx ts-node --transpile-only bench/profile-summary.ts [--faxes N] [--dir FOLDER]`: self time per
 * function of the Fax Cloud package and of the helper floor in the n8n server's V8 CPU profile
 * (`npm run bench -- --cpu-prof`), their own code alone; with --faxes (sends each made) per fax too.
 * `--only queue` profiles the worker into `--dir .test-output/bench/profiles/queue-worker`.
 */
import fs from 'node:fs';
import path from 'node:path';

import { CommandLine } from '../test/harness/commandLine';
import { OUTPUT_DIR } from './lib/server';
import { FLOOR_PACKAGE } from './lib/floor-package';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

/** A script's package by its path, first match; the credential serves both, so it is neither's. */
const PACKAGES = [
	{
		label: 'Fax Cloud credential (both packages)',
		marker: '/node_modules/n8n-nodes-fax-cloud/dist/credentials/',
	},
	{ label: 'Fax Cloud node', marker: '/node_modules/n8n-nodes-fax-cloud/dist/' },
	{ label: 'helper floor', marker: `/node_modules/${FLOOR_PACKAGE.name}/dist/` },
];

interface FunctionTime {
	pkg: string;
	fn: string;
	ms: number;
}

/** Self time (ms) per function of the two packages in one profile. */
function selfTimes(profile: CpuProfile): FunctionTime[] {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const totals = new Map<string, FunctionTime>();
	profile.samples.forEach((id, index) => {
		const frame = byId.get(id)?.callFrame;
		const pkg = frame && PACKAGES.find((p) => frame.url.includes(p.marker));
		if (!frame || !pkg) return;
		const file = frame.url.slice(frame.url.indexOf(pkg.marker) + pkg.marker.length);
		const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
		const key = `${pkg.label}\0${fn}`;
		const entry = totals.get(key) ?? { pkg: pkg.label, fn, ms: 0 };
		entry.ms += (profile.timeDeltas[index] ?? 0) / 1000;
		totals.set(key, entry);
	});
	return [...totals.values()].sort((a, b) => b.ms - a.ms);
}

function main(): void {
	const args = new CommandLine();
	const folder = args.value('--dir') ?? path.join(OUTPUT_DIR, 'profiles');
	const faxes = Number(args.value('--faxes') ?? NaN);
	const files = fs.readdirSync(folder).filter((f) => f.endsWith('.cpuprofile'));
	if (files.length === 0)
		throw new Error(`no .cpuprofile in ${folder}: run npm run bench -- --cpu-prof`);
	// The n8n server's profile: the one where the packages ran most (the CLI runs only load them).
	const profiles = files.map((file) =>
		selfTimes(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as CpuProfile),
	);
	const total = (rows: FunctionTime[]) => rows.reduce((sum, row) => sum + row.ms, 0);
	const all = profiles.reduce((most, rows) => (total(rows) > total(most) ? rows : most));
	for (const { label } of PACKAGES) {
		const rows = all.filter((row) => row.pkg === label);
		const ms = total(rows);
		const perFax = Number.isFinite(faxes) ? `, ${((ms * 1000) / faxes).toFixed(1)} µs per fax` : '';
		console.log(`\n${label}: ${ms.toFixed(1)} ms self time${perFax}`);
		for (const row of rows.slice(0, 15)) {
			const share = Number.isFinite(faxes) ? ` ${((row.ms * 1000) / faxes).toFixed(2)} µs/fax` : '';
			console.log(`  ${row.ms.toFixed(1).padStart(8)} ms${share}  ${row.fn}`);
		}
	}
}

if (require.main === module) main();
