const path = require('node:path');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');
const { src, dest, series } = require('gulp');

/** Removes the previous build so deleted sources never linger in dist/. */
function clean(done) {
	fs.rmSync(path.join(__dirname, 'dist'), { recursive: true, force: true });
	done();
}

/** Compiles credentials/ and nodes/ into dist/ with the build tsconfig. */
function compile(done) {
	const tsc = require.resolve('typescript/bin/tsc');
	const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
		stdio: 'inherit',
	});
	done(result.status === 0 ? undefined : new Error('tsc failed'));
}

/** Copies icons and the codex .node.json files that n8n reads next to each node. */
function copyAssets() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports.clean = clean;
exports.build = series(clean, compile, copyAssets);
exports.default = exports.build;
