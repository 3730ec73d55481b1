/** The version 2 cases of the Mail Merge Job resource. */
import { SEED_USERS } from '../../../emulator';
import { assert, jsonOf, onlyRequest, rowsOf } from '../lib/assert';
import { assertMatchesSchema } from '../lib/schema-check';
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
	{
		title: 'v2 mail merge job: create from a CSV file and a PDF form',
		workflow: 'test/e2e/workflows/v2/mail-merge-create.json',
		check(result) {
			const create = onlyRequest(result.requests, 'POST', '/v1/Job', SEED_USERS.alice);
			assert.equal(create.params.FaxNumerColumnName, 'Fax');
			const jobs = jsonOf(result.items('Create Job'));
			assert.equal(jobs[0].ExpectedFaxes, 2);
			assertMatchesSchema(jobs, {
				version: 2,
				resource,
				operation: 'create',
				// Only a create that Retry On Fail repeated says how it went and what it found.
				absent: ['sendOnce', 'Status', 'CreatedOn'],
			});
		},
	},
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
			const expected = [
				[id, '12125550000', 'R-1'],
				[id, '13125550000', 'R-2'],
			];
			assert.deepEqual(rowsOf(faxes, 'JobID', 'FaxNumber', 'Keyword'), expected, node);
		},
	}),
	{
		title: 'v2 mail merge job: get many, all and one',
		workflow: 'test/e2e/workflows/v2/mail-merge-get-many.json',
		async prepare(ctx) {
			const [id] = await finishedJobs(ctx, 1);
			return { E2E_JOB_ID: String(id) };
		},
		check(result) {
			const start = result.start();
			const all = jsonOf(result.items('All Jobs'));
			assert.ok(all.some((job) => job.ID === Number(start.E2E_JOB_ID)));
			assert.equal(jsonOf(result.items('One Job')).length, 1);
			assertMatchesSchema(all, { version: 2, resource, operation: 'getAll' });
		},
	},
];
