/** What a case of the case phase is and is given, and the loop that runs each in n8n. */
import fs from 'node:fs';
import path from 'node:path';

import { lastSeq, type RequestRecord } from '../../../emulator/request-log';
import type { Emulator } from '../../../emulator';
import { workflowPath, type E2eEnvironment } from '../../harness/environment';
import { readWorkflow, type WorkflowFile } from '../../harness/n8n/examples';
import type { ExecutionRun, OutputItem } from '../../harness/n8n/n8n-cli';
import { runWorkflow } from '../../harness/n8n/manual-runs';
import type { N8nServer } from '../../harness/n8n/n8n-server';
import { runCheck, type CheckOutcome } from '../../harness/report';
import { mustSucceed } from './n8n-rest';

export interface E2eContext {
	emulator: Emulator;
	/** Values one case leaves for a later one (e.g. the id of a fax it created). */
	state: Map<string, unknown>;
	/** Folder n8n's Read/Write Files node may use. */
	filesFolder: string;
	/** The running n8n, for what a case sets up as a user would in it (e.g. a credential). */
	server: N8nServer;
}

export interface E2eCase {
	/** What a user would call it, e.g. "Outbound fax: send to two recipients". */
	title: string;
	/** File name under test/e2e/workflows/. */
	workflow: string;
	/**
	 * Sets the emulator up and returns values the workflow reads as `$env.<NAME>` (names start
	 * with E2E_), for things a workflow cannot find itself, like a fax id the harness created.
	 */
	prepare?(ctx: E2eContext): Promise<Record<string, string> | void> | Record<string, string> | void;
	/** The workflow as the user left it, with what prepare made (e.g. the id a picker gave). */
	workflowWith?(workflow: WorkflowFile, values: Record<string, string>): WorkflowFile;
	check(result: RunResult, ctx: E2eContext): Promise<void> | void;
	/** Undoes what prepare switched on the shared emulator, however the case ended. */
	cleanUp?(ctx: E2eContext): void;
}

export type CaseOutcome = CheckOutcome & { workflow: string };

export type RunResult = ReturnType<typeof runResult>;

/**
 * A case's view of one successful execution: the requests the emulator received while it ran, a
 * node's output items (first run; output 0 = main / true branch), and the Start trigger's item
 * (the values the case's prepare gave the workflow).
 */
function runResult(run: ExecutionRun, requests: RequestRecord[]) {
	const runData = run.data.resultData.runData;
	const items = (node: string, output = 0): OutputItem[] => {
		const runs = runData[node];
		if (!runs || runs.length === 0)
			throw new Error(`node "${node}" did not run; ran: ${Object.keys(runData).join(', ')}`);
		const first = runs[0];
		if (first.error) {
			throw new Error(
				`node "${node}" failed: ${first.error.message} ${first.error.description ?? ''}`,
			);
		}
		return first.data?.main?.[output] ?? [];
	};
	return { run, requests, items, start: () => items('Start')[0].json as Record<string, unknown> };
}

/** Runs each check, timed, with the workflow it names; goes on after a failure. */
export async function runEach<T extends { title: string; workflow: string }>(
	checks: T[],
	run: (check: T) => Promise<void>,
): Promise<CaseOutcome[]> {
	const outcomes: CaseOutcome[] = [];
	for (const check of checks) {
		const outcome = await runCheck(check.title, () => run(check), { timed: true });
		outcomes.push({ ...outcome, workflow: check.workflow });
	}
	return outcomes;
}

/**
 * Runs each case's workflow in the running n8n (saved, trigger output pinned, executed as from the
 * editor) and its checks against the stored execution; goes on after a failure.
 */
export async function runCases(
	environment: E2eEnvironment,
	server: N8nServer,
	cases: E2eCase[],
	logDir: string,
): Promise<CaseOutcome[]> {
	const { emulator, filesFolder } = environment;
	const ctx: E2eContext = { emulator, state: new Map(), filesFolder, server };
	return await runEach(cases, async (testCase) => {
		try {
			const values = (await testCase.prepare?.(ctx)) ?? {};
			const file = readWorkflow(workflowPath(testCase.workflow));
			const workflow = testCase.workflowWith?.(file, values) ?? file;
			const sinceSeq = lastSeq(emulator);
			const outcome = await runWorkflow(server, workflow, values);
			const requests = emulator.control.requests({ sinceSeq });
			const stored = outcome.ok ? outcome.run : { error: outcome.error, run: outcome.run };
			const out = path.join(logDir, `${path.basename(testCase.workflow, '.json')}.out.json`);
			fs.writeFileSync(out, JSON.stringify(stored, null, 2));
			mustSucceed(outcome);
			await testCase.check(runResult(outcome.run, requests), ctx);
		} finally {
			testCase.cleanUp?.(ctx);
		}
	});
}
