/** The version 2 cases of the Mail Merge Job resource. */
import { assert } from '../lib/assert';
import type { E2eCase, E2eContext } from '../lib/run-cases';
import { pickerCase } from './v2-support';
import { mailMergeJob } from './fixtures';

const resource = 'mailMergeJob';

/** Finished jobs of alice: the service has sent their faxes by the time the workflow runs. */
async function finishedJobs(ctx: E2eContext, count: number): Promise<number[]> {
	const ids: number[] = [];
	for (let i = 0; i < count; i++) ids.push(await mailMergeJob(ctx));
	ctx.emulator.control.advance(30_000);
	return ids;
}

export const v2MailMergeCases: E2eCase[] = [
	pickerCase({
		title: 'v2 mail merge job: get, picked from the list, by ID and by expression',
		workflow: 'test/e2e/workflows/v2/mail-merge-get.json',
		resource,
		operation: 'get',
		fixture: (ctx) => finishedJobs(ctx, 3),
		requestLine: (id) => `GET /v1/Job/${id}`,
		eachPicked([job], node, id) {
			assert.equal(job.ID, id, node);
			assert.equal(job.Status, 'COMPLETE');
			assert.equal(job.ExpectedFaxCount, 2);
		},
	}),
	pickerCase({
		title: 'v2 mail merge job: get the faxes, picked from the list, by ID and by expression',
		workflow: 'test/e2e/workflows/v2/mail-merge-getFaxes.json',
		resource,
		operation: 'getFaxes',
		fixture: (ctx) => finishedJobs(ctx, 3),
		requestLine: (id) => `GET /v1/Job/${id}/Faxes`,
		eachPicked(faxes, node, id) {
			assert.deepEqual(
				faxes.map((f) => [f.JobID, f.FaxNumber, f.Keyword]),
				[
					[id, '12125550000', 'R-1'],
					[id, '13125550000', 'R-2'],
				],
				node,
			);
		},
	}),
];
