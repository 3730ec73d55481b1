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

const WAIT_KIT = 'test/harness/waitUntil.ts';
/** The modules at the bottom of test/harness, which import nothing of the project. */
const KIT_LEAVES = ['waitUntil', 'tail', 'ports'];
const JEST_ROOM =
	'test/harness/jest/ runs in jest (its globals, n8n-core in process): only the jest suites import it.';
const SIDEWAYS = 'A test room imports the kit (test/harness), not another test room.';
/** The rooms of test/ that run real n8n: not jest suites. */
const RUNNER_ROOMS = 'e2e,deploy,browser';
/** The folders of test/ beside the kit: the tests and the runners. */
const TEST_ROOMS = 'bench|browser|credentials|deploy|e2e|emulator|faults|nodes|scripts';
const USE_THE_KIT = `wait through ${WAIT_KIT} (waitUntil, eventually, watchFor, sleep)`;
/** A wait written by hand: a timer in a promise, or a loop on the clock. */
const HAND_MADE_WAITS = [
	{
		selector:
			"NewExpression[callee.name='Promise'] CallExpression[callee.name=/^(setTimeout|setImmediate)$/]:matches([arguments.0.type='Identifier'], [arguments.0.body.callee.type='Identifier'])",
		message: `A timer in a promise is a hand-made sleep: ${USE_THE_KIT}.`,
	},
	{
		selector:
			":matches(WhileStatement, DoWhileStatement, ForStatement) > BinaryExpression CallExpression[callee.object.name='Date'][callee.property.name='now']",
		message: `A loop on the clock is a hand-made wait: ${USE_THE_KIT}.`,
	},
	{
		selector:
			":matches(WhileStatement, DoWhileStatement, ForStatement) IfStatement > BinaryExpression.test CallExpression[callee.object.name='Date'][callee.property.name='now']",
		message: `A deadline checked in a loop is a hand-made wait: ${USE_THE_KIT}.`,
	},
	{
		selector: 'ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]',
		message: `timers/promises makes hand-made sleeps: ${USE_THE_KIT}.`,
	},
];

const scopedCommunityConfig = n8nCommunityConfig.map((entry) =>
	Array.isArray(entry.files) && entry.files.includes('**/*.ts')
		? { ...entry, files: shippedTs }
		: entry,
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
	// Every wait of the tests, the bench and the scripts goes through the kit,
	// test/harness/waitUntil.ts: a bounded deadline, and on timeout what the waiter saw.
	{
		files: ['test/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
		ignores: [WAIT_KIT],
		rules: { 'no-restricted-syntax': ['error', ...HAND_MADE_WAITS] },
	},
	// The kit, test/harness, imports only downward: its own rooms (n8n/, services/, jest/, the
	// leaves), the emulator and the nodes; never the entry scripts of scripts/, the bench, a runner
	// or a test, which all import it. A test room sits one folder above a file of the kit's top and
	// two above a file of its rooms, so each depth has its pattern.
	...[1, 2].map((depth) => ({
		files: [depth === 1 ? 'test/harness/*.ts' : 'test/harness/*/**/*.ts'],
		ignores: ['test/harness/**/*.test.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							regex: `^(\\.\\./)+(scripts|bench|e2e|deploy|browser)/`,
							message: 'test/harness imports only downward: not scripts/, bench/ or a runner.',
						},
						{
							regex: `^(\\.\\./){${depth}}(${TEST_ROOMS})/`,
							message: 'test/harness imports only downward: not a test of test/.',
						},
						{
							regex: '^\\.\\.?/jest/',
							message: JEST_ROOM,
						},
					],
				},
			],
		},
	})),
	// A test room imports the kit, the emulator and the code it tests, never another test room (nor,
	// in test/nodes, another node's folder): what two rooms share moves into the kit. The runners
	// (e2e, deploy, browser) keep the rule that they do not import the jest kit.
	...[1, 2, 3, 4].flatMap((depth) =>
		[false, true].map((runner) => ({
			files: [
				runner
					? `test/{${RUNNER_ROOMS}}/${'*/'.repeat(depth - 1)}*.ts`
					: `test/${'*/'.repeat(depth)}*.ts`,
			],
			ignores: ['test/harness/**', ...(runner ? [] : [`test/{${RUNNER_ROOMS}}/**`])],
			rules: {
				'no-restricted-imports': [
					'error',
					{
						patterns: [
							{ regex: `^(\\.\\./){${depth}}(${TEST_ROOMS})/`, message: SIDEWAYS },
							...(depth > 1
								? [
										{
											regex: `^(\\.\\./){${depth - 1}}(FaxCloud|FaxCloudTrigger|shared)/`,
											message: SIDEWAYS,
										},
									]
								: []),
							...(runner ? [{ regex: '/harness/jest/', message: JEST_ROOM }] : []),
						],
					},
				],
			},
		})),
	),
	{
		files: ['bench/**/*.ts', 'scripts/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: [{ regex: '/harness/jest/', message: JEST_ROOM }] },
			],
		},
	},
	{
		files: KIT_LEAVES.map((leaf) => `test/harness/${leaf}.ts`),
		rules: { 'no-restricted-imports': ['error', { patterns: ['./*', '../*'] }] },
	},
];
