/**
 * What the package relies on in n8n beyond running a node, checked in the case phase's running
 * n8n on each release: the credentials' Test button, the node as an AI agent's tool, loadOptions
 * and its cache, and one credential resolution per run. Each check drives n8n's REST API and
 * judges what n8n stored and what the emulator received.
 */
import { SEED_TOKENS, SEED_USERS, type Emulator } from '../../emulator';
import { lastSeq } from '../../emulator/request-log';
import type { CredentialImport } from '../harness/n8n/n8n-cli';
import {
	CREDENTIAL_IDS,
	CREDENTIAL_NAMES,
	faxCredential,
	numbersCredential,
} from '../harness/n8n/credentials';
import { lineOf } from '../harness/n8n/lines';
import { runWorkflow } from '../harness/n8n/manual-runs';
import type { N8nServer } from '../harness/n8n/n8n-server';
import { faxOfAlice } from './cases/fixtures';
import { assert, assertNoSecrets, rowsOf } from './lib/assert';
import { changeFaxLogin, mustSucceed } from './lib/n8n-rest';
import { loadWorkflows, WRONG_PASSWORD, type E2eEnvironment } from '../harness/environment';
import { waitUntil } from '../harness/waitUntil';

const TOOL_WORKFLOW = 'tool-fax-status.json';
const EDIT_WORKFLOW = 'credential-edited-during-run.json';
const OPTIONS_PATH = '/dynamic-node-parameters/options';

/** A login edited during a run; the case phase's only (the editor check would preselect it). */
const EDITED_CREDENTIAL = {
	id: 'FaxCloudEditRun1',
	name: 'Fax Cloud account edited during a run (local emulator)',
};

export const featureCredentials = (urls: Emulator['urls']): CredentialImport[] => [
	faxCredential(EDITED_CREDENTIAL.id, EDITED_CREDENTIAL.name, SEED_USERS.alice, urls),
];

export interface FeatureCheck {
	title: string;
	workflow: string;
	run(environment: E2eEnvironment, server: N8nServer): Promise<void>;
}

/** The editor's "Execute step" on a tool node (n8n's ToolExecutor passes `args`): its answer. */
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

