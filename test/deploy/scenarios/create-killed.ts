import assert from 'node:assert/strict';

import { LINE_SECONDS } from '../../../emulator/mailmerge/mailmerge-service';
import { lastSeq } from '../../../emulator/request-log';
import { waitUntil } from '../../harness/waitUntil';
import { postWebhook } from '../../harness/webhook';
import type { DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';

export const CREATE_KILLED_SCENARIO = 'single process: n8n killed while a mail merge Create runs';
export const CREATE_KILLED_WORKFLOW = 'mail-merge-two-forms.json';
export const CREATE_KILLED_WORKFLOW_ID = 'DeployTwoForms01';
const STOPPED = new Set(['crashed', 'error']);

/**
 * n8n keeps what a node notes of its run only once the node ends; a webhook execution of n8n 2.x
 * keeps its context from the start. n8n is SIGKILLed while the service holds the answer to a
 * create of mail-merge-two-forms.json (one list, a form per item; its job made; the other item's
 * create may be done or still on its way), and restarted; the user retries the crashed execution.
 * The Retry has the lineage and no note of the Create: a job of the same lines was created since
 * the execution began, so it stops instead of faxing the list a second time.
 * The emulator's clock is set to n8n's first, as the service's and n8n's clocks agree.
 */
export async function createKilled(instance: DeployInstance, report: Report) {
	const { control } = instance.emulator;
	control.advance(Math.max(0, Date.now() - Date.parse(control.now())));
	const since = lastSeq(instance.emulator);
	const creates = () => control.requests({ api: 'mailMerge', method: 'POST', sinceSeq: since });
	/** Jobs made: the creates the service processed, answered or not. */
	const jobs = () => creates().filter((post) => post.processed).length;
	const heldJobMade = () => creates().some((post) => post.fault === 'delay' && post.processed);
	control.addFault({ api: 'mailMerge', method: 'POST', kind: 'delay', delayMs: 120_000, count: 1 });
	await postWebhook(instance.server, 'deploy-two-forms', {});
	await waitUntil('a create made its job, its answer held', heldJobMade, 60_000, {
		intervalMs: 50,
		detail: () =>
			creates()
				.map((r) => `${r.status} ${r.fault ?? ''}`)
				.join(', '),
	});
	await instance.killMain();
	control.clearFaults();
	// A create n8n sent just before it died may still be in the service's hands: the jobs the
	// killed execution made are known once its sockets are closed and nothing is in process.
	const settled = () => {
		const { connections, requestsInProcess } = control.stats();
		return connections.mailMerge.current === 0 && requestsInProcess.mailMerge.current === 0;
	};
	await waitUntil('the service done with what the killed n8n sent', settled, 30_000);
	const jobsAtKill = jobs();
	report.step(`SIGKILL n8n while the service held the answer to a create (${jobsAtKill} jobs)`);
	await instance.startMain();
	const [execution] = await instance.executionsOf(CREATE_KILLED_WORKFLOW_ID);
	let stored = await instance.statusOf(execution.id);
	const stopped = async () => STOPPED.has((stored = await instance.statusOf(execution.id)).status);
	await waitUntil('the killed execution marked crashed', stopped, 60_000);
	// Each job's first fax made: a job that has made none yet stops a Retry for another reason.
	control.advance(LINE_SECONDS * 1000);
	const retried = await instance.retry(execution.id);
	const figures = { killed: stored, jobsAtKill, retry: retried, jobsInAll: jobs() };
	report.step(JSON.stringify(figures));
	// The two items have the same lines and other forms: either message stops before creating.
	const cannotTell =
		/^This Retry cannot tell (whether job \d+, of the same lines|which of items 1, 2)/;
	await report.checkAll(CREATE_KILLED_SCENARIO, {
		'the killed execution shows crashed': () => assert.equal(stored.status, 'crashed'),
		'its Retry stops at a job of the same lines made since the execution began: no job made again':
			() => {
				assert.equal(retried.status, 'error', JSON.stringify(retried));
				assert.match(retried.error ?? '', cannotTell);
				assert.equal(figures.jobsInAll, jobsAtKill);
			},
	});
	return figures;
}
