import assert from 'node:assert/strict';

import { SEED_USERS } from '../../../emulator';
import { lastSeq } from '../../../emulator/request-log';
import { outcomeOf } from '../../harness/n8n/manual-runs';
import { postWebhook } from '../../harness/webhook';
import type { DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';

export const RETRY_LINEAGE_SCENARIO =
	'queue mode: Retries on the workers find what the run resent and filed';
export const RETRY_LINEAGE_WORKFLOW = 'retry-lineage.json';
export const RETRY_LINEAGE_WORKFLOW_ID = 'DeployRetryLin01';

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

	const known = new Set((await instance.executionsOf(RETRY_LINEAGE_WORKFLOW_ID)).map((e) => e.id));
	await postWebhook(instance.server, 'deploy-retry-lineage', { faxIds });
	const first = await instance.newExecutionOf(
		RETRY_LINEAGE_WORKFLOW_ID,
		known,
		'the execution',
		30_000,
	);
	const firstEnd = await outcomeOf(instance.server, first);
	const afterFirst = made();
	const retried = await instance.retry(first);
	const afterRetry = made();
	const again = await instance.retry(retried.id ?? '');
	const afterAgain = made();
	const sendOnce = async (execution: string | undefined, node: string) =>
		execution ? (await instance.nodeOutput(execution, node)).map((json) => json.sendOnce) : [];
	const ranOn = instance.workerOfExecutions();
	const figures = {
		faxIds,
		first: { id: first, ok: firstEnd.ok, madePerFax: afterFirst, workers: ranOn.get(first) },
		retry: { ...retried, madePerFax: afterRetry, workers: ranOn.get(retried.id ?? '') },
		retryOfRetry: { ...again, madePerFax: afterAgain, workers: ranOn.get(again.id ?? '') },
		resendOutcomes: await sendOnce(retried.id, 'Resend Fax'),
		requestOutcomes: await sendOnce(again.id, 'Request Number'),
	};
	report.step(JSON.stringify(figures));
	const [none, resentOnly, each] = [
		[0, 0],
		[1, 0],
		[1, 1],
	];
	await report.checkAll(RETRY_LINEAGE_SCENARIO, {
		'the run fails at its third resend, two faxes resent, nothing filed': () => {
			assert.equal(firstEnd.ok, false);
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
