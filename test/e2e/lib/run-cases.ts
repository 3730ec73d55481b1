/** The case phase's loop: each case's workflow run in the running n8n, then its checks. */
import fs from 'node:fs';
import path from 'node:path';

import { lastSeq } from '../../../emulator/request-log';
import type { E2eEnvironment } from '../../harness/environment';
import { workflowPath } from '../../harness/environment';
import { readWorkflow } from '../../harness/n8n/examples';
import { runWorkflow } from '../../harness/n8n/manual-runs';
import type { N8nServer } from '../../harness/n8n/n8n-server';
import { runCheck, type CheckOutcome } from '../../harness/report';
import { mustSucceed } from './n8n-rest';
import { runResult } from './run-result';
import type { E2eCase, E2eContext } from './types';

/** A check's outcome and the workflow it ran. */
export interface CaseOutcome extends CheckOutcome {
	workflow: string;
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
	const outcomes: CaseOutcome[] = [];
	for (const testCase of cases) {
		const ran = async () => {
			const values = (await testCase.prepare?.(ctx)) ?? {};
			const file = readWorkflow(workflowPath(testCase.workflow));
			const workflow = testCase.workflowWith?.(file, values) ?? file;
			const sinceSeq = lastSeq(emulator);
			const outcome = await runWorkflow(server, workflow, values);
			const requests = emulator.control.requests({ sinceSeq });
			fs.writeFileSync(
				path.join(logDir, `${path.basename(testCase.workflow, '.json')}.out.json`),
				JSON.stringify(
					outcome.ok ? outcome.run : { error: outcome.error, run: outcome.run },
					null,
					2,
				),
			);
			mustSucceed(outcome);
			await testCase.check(runResult(outcome.run, requests), ctx);
		};
		const outcome = await runCheck(testCase.title, ran, { timed: true });
		outcomes.push({ ...outcome, workflow: testCase.workflow });
	}
	return outcomes;
}
