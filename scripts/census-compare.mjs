// node scripts/census-compare.mjs BEFORE.jsonl AFTER.jsonl [path prefix...]: every test of BEFORE
// (by full name, so tests may move between files) must be in AFTER with at least as many expect()
// calls. Exits 1 when one is missing or has fewer. The files come from assertion-census.js.
import fs from 'node:fs';

const [before, after, ...prefixes] = process.argv.slice(2);
const countsOf = (file) => {
	const counts = new Map();
	for (const line of fs.readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
		const { file: testFile, name, n } = JSON.parse(line);
		if (prefixes.length > 0 && !prefixes.some((prefix) => testFile.startsWith(prefix))) continue;
		counts.set(name, (counts.get(name) ?? 0) + n);
	}
	return counts;
};
const [was, now] = [countsOf(before), countsOf(after)];
let lost = 0;
for (const [name, n] of was) {
	if (now.has(name) && now.get(name) >= n) continue;
	lost++;
	console.log(
		now.has(name) ? `FEWER ${n} -> ${now.get(name)}  ${name}` : `MISSING (${n})  ${name}`,
	);
}
for (const name of now.keys()) if (!was.has(name)) console.log(`NEW (${now.get(name)})  ${name}`);
const sum = (counts) => [...counts.values()].reduce((a, b) => a + b, 0);
console.log(
	`tests ${was.size} -> ${now.size}, expect() calls ${sum(was)} -> ${sum(now)}, lost ${lost}`,
);
process.exit(lost > 0 ? 1 : 0);
