/** A case's view of one stored execution: its nodes' items and the requests it sent. */
import type { RequestRecord } from '../../../emulator/request-log';
import type { ExecutionRun, OutputItem } from '../../harness/n8n/n8n-cli';
import type { RunResult } from './types';

export function runResult(run: ExecutionRun, requests: RequestRecord[]): RunResult {
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
