// n8n's cloud-compatible community rules (what the verification scanner runs) apply in full to
// the code that ships: nodes/, credentials/ and package.json. The node-cli config matches every
// **/*.ts, so it is scoped here; the emulator, tests and scripts get ordinary TypeScript rules and
// may use Node's globals and devDependencies.
import { config as n8nCommunityConfig } from '@n8n/node-cli/eslint';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const shippedTs = ['nodes/**/*.ts', 'credentials/**/*.ts'];
const devTs = ['emulator/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'];

const scopedCommunityConfig = n8nCommunityConfig.map((entry) =>
	Array.isArray(entry.files) && entry.files.includes('**/*.ts') ? { ...entry, files: shippedTs } : entry,
);

export default [
	{ ignores: ['dist/**', 'node_modules/**', '.test-output/**', '**/*.js', '**/*.mjs', '**/*.cjs'] },
	...scopedCommunityConfig,
	...tseslint.config({
		files: devTs,
		extends: [js.configs.recommended, tseslint.configs.recommended],
		languageOptions: { globals: { ...globals.node, ...globals.jest } },
		rules: {
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/no-require-imports': 'off',
		},
	}),
];
