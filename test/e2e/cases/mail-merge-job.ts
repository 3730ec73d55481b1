/** The version 1 cases of the Mail Merge Job resource, one workflow each. */
import { SEED_USERS } from '../../../emulator';
import { assert, assertFields, jsonOf, onlyRequest, rowsOf } from '../lib/assert';
import type { E2eCase, E2eContext, RunResult } from '../lib/run-cases';
import { mailMergeJob } from './fixtures';

const jobIdOf = (result: RunResult): number => Number(result.start().E2E_JOB_ID);

/** A finished job of alice with the two lines of the create case's CSV. */
async function finishedJob(ctx: E2eContext): Promise<Record<string, string>> {
	const id = await mailMergeJob(ctx);
	ctx.emulator.control.advance(30_000);
	return { E2E_JOB_ID: String(id) };
}

export const mailMergeCases: E2eCase[] = [
	{
		title: 'Mail merge job: create from a CSV file and a PDF form',
		workflow: 'mail-merge-create-csv.json',
		check(result) {
			const create = onlyRequest(result.requests, 'POST', '/v1/Job', SEED_USERS.alice);
			assert.deepEqual(create.files.map((f) => [f.field, f.filename, f.contentType]).sort(), [
				['CSV', 'recipients.csv', 'text/csv'],
				['Template', 'reminder-template.pdf', 'application/pdf'],
			]);
			assertFields(create.params, {
				FaxNumerColumnName: 'Fax',
				KeywordColumnName: 'Ref',
				ExpectedFaxes: '2',
				CoverPage: 'default',
				CoverPageMessage: 'Reminder attached',
				NotifyOnSuccess: 'false',
				NotifyOnFailure: 'true',
				NotifyEmail: 'billing@acme.example',
			});
			const [job] = jsonOf(result.items('Create Job'));
			assert.equal(typeof job.JobID, 'number');
			assert.equal(job.ExpectedFaxes, 2);
		},
	},
	{
		title: 'Mail merge job: an unknown fax number column is refused before any request',
		workflow: 'mail-merge-create-bad-column.json',
		check(result) {
			assert.equal(result.requests.length, 0, 'no request reached the service');
			const [item] = jsonOf(result.items('Create Job'));
			assert.match(String(item.error), /Fax Number Column/);
			assert.match(String(item.error), /FaxNumber/);
		},
	},
	{
		title: 'Mail merge job: get',
		workflow: 'mail-merge-get.json',
		prepare: finishedJob,
		check(result) {
			onlyRequest(result.requests, 'GET', `/v1/Job/${jobIdOf(result)}`);
			assertFields(jsonOf(result.items('Get Job'))[0], {
				ID: jobIdOf(result),
				Status: 'COMPLETE',
				LastCompletedLine: 2,
				ExpectedFaxCount: 2,
				CancelledOn: null,
			});
		},
	},
	{
		title: 'Mail merge job: get many',
		workflow: 'mail-merge-get-many.json',
		prepare: finishedJob,
		check(result) {
			const all = jsonOf(result.items('All Jobs'));
			assert.ok(all.some((j) => j.ID === jobIdOf(result)));
			assert.ok(all.every((j) => typeof j.ID === 'number'));
			assert.equal(jsonOf(result.items('One Job')).length, 1);
		},
	},
	{
		title: 'Mail merge job: get the faxes of a job',
		workflow: 'mail-merge-get-faxes.json',
		prepare: finishedJob,
		check: faxesInLineOrder,
	},
	{
		// The description gives no order for the list: a service may answer newest first.
		title:
			'Mail merge job: get the faxes of a job, in line order though the service lists newest first',
		workflow: 'mail-merge-get-faxes.json',
		prepare(ctx) {
			ctx.emulator.control.setMailMergeListOrder('newest-first');
			return finishedJob(ctx);
		},
		check: faxesInLineOrder,
		cleanUp: (ctx) => ctx.emulator.control.setMailMergeListOrder('oldest-first'),
	},
];

/** Get Faxes output the job's two faxes in the order of the CSV's lines, each with its keyword. */
function faxesInLineOrder(result: RunResult, ctx: E2eContext) {
	onlyRequest(result.requests, 'GET', `/v1/Job/${jobIdOf(result)}/Faxes`);
	const faxes = jsonOf(result.items('Get Faxes'));
	assert.deepEqual(rowsOf(faxes, 'FaxNumber', 'Keyword'), [
		['12125550000', 'R-1'],
		['13125550000', 'R-2'],
	]);
	for (const fax of faxes) {
		assert.equal(fax.JobID, jobIdOf(result));
		assert.equal(ctx.emulator.control.outboundFax(Number(fax.ID))?.ProjectCode2, fax.Keyword);
	}
}