export const FEATURE_CHECKS: FeatureCheck[] = [
	{
		title: 'n8n: the credentials’ Test button, green for good logins, red for bad ones',
		workflow: '(credential test)',
		async run(environment, server) {
			const { urls } = environment.emulator;
			// The editor's Test button, the same call on n8n 1.x and 2.x: Fax Cloud API tests with a
			// function (`testedBy`), Fax Cloud Numbers API with a declarative request and rules.
			const testButton = (credentials: object) =>
				server.rest<{ status: string; message: string }>('POST', '/credentials/test', {
					credentials,
				});
			const { fax: faxId, numbers: numbersId } = CREDENTIAL_IDS;
			const { userId } = SEED_USERS.alice;
			const fax = (password: string) =>
				faxCredential(faxId, CREDENTIAL_NAMES.fax, { userId, password }, urls);
			const numbers = (token: string) =>
				numbersCredential(numbersId, CREDENTIAL_NAMES.numbers, token, urls);
			assert.equal((await testButton(fax(SEED_USERS.alice.password))).status, 'OK');
			const refused = await testButton(fax(WRONG_PASSWORD));
			assert.equal(refused.status, 'Error');
			assert.match(refused.message, /HTTP 401/);
			assertNoSecrets(refused.message, [WRONG_PASSWORD]);
			assert.equal((await testButton(numbers(SEED_TOKENS.acme))).status, 'OK');
			const forbidden = await testButton(numbers(SEED_TOKENS.acmeNotAdmin));
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
			const faxId = await faxOfAlice(environment.emulator);
			const sinceSeq = lastSeq(environment.emulator);
			const records = await toolAnswer(server, TOOL_WORKFLOW, 'Fax Status', { faxId });
			const answer = `the tool's answer: ${JSON.stringify(records).slice(0, 300)}`;
			assert.deepEqual(rowsOf(records, 'FaxId', 'FaxNumber'), [[faxId, '12125550000']], answer);
			assert.deepEqual(
				environment.emulator.control
					.requests({ sinceSeq })
					.map((r) => [r.method, r.path, r.auth.scheme, r.auth.userId]),
				[['GET', `/v1/outboundfaxes/${faxId}`, 'Basic', SEED_USERS.alice.userId]],
			);
		},
	},
	{
		title:
			'n8n: a dropdown filled from the service (loadOptions), by name, the second load from the cache',
		workflow: '(dynamic node parameters)',
		async run(environment, server) {
			// Cities of Alabama: a lookup no case makes, so the first load goes to the service.
			const numbers = { id: CREDENTIAL_IDS.numbers, name: CREDENTIAL_NAMES.numbers };
			const load = () =>
				server.rest<Array<{ name: string; value: string }>>('POST', OPTIONS_PATH, {
					nodeTypeAndVersion: { name: 'n8n-nodes-fax-cloud.faxCloud', version: 1 },
					path: 'parameters.city',
					methodName: 'getCities',
					currentNodeParameters: {
						resource: 'numberRequest',
						operation: 'nonTollFree',
						country: 'US',
						region: 'AL',
					},
					credentials: { faxCloudNumbersApi: numbers },
				});
			const lookups = () =>
				environment.emulator.control.requests({ path: '^/api/numbers/cities/US/AL$' }).length;
			// By name, though the emulator lists Alabama's cities largest first (Montgomery second).
			const first = await load();
			assert.deepEqual(rowsOf(first.slice(0, 3), 'name', 'value'), [
				['Any City', ''],
				['Birmingham', 'Birmingham'],
				['Dothan', 'Dothan'],
			]);
			assert.equal(lookups(), 1);
			assert.deepEqual(await load(), first);
			assert.equal(lookups(), 1, 'the second load is answered from the 24-hour cache');
			// Area codes of Houston (713, 281, 832, 346 as listed) on a service listing lookups in
			// reverse: by value still, a first load.
			environment.emulator.control.setNumbersLookupOrder('reversed');
			try {
				const codes = await server.rest<Array<{ value: string }>>('POST', OPTIONS_PATH, {
					nodeTypeAndVersion: { name: 'n8n-nodes-fax-cloud.faxCloud', version: 1 },
					path: 'parameters.areaCodes',
					methodName: 'getAreaCodes',
					currentNodeParameters: {
						resource: 'numberRequest',
						operation: 'nonTollFree',
						country: 'US',
						region: 'TX',
						city: 'Houston',
					},
					credentials: { faxCloudNumbersApi: numbers },
				});
				assert.deepEqual(
					codes.map((option) => option.value),
					['281', '346', '713', '832'],
				);
				const asked = environment.emulator.control.requests({ path: '/area_codes/US/TX/Houston$' });
				assert.equal(asked.length, 1, 'the area codes were asked of the service');
			} finally {
				environment.emulator.control.setNumbersLookupOrder('as-listed');
			}
		},
	},
	{
		title:
			'n8n: one credential resolution per run: an edit during a run applies from the next run on',
		workflow: EDIT_WORKFLOW,
		async run(environment, server) {
			const { control, urls } = environment.emulator;
			const faxId = await faxOfAlice(environment.emulator);
			const [workflow] = loadWorkflows([EDIT_WORKFLOW]);
			const reads = (sinceSeq: number) =>
				control
					.requests({ sinceSeq })
					.filter((r) => r.method === 'GET' && r.path === `/v1/outboundfaxes/${faxId}`);
			// Three reads one after the other, each held 4 s: the edit lands between them.
			const fault = control.addFault({
				method: 'GET',
				path: `^/v1/outboundfaxes/${faxId}$`,
				kind: 'delay',
				delayMs: 4000,
			});
			try {
				const firstSince = lastSeq(environment.emulator);
				const running = runWorkflow(server, workflow, { E2E_FAX_ID: String(faxId) });
				await waitUntil('the first read', () => reads(firstSince).length >= 1, 60_000, 50);
				await changeFaxLogin(server, EDITED_CREDENTIAL, SEED_USERS.bob, urls);
				const editedMs = Date.now();
				mustSucceed(await running);
				const runReads = reads(firstSince);
				assert.deepEqual(
					runReads.map((r) => [r.auth.userId, r.status]),
					Array(3).fill([SEED_USERS.alice.userId, 200]),
					'every request of the run uses the credential as it was when the run started',
				);
				assert.ok(
					runReads[2].receivedMs > editedMs,
					`the edit landed mid-run: the last read came ${runReads[2].receivedMs - editedMs} ms after it`,
				);
				control.removeFault(fault);

				const secondSince = lastSeq(environment.emulator);
				mustSucceed(await runWorkflow(server, workflow, { E2E_FAX_ID: String(faxId) }));
				const logins = reads(secondSince).map((r) => r.auth.userId);
				const bobs = Array(3).fill(SEED_USERS.bob.userId);
				assert.deepEqual(logins, bobs, 'the next run uses the edited credential');
			} finally {
				control.removeFault(fault);
			}
		},
	},
];
