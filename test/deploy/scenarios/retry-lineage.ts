import assert from 'node:assert/strict';

import { SEED_USERS } from '../../../emulator';
import { LINE_SECONDS } from '../../../emulator/mailmerge/mailmerge-service';
import { lastSeq } from '../../../emulator/request-log';
import { faultCreate, REFUSED } from '../../harness/createFaults';
import { outcomeOf } from '../../harness/n8n/manual-runs';
import { postWebhook } from '../../harness/webhook';
import type { DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';

export const RETRY_SCENARIOS = {
	resendAndFile: 'queue mode: Retries on the workers find what the run resent and filed',
	twoForms: 'queue mode: Retries on the workers give each form its own mail merge job',
};
const RESEND_AND_FILE_ID = 'DeployRetryLin01';
const TWO_FORMS_ID = 'DeployTwoForms01';
export const RETRY_WORKFLOWS = {
	files: ['retry-lineage.json', 'mail-merge-two-forms.json'],
	ids: [RESEND_AND_FILE_ID, TWO_FORMS_ID],
};

/** The execution a webhook call of `workflowId` started, once it has ended. */
async function calledAndEnded(
	instance: DeployInstance,
	workflowId: string,
	path: string,
	body: object,
) {
	const known = new Set((await instance.executionsOf(workflowId)).map((e) => e.id));
	await postWebhook(instance.server, path, body);
	const id = await instance.newExecutionOf(workflowId, known, 'the execution', 30_000);
	return { id, ended: await outcomeOf(instance.server, id) };
}

/** The sendOnce of each item `node` output in `execution`. */
const sendOnceOf = async (instance: DeployInstance, execution: string | undefined, node: string) =>
	execution ? (await instance.nodeOutput(execution, node)).map((json) => json.sendOnce) : [];

/**
 * Resend and number requests know what an execution made only from the notes n8n stores with it
 * (the node context), not from the service. In queue mode a worker runs the execution and stores
 * them in PostgreSQL, and a Retry runs on a worker from what was stored. Three failed faxes are
 * resent, then a toll-free number request is filed per fax (retry-lineage.json, from a webhook):
 * the third resend is refused (503), so the run fails; its Retry finds two resends, makes the
 * third and fails at the third number request (429); the Retry of that Retry finds two requests
 * and files the third. Each fax resent once, each request filed once.
 */
export async function retriesOnWorkers(instance: DeployInstance, report: Report) {
	const { control } = instance.emulator;
	control.clearFaults();
	const now = control.now();
	const statuses = ['sendFailed' as const];
	const { userId } = SEED_USERS.alice;
	const { firstId } = control.bulkCreateOutbound(3, { statuses, userId, from: now, to: now });
	const faxIds = [firstId, firstId + 1, firstId + 2];
	const since = lastSeq(instance.emulator);
	const ticketsBefore = control.numberRequests().length;
	/** Per fax: the resends the service carried out, the tickets it opened (comment: the fax). */
	const made = () => {
		const comments = control
			.numberRequests()
			.slice(ticketsBefore)
			.map((t) => t.request.comment);
		return faxIds.map((faxId) => {
			const path = `/${faxId}/resend$`;
			const posts = control.requests({ api: 'fax', method: 'POST', path, sinceSeq: since });
			const resends = posts.filter((post) => post.status === 201).length;
			return [resends, comments.filter((comment) => comment === String(faxId)).length];
		});
	};
	for (const [api, status, path] of [
		['fax', 503, '/resend$'],
		['numbers', 429],
	] as const)
		control.addFault({ api, method: 'POST', path, kind: 'http500', status, count: 1, after: 2 });

	const first = await calledAndEnded(instance, RESEND_AND_FILE_ID, 'deploy-retry-lineage', {
		faxIds,
	});
	const afterFirst = made();
	const retried = await instance.retry(first.id);
	const afterRetry = made();
	const again = await instance.retry(retried.id ?? '');
	const afterAgain = made();
	const ranOn = instance.workerOfExecutions();
	const figures = {
		faxIds,
		first: {
			id: first.id,
			ok: first.ended.ok,
			madePerFax: afterFirst,
			workers: ranOn.get(first.id),
		},
		retry: { ...retried, madePerFax: afterRetry, workers: ranOn.get(retried.id ?? '') },
		retryOfRetry: { ...again, madePerFax: afterAgain, workers: ranOn.get(again.id ?? '') },
		resendOutcomes: await sendOnceOf(instance, retried.id, 'Resend Fax'),
		requestOutcomes: await sendOnceOf(instance, again.id, 'Request Number'),
	};
	report.step(JSON.stringify(figures));
	const [none, resentOnly, each] = [
		[0, 0],
		[1, 0],
		[1, 1],
	];
	await report.checkAll(RETRY_SCENARIOS.resendAndFile, {
		'the run fails at its third resend, two faxes resent, nothing filed': () => {
			assert.equal(first.ended.ok, false);
			assert.deepEqual(afterFirst, [resentOnly, resentOnly, none]);
		},
		'its Retry, on a worker, outputs two resends as found, resends the third once and fails at the third number request':
			() => {
				assert.equal(retried.status, 'error', JSON.stringify(retried));
				assert.ok(figures.retry.workers?.length, 'a worker ran the Retry');
				assert.deepEqual(figures.resendOutcomes, ['found', 'found', 'sent']);
				assert.deepEqual(
					afterRetry.map(([resends]) => resends),
					[1, 1, 1],
				);
				assert.equal(
					afterRetry.flat().reduce((sum, n) => sum + n),
					5,
					'two requests filed',
				);
			},
		'the Retry of that Retry, on a worker, outputs two requests as found and files the third: each fax resent once, one request per fax':
			() => {
				assert.equal(again.status, 'success', JSON.stringify(again));
				assert.ok(figures.retryOfRetry.workers?.length, 'a worker ran the Retry');
				assert.deepEqual([...figures.requestOutcomes].sort(), ['found', 'found', 'sent']);
				assert.deepEqual(afterAgain, [each, each, each]);
			},
	});
	control.clearFaults();
	return figures;
}

/**
 * Mail merge Create notes each item's job with the execution too: one CSV and two forms
 * (mail-merge-two-forms.json, from a webhook), the second create refused (503). The Retry on a
 * worker outputs the job made as found and creates the other form's; a second Retry of the failed
 * run, with the currently saved workflow, finds both. One job per form.
 */
export async function twoFormsOnWorkers(instance: DeployInstance, report: Report) {
	const { control } = instance.emulator;
	control.clearFaults();
	const since = lastSeq(instance.emulator);
	/** Per form, the creates that made a job. */
	const jobsPerForm = () =>
		['hours.pdf', 'prices.pdf'].map(
			(form) =>
				control
					.requests({ api: 'mailMerge', method: 'POST', sinceSeq: since })
					.filter((post) => post.processed && post.files.some((f) => f.filename === form)).length,
		);
	faultCreate(instance.emulator, REFUSED, 1);
	const first = await calledAndEnded(instance, TWO_FORMS_ID, 'deploy-two-forms', {});
	const afterFirst = jobsPerForm();
	const retry = async (loadWorkflow: boolean) => {
		// Each job's first fax made: a job is told from one still being created.
		control.advance(LINE_SECONDS * 1000);
		const retried = await instance.retry(first.id, loadWorkflow);
		const jobs = await instance.nodeOutput(retried.id ?? '', 'Create Job');
		return {
			...retried,
			workers: instance.workerOfExecutions().get(retried.id ?? ''),
			outcomes: jobs.map((json) => json.sendOnce).sort(),
			jobIds: new Set(jobs.map((json) => json.JobID)).size,
			jobsPerForm: jobsPerForm(),
		};
	};
	const retries = [await retry(false), await retry(true)];
	const ranFirst = { id: first.id, ok: first.ended.ok, jobsPerForm: afterFirst };
	const figures = { first: ranFirst, retries };
	report.step(JSON.stringify(figures));
	await report.checkAll(RETRY_SCENARIOS.twoForms, {
		"the run fails at the second create: one form's job": () => {
			assert.equal(first.ended.ok, false);
			assert.deepEqual([...afterFirst].sort(), [0, 1]);
		},
		'its Retry on a worker outputs found and sent, each item its own job; a second Retry with the current workflow finds both; one job per form':
			() => {
				const [retried, again] = retries;
				for (const [retry, outcomes] of [
					[retried, ['found', 'sent']],
					[again, ['found', 'found']],
				] as const) {
					assert.equal(retry.status, 'success', JSON.stringify(retry));
					assert.ok(retry.workers?.length, 'a worker ran the Retry');
					assert.deepEqual(retry.outcomes, outcomes);
					assert.equal(retry.jobIds, 2, 'each item its own job');
					assert.deepEqual(retry.jobsPerForm, [1, 1], 'one job per form');
				}
			},
	});
	control.clearFaults();
	return figures;
}
