import fs from 'node:fs';
import path from 'node:path';

import { lastSeq as lastSeqOf } from '../../../emulator/request-log';
import type { E2eEnvironment } from '../../harness/environment';
import { workflowPath } from '../../harness/environment';
import { readWorkflow } from '../../harness/n8n/examples';
import { runWorkflow } from '../../harness/n8n/manual-runs';
import type { N8nServer } from '../../harness/n8n/n8n-server';
import { runCheck, type CheckOutcome } from '../../harness/report';
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
	const ctx: E2eContext = {
		emulator: environment.emulator,
		state: new Map(),
		filesFolder: environment.filesFolder,
		server,
	};
	const outcomes: CaseOutcome[] = [];
	for (const testCase of cases) {
		const ran = async () => {
			const values = (await testCase.prepare?.(ctx)) ?? {};
			const file = readWorkflow(workflowPath(testCase.workflow));
			const workflow = testCase.workflowWith?.(file, values) ?? file;
			const sinceSeq = lastSeq(environment);
			const outcome = await runWorkflow(server, workflow, values);
			const requests = environment.emulator.control.requests({ sinceSeq });
			const result = runResult(outcome, requests);
			fs.writeFileSync(
				path.join(logDir, `${path.basename(testCase.workflow, '.json')}.out.json`),
				JSON.stringify(
					outcome.ok ? outcome.run : { error: outcome.error, run: outcome.run },
					null,
					2,
				),
			);
			if (!testCase.expectFailure && !outcome.ok) {
				throw new Error(`the workflow failed:\n${outcome.error}`);
			}
			if (testCase.expectFailure && outcome.ok) {
				throw new Error('the workflow succeeded, but a failure was expected');
			}
			await testCase.check(result, ctx);
		};
		const outcome = await runCheck(testCase.title, ran, { timed: true });
		outcomes.push({ ...outcome, workflow: testCase.workflow });
	}
	return outcomes;
}

const lastSeq = (environment: E2eEnvironment): number => lastSeqOf(environment.emulator);
