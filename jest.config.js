/** Jest runs the unit, emulator and integration suites; the real-n8n end-to-end suite runs separately (npm run test:e2e). */
module.exports = {
	testEnvironment: '<rootDir>/test/harness/jest/node-environment.js',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	testTimeout: 60000,
	maxWorkers: 2,
	// A worker's heap grows over the files it runs (each file loads n8n-core afresh) to 900 MB, and
	// at the end of the run the kernel needs longer than jest's 500 ms to free that much memory of an
	// exiting worker, so jest force-kills it ("A worker process has failed to exit gracefully").
	// Jest replaces a worker above this after a file (silently, between files), so none ends big.
	workerIdleMemoryLimit: '512MB',
	setupFiles: ['<rootDir>/test/harness/jest/jest-env.ts'],
	// ASSERTION_CENSUS=<file> writes each test's expect() calls there; off otherwise.
	setupFilesAfterEnv: ['<rootDir>/test/harness/jest/assertion-census.js'],
	reporters: [
		'default',
		'<rootDir>/test/harness/jest/counts-reporter.js',
		// Fails the run when two tests share a full title (the census keys tests by it).
		'<rootDir>/test/harness/jest/repeated-titles-reporter.js',
	],
};
