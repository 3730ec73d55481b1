/**
 * What the package relies on in n8n beyond running a node, checked on each n8n release in the
 * running n8n of the case phase: the Fax Cloud node as an AI agent's tool (`usableAsTool`), and
 * one credential resolution per run (the credential is read once and handed to every request as
 * `credentialsDecrypted`). Each check drives n8n through its REST API and judges what n8n stored
 * and what the emulator received.
 */
import { basicAuthorization, SEED_TOKENS, SEED_USERS, type Emulator } from '../../emulator';
import { lastSeq as lastSeqOf, type RequestRecord } from '../../emulator/request-log';
import type { CredentialImport } from '../harness/n8n/n8n-cli';
import { CREDENTIAL_IDS, CREDENTIAL_NAMES } from '../harness/n8n/credentials';
import { lineOf } from '../harness/n8n/lines';
import { runWorkflow, type RunOutcome } from '../harness/n8n/manual-runs';
import type { N8nServer } from '../harness/n8n/n8n-server';
import { assert, assertNoSecrets } from './lib/assert';
import { changeFaxLogin } from './lib/edit-credential';
import { loadWorkflows, WRONG_PASSWORD, type E2eEnvironment } from '../harness/environment';
import { waitUntil } from '../harness/waitUntil';
import type { CaseOutcome } from './lib/run-cases';

/**
 * A login the credential check edits while a workflow runs. Imported for the case phase only:
 * n8n preselects the newest credential of a type, and the editor check must not get this one.
 */
const EDITED_CREDENTIAL = {
	id: 'FaxCloudEditRun1',
	name: 'Fax Cloud account edited during a run (local emulator)',
} as const;

export function featureCredentials(urls: Emulator['urls']): CredentialImport[] {
	return [
		{
			...EDITED_CREDENTIAL,
			type: 'faxCloudApi',
			data: { ...SEED_USERS.alice, faxBaseUrl: urls.fax, mailMergeBaseUrl: urls.mailMerge },
		},
	];
}

export interface FeatureCheck {
	title: string;
	workflow: string;
	run(environment: E2eEnvironment, server: N8nServer): Promise<void>;
}

function requestsSince(environment: E2eEnvironment, sinceSeq: number): RequestRecord[] {
	return environment.emulator.control.requests({ sinceSeq });
}

const lastSeq = (environment: E2eEnvironment): number => lastSeqOf(environment.emulator);

function mustSucceed(outcome: RunOutcome): asserts outcome is Extract<RunOutcome, { ok: true }> {
	if (!outcome.ok) throw new Error(`the workflow failed:\n${outcome.error}`);
}

/** A text fax sent by alice straight to the emulator, as another client of the service would. */
export async function faxOfAlice(
	environment: E2eEnvironment,
	faxNumber = '12125550000',
): Promise<number> {
	const form = new FormData();
	form.append('FaxNumber', faxNumber);
	form.append('file1', new Blob(['sent beside n8n'], { type: 'text/plain' }), 'fax.txt');
	const res = await fetch(`${environment.emulator.urls.fax}/outboundfaxes`, {
		method: 'POST',
		headers: { authorization: basicAuthorization(SEED_USERS.alice) },
		body: form,
	});
	assert.equal(res.status, 201);
	const body = (await res.json()) as { FaxInfo: Array<{ FaxId: string }> };
	return Number(body.FaxInfo[0].FaxId);
}

/**
 * The editor's Test button: POST /rest/credentials/test with the credential as the form holds it
 * (the same call on n8n 1.x and 2.x). Fax Cloud API tests with a function (`testedBy`), Fax Cloud
 * Numbers API with a declarative request and rules.
 */
async function testButton(
	server: N8nServer,
	credential: { id: string; name: string; type: string; data: Record<string, unknown> },
): Promise<{ status: string; message: string }> {
	return await server.rest('POST', '/credentials/test', { credentials: credential });
}

/**
 * The editor's "Execute step" on a tool node: n8n swaps the agent for its ToolExecutor, which
 * calls the tool with `args`. Returns the records the tool answered with.
 */
