/** Jest runs the unit, emulator and integration suites; the real-n8n end-to-end suite runs separately (npm run test:e2e). */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	testTimeout: 60000,
	maxWorkers: 2,
	setupFiles: ['<rootDir>/test/support/jest-env.ts'],
	reporters: ['default', '<rootDir>/test/support/counts-reporter.js'],
};
