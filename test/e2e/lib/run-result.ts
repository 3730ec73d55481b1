import type { RequestRecord } from '../../../emulator/request-log';
import type { ExecutionRun, OutputItem } from '../../harness/n8n/n8n-cli';
import type { RunResult } from './types';

export function runResult(
	outcome: { ok: true; run: ExecutionRun } | { ok: false; error: string },
	requests: RequestRecord[],
): RunResult {
	const run = outcome.ok ? outcome.run : undefined;
	const runData = run?.data.resultData.runData ?? {};
	return {
		ok: outcome.ok,
		run,
		error: outcome.ok ? undefined : outcome.error,
		requests,
		ran: (node) => (runData[node]?.length ?? 0) > 0,
		items: (node, output = 0): OutputItem[] => {
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
		},
	};
}

/** Every output item of every run of a node (a node inside a loop runs several times). */
export function allRunItems(result: RunResult, node: string, output = 0): OutputItem[][] {
	const runs = result.run?.data.resultData.runData[node] ?? [];
	return runs.map((run) => run.data?.main?.[output] ?? []);
}
