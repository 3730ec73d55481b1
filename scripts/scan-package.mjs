#!/usr/bin/env node
// `npm run scan`: n8n's own verification scanner (@n8n/scan-community-package), offline, on both
// legs its CLI lints: the source (package.json, nodes/, credentials/ as git would commit them) and
// the packed tarball (its dist/**/*.js and package.json). Inline eslint comments count for
// nothing, as at n8n. The tarball's file list is first checked against what may ship.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The scanner depends on TypeScript 7, whose missing JavaScript API crashes @typescript-eslint's
 * parser; the hoisted parser finds the project's TypeScript 5 (an `overrides` pin is forbidden by
 * the scanner's own rules). Say so plainly if the install layout changes that.
 */
function checkParserTypeScript() {
	const scannerDir = path.dirname(require.resolve('@n8n/scan-community-package/package.json'));
	const parser = require.resolve('@typescript-eslint/parser', { paths: [scannerDir] });
	const typescript = require.resolve('typescript/package.json', { paths: [path.dirname(parser)] });
	const { version } = JSON.parse(fs.readFileSync(typescript, 'utf8'));
	if (Number(version.split('.')[0]) >= 7)
		throw new Error(
			`The scanner's @typescript-eslint parser (${parser}) loads TypeScript ${version}, whose API it cannot use. ` +
				'Keep @typescript-eslint/parser and typescript hoisted at the top level (see CONTRIBUTING, "The verification scan").',
		);
	return version;
}

const SOURCE_PATHS = ['package.json', 'nodes', 'credentials'];

/** The files a commit holds under the scanner's source patterns, copied into a checkout-like folder. */
function copySource(into) {
	const listed = execFileSync(
		'git',
		['ls-files', '--cached', '--others', '--exclude-standard', '--', ...SOURCE_PATHS],
		{ cwd: root, encoding: 'utf8' },
	)
		.split('\n')
		.filter((file) => file && fs.existsSync(path.join(root, file)));
	for (const file of listed) {
		fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
		fs.copyFileSync(path.join(root, file), path.join(into, file));
	}
	return listed.length;
}

/** `npm pack`, unpacked; refuses a tarball holding files that must not ship. */
function packTarball(work) {
	const packed = JSON.parse(
		execFileSync(npm, ['pack', '--json', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
		}),
	)[0];
	const files = packed.files.map((file) => file.path).sort();
	const allowed = /^(dist\/.+|package\.json|README\.md|LICENSE(\.md)?|CHANGELOG\.md)$/;
	const unexpected = files.filter(
		(file) => !allowed.test(file) || /\.map$|\.test\.|emulator|\/test\//.test(file),
	);
	if (unexpected.length > 0)
		throw new Error(`The tarball holds files that must not ship:\n  ${unexpected.join('\n  ')}`);
	if (!files.some((file) => file.endsWith('.node.js')))
		throw new Error('The tarball holds no compiled node: run `npm run build` first.');
	const unpacked = path.join(work, 'package');
	execFileSync('tar', ['-xzf', path.join(work, packed.filename), '-C', work]);
	return { unpacked, count: files.length };
}

async function main() {
	const typescriptVersion = checkParserTypeScript();
	const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(
		'@n8n/scan-community-package/scanner/scanner.mjs'
	);
	const { version: scannerVersion } = require('@n8n/scan-community-package/package.json');
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-scan-'));
	try {
		const source = path.join(work, 'source');
		const sourceFiles = copySource(source);
		const tarball = packTarball(work);
		const legs = [
			{
				name: 'source',
				files: `${sourceFiles} files`,
				result: await analyzePackage(source, SOURCE_FILE_PATTERNS),
			},
			{
				name: 'tarball',
				files: `${tarball.count} packed files`,
				result: await analyzePackage(tarball.unpacked, ['**/*.js', 'package.json']),
			},
		];
		for (const { name, files, result } of legs) {
			console.log(
				`scan, ${name} leg (${files}): ${result.passed ? 'passed' : `FAILED: ${result.message}`}`,
			);
			if (!result.passed && result.details) console.log(result.details);
		}
		console.log(
			`n8n verification scanner ${scannerVersion} (parser on TypeScript ${typescriptVersion}, inline eslint comments ignored)`,
		);
		if (legs.some((leg) => !leg.result.passed)) process.exitCode = 1;
	} finally {
		fs.rmSync(work, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error instanceof Error ? error.message : error);
	process.exitCode = 1;
});
