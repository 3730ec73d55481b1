/**
 * What the package relies on in n8n beyond running a node, checked on each n8n release in the
 * running n8n of the case phase: the Fax Cloud node as an AI agent's tool (`usableAsTool`), and
 * one credential resolution per run (the credential is read once and handed to every request as
 * `credentialsDecrypted`). Each check drives n8n through its REST API and judges what n8n stored
 * and what the emulator received.
 */
import { SEED_USERS } from '../../emulator';
import type { RequestRecord } from '../../emulator/request-log';
import { runWorkflow, type RunOutcome } from '../../scripts/n8n/manual-runs';
import type { N8nServer } from '../../scripts/n8n/server';
import { assert } from './lib/assert';
import { EDITED_CREDENTIAL, loadWorkflows, type E2eEnvironment } from './lib/environment';
import type { CaseOutcome } from './lib/run-cases';

export interface FeatureCheck {
	title: string;
	workflow: string;
	run(environment: E2eEnvironment, server: N8nServer): Promise<void>;
}

function requestsSince(environment: E2eEnvironment, sinceSeq: number): RequestRecord[] {
	return environment.emulator.control.requests({ sinceSeq });
}

function lastSeq(environment: E2eEnvironment): number {
	const all = environment.emulator.control.requests();
	return all.length === 0 ? 0 : all[all.length - 1].seq;
}

function mustSucceed(outcome: RunOutcome): asserts outcome is Extract<RunOutcome, { ok: true }> {
	if (!outcome.ok) throw new Error(`the workflow failed:\n${outcome.error}`);
}

/** A text fax sent by alice straight to the emulator, as another client of the service would. */
async function faxOfAlice(environment: E2eEnvironment): Promise<number> {
	const form = new FormData();
	form.append('FaxNumber', '12125550000');
	form.append('file1', new Blob(['sent beside n8n'], { type: 'text/plain' }), 'fax.txt');
	const { userId, password } = SEED_USERS.alice;
	const res = await fetch(`${environment.emulator.urls.fax}/outboundfaxes`, {
		method: 'POST',
		headers: { authorization: `Basic ${Buffer.from(`${userId}:${password}`).toString('base64')}` },
		body: form,
	});
	assert.equal(res.status, 201);
	const body = (await res.json()) as { FaxInfo: Array<{ FaxId: string }> };
	return Number(body.FaxInfo[0].FaxId);
}

async function until(what: string, condition: () => boolean, timeoutMs: number): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline)
			throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
}

const TOOL_WORKFLOW = 'tool-number-lookup.json';
const EDIT_WORKFLOW = 'credential-edited-during-run.json';

export const FEATURE_CHECKS: FeatureCheck[] = [
	{
		title: 'n8n: the Fax Cloud node runs as an AI agent’s tool, its arguments from $fromAI()',
		workflow: TOOL_WORKFLOW,
		async run(environment, server) {
			const [workflow] = loadWorkflows([TOOL_WORKFLOW]);
			const sinceSeq = lastSeq(environment);
			// As the editor's "Execute step" on a tool: the agent is swapped for n8n's ToolExecutor.
			const outcome = await runWorkflow(
				server,
				workflow,
				{},
				{ tool: { node: 'US Regions Tool', args: { limit: 2 } } },
			);
			mustSucceed(outcome);
			const toolRun = outcome.run.data.resultData.runData['US Regions Tool']?.[0] as
				| { data?: { ai_tool?: Array<Array<{ json: { response?: unknown } }>> } }
				| undefined;
			const response = toolRun?.data?.ai_tool?.[0]?.[0]?.json.response;
			assert.deepEqual(response, [
				{ code: 'AL', name: 'Alabama' },
				{ code: 'AK', name: 'Alaska' },
			]);
			const requests = requestsSince(environment, sinceSeq);
			assert.deepEqual(
				requests.map((r) => [r.method, r.path, r.auth.scheme, r.auth.userId]),
				[['GET', '/api/numbers/regions/US', 'Bearer', SEED_USERS.acmeAdmin.userId]],
			);
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
				await until('the first read', () => reads(firstSince).length >= 1, 60_000);
				await server.rest('PATCH', `/credentials/${EDITED_CREDENTIAL.id}`, {
					name: EDITED_CREDENTIAL.name,
					type: 'faxCloudApi',
					data: { ...SEED_USERS.bob, faxBaseUrl: urls.fax, mailMergeBaseUrl: urls.mailMerge },
				});
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
