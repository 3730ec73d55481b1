#!/usr/bin/env node
// Lints the package as n8n's verification scanner sees it: `npm pack`, unpack the tarball, and run
// the cloud-compatible community rules over the packed dist/**/*.js and package.json.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-pack-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

try {
	const packed = JSON.parse(
		execFileSync(npm, ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }),
	);
	const tarball = path.join(work, packed[0].filename);
	execFileSync('tar', ['-xzf', tarball, '-C', work]);
	const unpacked = path.join(work, 'package');

	const files = packed[0].files.map((file) => file.path).sort();
	const allowed = /^(dist\/.+|package\.json|README\.md|LICENSE(\.md)?|CHANGELOG\.md)$/;
	const unexpected = files.filter((file) => !allowed.test(file) || /\.map$|\.test\.|emulator|\/test\//.test(file));
	if (unexpected.length > 0) {
		console.error(`The tarball holds files that must not ship:\n  ${unexpected.join('\n  ')}`);
		process.exit(1);
	}
	if (!files.some((file) => file.endsWith('.node.js'))) {
		console.error('The tarball holds no compiled node: run `npm run build` first.');
		process.exit(1);
	}

	const config = `
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tseslint from 'typescript-eslint';
const rules = n8nCommunityNodesPlugin.configs.recommended;
export default [
	{ files: ['dist/**/*.js'], ...rules, languageOptions: { sourceType: 'commonjs' } },
	{ files: ['package.json'], ...rules, languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } } },
];
`;
	fs.writeFileSync(path.join(unpacked, 'eslint.config.mjs'), config);
	fs.symlinkSync(path.join(root, 'node_modules'), path.join(unpacked, 'node_modules'), 'dir');
	execFileSync(
		process.execPath,
		[path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--max-warnings=0', 'dist', 'package.json'],
		{ cwd: unpacked, stdio: 'inherit' },
	);
	console.log(`lint:package: ${files.length} packed files, community rules clean`);
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
