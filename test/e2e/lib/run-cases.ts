/** The case phase's loop: each case's workflow run in the running n8n, then its checks. */
import fs from 'node:fs';
import path from 'node:path';

import { lastSeq, type RequestRecord } from '../../../emulator/request-log';
import type { E2eEnvironment } from '../../harness/environment';
import { workflowPath } from '../../harness/environment';
import { readWorkflow } from '../../harness/n8n/examples';
import type { ExecutionRun, OutputItem } from '../../harness/n8n/n8n-cli';
import { runWorkflow } from '../../harness/n8n/manual-runs';
import type { N8nServer } from '../../harness/n8n/n8n-server';
import { runCheck, type CheckOutcome } from '../../harness/report';
import { mustSucceed } from './n8n-rest';
import type { E2eCase, E2eContext, RunResult } from './types';

/** A check's outcome and the workflow it ran. */
export interface CaseOutcome extends CheckOutcome {
	workflow: string;
}

/** A case's view of one stored execution: its nodes' items and the requests it sent. */
function runResult(run: ExecutionRun, requests: RequestRecord[]): RunResult {
	const runData = run.data.resultData.runData;
	const items = (node: string, output = 0): OutputItem[] => {
		const runs = runData[node];
		if (!runs || runs.length === 0) {
			throw new Error(`node "${node}" did not run; ran: ${Object.keys(runData).join(', ')}`);
		}
		const first = runs[0];
		if (first.error) {
			throw new Error(
				`node "${node}" failed: ${first.error.message} ${first.error.description ?? ''}`,
			);
		}
		return first.data?.main?.[output] ?? [];
	};
	return { run, requests, items, start: () => items('Start')[0].json };
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
	});
}