export async function toolAnswer(
	server: N8nServer,
	workflowFile: string,
	node: string,
	args: Record<string, unknown>,
): Promise<Array<Record<string, unknown>>> {
	const [workflow] = loadWorkflows([workflowFile]);
	const outcome = await runWorkflow(server, workflow, {}, { tool: { node, args } });
	mustSucceed(outcome);
	const toolRun = outcome.run.data.resultData.runData[node]?.[0] as
		| { data?: { ai_tool?: Array<Array<{ json: { response?: unknown } }>> } }
		| undefined;
	const response = toolRun?.data?.ai_tool?.[0]?.[0]?.json.response;
	return (Array.isArray(response) ? response : [response]) as Array<Record<string, unknown>>;
}

const TOOL_WORKFLOW = 'tool-fax-status.json';
const EDIT_WORKFLOW = 'credential-edited-during-run.json';

export const FEATURE_CHECKS: FeatureCheck[] = [
	{
		title: 'n8n: the credentials’ Test button, green for good logins, red for bad ones',
		workflow: '(credential test)',
		async run(environment, server) {
			const { urls } = environment.emulator;
			const fax = (password: string) => ({
				id: CREDENTIAL_IDS.fax,
				name: CREDENTIAL_NAMES.fax,
				type: 'faxCloudApi',
				data: {
					userId: SEED_USERS.alice.userId,
					password,
					faxBaseUrl: urls.fax,
					mailMergeBaseUrl: urls.mailMerge,
				},
			});
			const numbers = (accessToken: string) => ({
				id: CREDENTIAL_IDS.numbers,
				name: CREDENTIAL_NAMES.numbers,
				type: 'faxCloudNumbersApi',
				data: {
					accessToken,
					numbersBaseUrl: urls.numbers,
					versionHeaderName: '',
					versionHeaderValue: '',
				},
			});
			assert.equal((await testButton(server, fax(SEED_USERS.alice.password))).status, 'OK');
			const refused = await testButton(server, fax(WRONG_PASSWORD));
			assert.equal(refused.status, 'Error');
			assert.match(refused.message, /HTTP 401/);
			assertNoSecrets(refused.message, [WRONG_PASSWORD]);
			assert.equal((await testButton(server, numbers(SEED_TOKENS.acme))).status, 'OK');
			const forbidden = await testButton(server, numbers(SEED_TOKENS.acmeNotAdmin));
			assert.equal(forbidden.status, 'Error');
			// n8n 1.x shows its own text instead of the credential's rule (test/harness/n8n/lines.ts).
			assert.match(
				forbidden.message,
				lineOf(server.release).credentialTestRuleMessages
					? /\(HTTP 403\)/
					: /^Forbidden - perhaps check your credentials\?$/,
			);
			assertNoSecrets(forbidden.message, [SEED_TOKENS.acmeNotAdmin]);
		},
	},
	{
		title: 'n8n: the Fax Cloud node runs as an AI agent’s tool, its arguments from $fromAI()',
		workflow: TOOL_WORKFLOW,
		async run(environment, server) {
			const faxId = await faxOfAlice(environment);
			const sinceSeq = lastSeq(environment);
			const records = await toolAnswer(server, TOOL_WORKFLOW, 'Fax Status', { faxId });
			assert.deepEqual(
				records.map((r) => [r.FaxId, r.FaxNumber]),
				[[faxId, '12125550000']],
				`the tool's answer: ${JSON.stringify(records).slice(0, 300)}`,
			);
			assert.deepEqual(
				requestsSince(environment, sinceSeq).map((r) => [
					r.method,
					r.path,
					r.auth.scheme,
					r.auth.userId,
				]),
				[['GET', `/v1/outboundfaxes/${faxId}`, 'Basic', SEED_USERS.alice.userId]],
			);
		},
	},
	{
		title: 'n8n: a dropdown filled from the service (loadOptions), the second load from the cache',
		workflow: '(dynamic node parameters)',
		async run(environment, server) {
			// Cities of Alabama: a lookup no case makes, so the first load goes to the service.
			const load = () =>
				server.rest<Array<{ name: string; value: string }>>(
					'POST',
					'/dynamic-node-parameters/options',
					{
						nodeTypeAndVersion: { name: 'n8n-nodes-fax-cloud.faxCloud', version: 1 },
						path: 'parameters.city',
						methodName: 'getCities',
						currentNodeParameters: {
							resource: 'numberRequest',
							operation: 'nonTollFree',
							country: 'US',
							region: 'AL',
						},
						credentials: {
							faxCloudNumbersApi: { id: CREDENTIAL_IDS.numbers, name: CREDENTIAL_NAMES.numbers },
						},
					},
				);
			const lookups = () =>
				environment.emulator.control.requests({ path: '^/api/numbers/cities/US/AL$' }).length;
			const first = await load();
			assert.deepEqual(
				first.slice(0, 3).map((o) => [o.name, o.value]),
				[
					['Any City', ''],
					['Birmingham', 'Birmingham'],
					['Montgomery', 'Montgomery'],
				],
			);
			assert.equal(lookups(), 1);
			assert.deepEqual(await load(), first);
			assert.equal(lookups(), 1, 'the second load is answered from the 24-hour cache');
		},
	},
	{
		title:
			'n8n: one credential resolution per run: an edit during a run applies from the next run on',
		workflow: EDIT_WORKFLOW,
		async run(environment, server) {
			const { control, urls } = environment.emulator;
			const faxId = await faxOfAlice(environment);
			const [workflow] = loadWorkflows([EDIT_WORKFLOW]);
			const reads = (sinceSeq: number) =>
				requestsSince(environment, sinceSeq).filter(
					(r) => r.method === 'GET' && r.path === `/v1/outboundfaxes/${faxId}`,
				);
			// Three reads one after the other, each held 2 s: the edit lands between them.
			const fault = control.addFault({
				method: 'GET',
				path: `^/v1/outboundfaxes/${faxId}$`,
				kind: 'delay',
				delayMs: 2000,
			});
			try {
				const firstSince = lastSeq(environment);
				const running = runWorkflow(server, workflow, { E2E_FAX_ID: String(faxId) });
				await waitUntil('the first read', () => reads(firstSince).length >= 1, 60_000, 50);
				await changeFaxLogin(server, EDITED_CREDENTIAL, SEED_USERS.bob, urls);
				const first = await running;
				mustSucceed(first);
				const firstReads = reads(firstSince);
				assert.deepEqual(
					firstReads.map((r) => [r.auth.userId, r.status]),
					[
						[SEED_USERS.alice.userId, 200],
						[SEED_USERS.alice.userId, 200],
						[SEED_USERS.alice.userId, 200],
					],
					'every request of the run uses the credential as it was when the run started',
				);

				const secondSince = lastSeq(environment);
				mustSucceed(await runWorkflow(server, workflow, { E2E_FAX_ID: String(faxId) }));
				assert.deepEqual(
					reads(secondSince).map((r) => r.auth.userId),
					[SEED_USERS.bob.userId, SEED_USERS.bob.userId, SEED_USERS.bob.userId],
					'the next run uses the edited credential',
				);
			} finally {
				control.removeFault(fault);
			}
		},
	},
];

/** Runs the checks in the running n8n; goes on after a failure. */
export async function runFeatureChecks(
	environment: E2eEnvironment,
	server: N8nServer,
	checks: FeatureCheck[],
): Promise<CaseOutcome[]> {
	const outcomes: CaseOutcome[] = [];
	for (const check of checks) {
		const started = Date.now();
		let message: string | undefined;
		try {
			await check.run(environment, server);
		} catch (error) {
			message = error instanceof Error ? (error.stack ?? error.message) : String(error);
		}
		const ms = Date.now() - started;
		outcomes.push({ title: check.title, workflow: check.workflow, passed: !message, ms, message });
		console.log(`  ${message ? 'FAIL' : 'ok  '} ${check.title} (${(ms / 1000).toFixed(1)} s)`);
		if (message) {
			console.log(
				message
					.split('\n')
					.slice(0, 40)
					.map((line) => `        ${line}`)
					.join('\n'),
			);
		}
	}
	return outcomes;
}
