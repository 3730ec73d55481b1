/**
 * A fax goes out once on every path n8n offers, in a real n8n: the same workflow run again next
 * week (a recurring send), n8n's Retry of a failed run (with the original and the current
 * workflow, the Send alone or in a loop), the node setting Retry On Fail, one Send Once key on
 * several items, Send After built from $now, a Send in a sub-workflow of a retried parent, a
 * recurring mail merge Create whose create failed, a Create of one list with a form per item, a
 * Resend of several failed faxes, and number requests. Each check judges by the emulator's
 * request log (what the service made) and by what n8n stored.
 */
import { ANSWER_LOST, faultCreate, REFUSED } from '../harness/createFaults';
import { LINE_SECONDS } from '../../emulator/mailmerge/mailmerge-service';
import { faxesMadePerNumber, lastSeq as lastSeqOf } from '../../emulator/request-log';
import { SEED_USERS } from '../../emulator';
import type { WorkflowFile } from '../harness/n8n/examples';
import { outcomeOf, runWorkflow, saveWorkflow, type RunOutcome } from '../harness/n8n/manual-runs';
import type { N8nServer } from '../harness/n8n/n8n-server';
import { loadWorkflows, type E2eEnvironment } from '../harness/environment';
import type { FeatureCheck } from './features';
import { assert } from './lib/assert';
import { mustSucceed } from './lib/n8n-rest';

const WORKFLOW = 'test/e2e/workflows/v2/send-lineage.json';
const SEND_NODE = 'Send Notice';
const SUB_CALL = 'Send Through Sub-Workflow';
/** Six recipients, 12125550101 to 12125550106. */
const NUMBERS = Array.from({ length: 6 }, (_, n) => `1212555010${n + 1}`);

const v2Workflow = (file: string) => loadWorkflows([`test/e2e/workflows/v2/${file}`])[0];

/** The mailing of mail-merge-create.json with invoice numbers for keywords (007 and 0420). */
function invoiceMailing(): WorkflowFile {
	const workflow = v2Workflow('mail-merge-create.json');
	const csv = workflow.nodes.find((node) => node.name === 'CSV Text')!.parameters;
	const [line] = (csv.assignments as { assignments: Array<{ value: string }> }).assignments;
	const text = Buffer.from(line.value, 'base64').toString();
	line.value = Buffer.from(text.replace('R-1', '007').replace('R-2', '0420')).toString('base64');
	return workflow;
}

/** The weekly notice, read afresh, and its Send node. */
function weeklySend() {
	const workflow = v2Workflow('send-lineage.json');
	return { workflow, send: workflow.nodes.find((node) => node.name === SEND_NODE)! };
}

/** The weekly notice with its Send's `options` and node `settings` changed. */
function weeklyNotice(options: object = {}, settings: object = {}): WorkflowFile {
	const { workflow, send } = weeklySend();
	Object.assign(send, settings);
	Object.assign(send.parameters.options as object, options);
	return workflow;
}

const each = (count: number) => NUMBERS.map(() => count);

const lastOutput = (outcome: RunOutcome, node: string) =>
	outcome.run?.data.resultData.runData[node]?.at(-1)?.data?.main?.[0] ?? [];

const sendOutcomes = (outcome: RunOutcome) =>
	lastOutput(outcome, SEND_NODE).map((item) => item.json.sendOnce);

/** The mail merge Create's output in a run: each item's job and its sendOnce. */
const createdJobs = (outcome: RunOutcome) =>
	lastOutput(outcome, 'Create Job').map(({ json }) => [Number(json.JobID), json.sendOnce] as const);

/** The weekly notice with its Send made another operation, run once per item (`$json.number`). */
function eachItem(parameters: object, credentials?: object): WorkflowFile {
	const { workflow, send } = weeklySend();
	send.parameters = parameters as typeof send.parameters;
	if (credentials) Object.assign(send, { credentials });
	return workflow;
}

/** A Resend of the fax whose ID each item carries. */
const resendEach = () =>
	eachItem({
		resource: 'outboundFax',
		operation: 'resend',
		faxId: { __rl: true, mode: 'id', value: '={{ $json.number }}' },
		faxNumber: '13125550000',
		options: { requestsAtOnce: 1 },
	});

/** A toll-free number request per item, its comment the item's `number`. */
const tollFreeEach = () =>
	eachItem(
		{
			resource: 'numberRequest',
			operation: 'tollFree',
			notifyEmails: 'it@acme.example',
			options: { comment: '={{ $json.number }}' },
		},
		{ faxCloudNumbersApi: { id: 'FaxNumbersLocal1', name: 'Fax Cloud numbers (local emulator)' } },
	);

/** What the Manual Trigger gives each run (pinned, as a test prepares it in the editor). */
const startItem = (run = 'week') => ({ E2E_NUMBERS: NUMBERS.join(','), E2E_RUN: run });

const ONCE_REFUSED = { method: 'POST', kind: 'http500', count: 1 } as const;

/** A check's n8n and emulator: the workflow saved once, run as often as the check wants. */
function lineage(environment: E2eEnvironment, server: N8nServer) {
	const { emulator } = environment;
	// No fault left by an earlier check; where the request log stood before this one.
	emulator.control.clearFaults();
	const since = lastSeqOf(emulator);
	/** The POST to `api` after the first `after` ones is answered `status` once: nothing made. */
	const refusedOnce = (api: 'fax' | 'numbers', status: number, after: number, path?: string) =>
		emulator.control.addFault({ ...ONCE_REFUSED, api, path, status, after });
	return {
		emulator,
		/** Faxes the service made per number since the check began, in NUMBERS order. */
		made: () => {
			const counts = faxesMadePerNumber(emulator, since);
			return NUMBERS.map((number) => counts.get(number) ?? 0);
		},
		save: (workflow: WorkflowFile, run?: string) => saveWorkflow(server, workflow, startItem(run)),
		/** A run of the saved workflow, as "Execute workflow" in the editor. */
		run: (workflow: WorkflowFile, savedId: string, run = 'week') =>
			runWorkflow(server, workflow, startItem(run), { savedId }),
		/** The executions list's Retry (with the original workflow, or the currently saved one). */
		retry: async (executionId: string, workflowId: string, loadWorkflow = false) =>
			await outcomeOf(server, await server.retryExecution(executionId, workflowId, loadWorkflow)),
		/**
		 * A per-item workflow (eachItem) saved and run over `items`, the third POST to `api` to
		 * arrive answered `status`: the run fails.
		 */
		async thirdRefused(
			workflow: WorkflowFile,
			items: unknown[],
			api: 'fax' | 'numbers',
			status: number,
		) {
			const pinned = { E2E_NUMBERS: items.join(',') };
			const id = await saveWorkflow(server, workflow, pinned);
			refusedOnce(api, status, 2);
			const first = await runWorkflow(server, workflow, pinned, { savedId: id });
			assert.equal(first.ok, false, 'the run fails at its third request');
			return { id, first };
		},
		/**
		 * The workflow saved and run twice: week 1 makes one fax per number; in week 2 the sixth send
		 * is refused once, so the run fails with five sent.
		 */
		async twoWeeks(workflow: WorkflowFile) {
			const id = await this.save(workflow);
			const week1 = await this.run(workflow, id);
			mustSucceed(week1, 'week 1');
			assert.deepEqual(this.made(), each(1), 'week 1: one fax per number, none skipped');
			this.sixthRefusedOnce();
			const week2 = await this.run(workflow, id);
			assert.equal(week2.ok, false, 'week 2 fails: its sixth fax was not sent');
			assert.match(week2.ok ? '' : week2.error, /503|unavailable/i);
			assert.deepEqual(this.made(), [2, 2, 2, 2, 2, 1]);
			return { id, week1, week2 };
		},
		/**
		 * A Retry of a failed week 2 with the original workflow, then one with the currently saved
		 * workflow: the Send's outcomes of each, and two faxes per number in the end.
		 */
		async retryTwice(executionId: string, workflowId: string, outcomes: unknown[][]) {
			const retried = await this.retry(executionId, workflowId);
			mustSucceed(retried, 'the Retry with the original workflow');
			assert.deepEqual(sendOutcomes(retried), outcomes[0]);
			assert.deepEqual(this.made(), each(2), 'after the Retry');
			const again = await this.retry(executionId, workflowId, true);
			mustSucceed(again, 'a second Retry, with the currently saved workflow');
			assert.deepEqual(sendOutcomes(again), outcomes[1]);
			assert.deepEqual(this.made(), each(2), 'after the second Retry');
		},
		/** The sixth send of the next run is answered 503 once; the service creates nothing for it. */
		sixthRefusedOnce: () => refusedOnce('fax', 503, 5, '^/v1/outboundfaxes$'),
	};
}

/**
 * The weekly notice sent two numbers at a time through a Loop Over Items node: the Send runs three
 * times in one execution, each run a first run of its items, and the loop takes its output back.
 */
function weeklyNoticeInALoop(): WorkflowFile {
	const workflow = weeklyNotice();
	const loop = {
		id: '00000000-0000-4000-9000-000000019005',
		name: 'Two At A Time',
		type: 'n8n-nodes-base.splitInBatches',
		typeVersion: 3,
		position: [550, 200],
		parameters: { batchSize: 2, options: {} },
	};
	const to = (node: string) => [{ node, type: 'main', index: 0 }];
	return {
		...workflow,
		nodes: [...workflow.nodes, loop],
		connections: {
			...(workflow.connections as object),
			'One Per Number': { main: [to(loop.name)] },
			// Output 0 is "done" (nothing follows), output 1 each batch.
			[loop.name]: { main: [[], to(SEND_NODE)] },
			[SEND_NODE]: { main: [to(loop.name)] },
		},
	};
}

/** The first run of `node` in `outcome`. */
const firstRun = (outcome: RunOutcome, node: string) =>
	outcome.run?.data.resultData.runData[node]?.[0];

/** The warnings `node` showed under its output. */
const warningsOf = (outcome: RunOutcome, node: string) =>
	(firstRun(outcome, node)?.hints ?? [])
		.filter((hint) => hint.type === 'warning')
		.map((hint) => hint.message);

/** The sub-workflow execution that `node` (an Execute Workflow node) of `outcome` started. */
async function calledBy(server: N8nServer, outcome: RunOutcome, node: string) {
	const executionId = firstRun(outcome, node)?.metadata?.subExecution?.executionId;
	assert.ok(executionId, `n8n names the execution ${node} started`);
	return await outcomeOf(server, executionId);
}

/**
 * What a parent would hand a sub-workflow: the sub-workflow's Send Notice without its key, the
 * mail merge Create of the two-forms workflow and a toll-free number request, each run on every
 * item the parent passes in.
 */
function createsInASubWorkflow(): WorkflowFile {
	const sub = v2Workflow('send-lineage-sub.json');
	const [start, send] = sub.nodes;
	delete (send.parameters.options as { sendOnceKey?: string }).sendOnceKey;
	send.parameters.faxNumbers = NUMBERS[0];
	const create = v2Workflow('mail-merge-two-forms.json').nodes.find(
		(n) => n.name === 'Create Job',
	)!;
	const tollFree = tollFreeEach().nodes.find((n) => n.name === SEND_NODE)!;
	const request = {
		...tollFree,
		id: '00000000-0000-4000-9000-000000019301',
		name: 'Request Number',
	};
	const nodes = [send, create, request];
	const to = [nodes.map(({ name }) => ({ node: name, type: 'main', index: 0 }))];
	return { ...sub, nodes: [start, ...nodes], connections: { [start.name]: { main: to } } };
}

/** The two-forms workflow with its Create made a call of the sub-workflow `subId`, items passed. */
function twoFormsCalling(subId: string): WorkflowFile {
	const workflow = v2Workflow('mail-merge-two-forms.json');
	const caller = v2Workflow('send-lineage-parent.json').nodes.find((n) => n.name === SUB_CALL)!;
	(caller.parameters.workflowId as { value: string }).value = subId;
	const at = workflow.nodes.findIndex((node) => node.name === 'Create Job');
	workflow.nodes[at] = caller;
	const into = workflow.connections as Record<string, { main: Array<Array<{ node: string }>> }>;
	into['CSV and Template'].main[0][0].node = SUB_CALL;
	return workflow;
}

const ALL_FOUND = each(0).map(() => 'found');
const FIVE_FOUND_ONE_SENT = [...ALL_FOUND.slice(0, 5), 'sent'];

export const SEND_LINEAGE_CHECKS: FeatureCheck[] = [
	{
		title:
			'Send lineage: a recurring send whose sixth send is refused once fails loudly, and its Retry makes two faxes per number',
		workflow: WORKFLOW,
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const { id, week2 } = await n8n.twoWeeks(weeklyNotice());
			await n8n.retryTwice(week2.executionId!, id, [FIVE_FOUND_ONE_SENT, ALL_FOUND]);
		},
	},
	{
		title:
			'Send lineage: a Send in a loop (Loop Over Items, two at a time) whose third turn fails sends each fax once over the Retry',
		workflow: WORKFLOW,
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const { id, week1, week2 } = await n8n.twoWeeks(weeklyNoticeInALoop());
			assert.equal(week1.run?.data.resultData.runData[SEND_NODE]?.length, 3, 'three turns');
			// The Retries run the third turn alone.
			await n8n.retryTwice(week2.executionId!, id, [
				['found', 'sent'],
				['found', 'found'],
			]);
		},
	},
	{
		title:
			"Mail merge lineage: a recurring mailing's Retry makes its own job when none was made, finds it when the answer was lost, never takes last week's (the service listing newest first, invoice keywords written as numbers)",
		workflow: 'test/e2e/workflows/v2/mail-merge-create.json',
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const { emulator } = n8n;
			const workflow = invoiceMailing();
			const jobsBefore = emulator.control.stats().mailMergeJobCount;
			const jobs = () => emulator.control.stats().mailMergeJobCount - jobsBefore;
			const id = await saveWorkflow(server, workflow);
			/** The same list a week later, its create answered with `fault`: the run fails. */
			const nextWeek = async (fault: typeof REFUSED | typeof ANSWER_LOST) => {
				emulator.control.advance(10 * LINE_SECONDS * 1000);
				faultCreate(emulator, fault);
				const week = await runWorkflow(server, workflow, {}, { savedId: id });
				assert.equal(week.ok, false, 'the week whose create failed fails');
				// The job's faxes made: it is told from one still being created, by its lines in order.
				emulator.control.advance(2 * LINE_SECONDS * 1000);
				return week.executionId!;
			};
			const retry = async (executionId: string, loadWorkflow = false) => {
				const retried = await n8n.retry(executionId, id, loadWorkflow);
				mustSucceed(retried, loadWorkflow ? 'the Retry with the current workflow' : 'the Retry');
				return createdJobs(retried);
			};
			// The description gives no order for the job list or a job's faxes: this service's is newest
			// first. It types a fax's Keyword integer: this service writes 007 as 7.
			emulator.control.setMailMergeListOrder('newest-first');
			emulator.control.setMailMergeKeywordType('integer');
			try {
				const week1 = await runWorkflow(server, workflow, {}, { savedId: id });
				mustSucceed(week1, 'week 1');
				const [[lastWeeksJob]] = createdJobs(week1);

				// Week 2: the service refuses the create (503) and makes nothing.
				const week2 = await nextWeek(REFUSED);
				assert.equal(jobs(), 1);
				assert.deepEqual(await retry(week2), [[lastWeeksJob + 1, 'sent']], "not last week's job");
				assert.equal(jobs(), 2, "the Retry made week 2's job");

				// Week 3: the service makes the job, and its answer is lost.
				const week3 = await nextWeek(ANSWER_LOST);
				assert.equal(jobs(), 3, "week 3's job was made");
				for (const loadWorkflow of [false, true]) {
					assert.deepEqual(await retry(week3, loadWorkflow), [[lastWeeksJob + 2, 'found']]);
					assert.equal(jobs(), 3, 'no second job for week 3');
				}
			} finally {
				emulator.control.setMailMergeListOrder('oldest-first');
				emulator.control.setMailMergeKeywordType('string');
			}
		},
	},
	{
		title:
			'Mail merge lineage: one list, a form per item, one create refused: both Retries give each item its own job, one per form',
		workflow: 'test/e2e/workflows/v2/mail-merge-two-forms.json',
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const { emulator } = n8n;
			const since = lastSeqOf(emulator);
			/** Per form, the creates that made a job since the check began. */
			const jobsPerForm = () =>
				['hours.pdf', 'prices.pdf'].map(
					(form) =>
						emulator.control
							.requests({ api: 'mailMerge', method: 'POST', sinceSeq: since })
							.filter((post) => post.processed && post.files.some((f) => f.filename === form))
							.length,
				);
			const workflow = v2Workflow('mail-merge-two-forms.json');
			const id = await saveWorkflow(server, workflow);
			// The second create to arrive is refused (503): the service makes one form's job.
			faultCreate(emulator, REFUSED, 1);
			const first = await runWorkflow(server, workflow, {}, { savedId: id });
			assert.equal(first.ok, false, 'the run whose second create was refused fails');
			assert.deepEqual(jobsPerForm().sort(), [0, 1]);

			for (const [loadWorkflow, outcomes] of [
				[false, ['found', 'sent']],
				[true, ['found', 'found']],
			] as const) {
				// Each job's first fax made: a job is told from one still being created.
				emulator.control.advance(LINE_SECONDS * 1000);
				const retried = await n8n.retry(first.executionId!, id, loadWorkflow);
				mustSucceed(retried, loadWorkflow ? 'the Retry with the current workflow' : 'the Retry');
				const jobs = createdJobs(retried);
				assert.deepEqual(jobs.map(([, sendOnce]) => sendOnce).sort(), outcomes);
				assert.equal(new Set(jobs.map(([job]) => job)).size, 2, 'each item its own job');
				assert.deepEqual(jobsPerForm(), [1, 1], 'one job per form');
				assert.deepEqual(warningsOf(retried, 'Create Job'), [], 'no warning in its own execution');
			}
		},
	},
	{
		title:
			'Resend lineage: the Retry of a half-done resend outputs what was resent as found and resends the rest; a second Retry stops at the fax the first resent',
		workflow: WORKFLOW,
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const { control } = n8n.emulator;
			const since = lastSeqOf(n8n.emulator);
			const now = control.now();
			const { userId } = SEED_USERS.alice;
			const statuses = ['sendFailed' as const];
			const { firstId } = control.bulkCreateOutbound(3, { statuses, userId, from: now, to: now });
			const faxIds = [firstId, firstId + 1, firstId + 2];
			/** Per fax, the resends the service carried out since the check began. */
			const resends = () =>
				faxIds.map(
					(faxId) =>
						control
							.requests({ api: 'fax', method: 'POST', path: `/${faxId}/resend$`, sinceSeq: since })
							.filter((post) => post.status === 201).length,
				);
			const { id, first } = await n8n.thirdRefused(resendEach(), faxIds, 'fax', 503);
			assert.deepEqual(resends(), [1, 1, 0]);

			const retried = await n8n.retry(first.executionId!, id);
			mustSucceed(retried, 'the Retry');
			assert.deepEqual(sendOutcomes(retried), ['found', 'found', 'sent']);
			assert.deepEqual(resends(), [1, 1, 1]);

			// The failed run retried again: it knows of its own two resends, not of the first Retry's.
			const again = await n8n.retry(first.executionId!, id, true);
			assert.equal(again.ok, false, 'a second Retry of the failed run stops at the third fax');
			assert.match(again.run?.data.resultData.error?.description ?? '', /^Nothing was resent/);
			assert.deepEqual(resends(), [1, 1, 1]);
		},
	},
	{
		title:
			'Number request lineage: the Retry of a half-filed run outputs the requests filed as found and files the rest, one ticket each',
		workflow: WORKFLOW,
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const { emulator } = n8n;
			const who = ['Ann', 'Ben', 'Cid'];
			const ticketsBefore = emulator.control.numberRequests().length;
			/** Per item, the tickets the service opened since the check began (its comment tells whose). */
			const tickets = () => {
				const opened = emulator.control.numberRequests().slice(ticketsBefore);
				const comments = opened.map(({ request }) => request.comment);
				return who.map((name) => comments.filter((comment) => comment === name).length);
			};
			// The third request to arrive is refused (429): the service opens no ticket for it.
			const { id, first } = await n8n.thirdRefused(tollFreeEach(), who, 'numbers', 429);
			const filed = tickets().reduce((sum, n) => sum + n);
			assert.equal(filed, 2);

			const retried = await n8n.retry(first.executionId!, id);
			mustSucceed(retried, 'the Retry');
			assert.deepEqual([...sendOutcomes(retried)].sort(), ['found', 'found', 'sent']);
			assert.deepEqual(tickets(), [1, 1, 1]);
		},
	},
	{
		title: 'Send lineage: Retry On Fail re-runs the node and sends only what did not go out',
		workflow: WORKFLOW,
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const retryOnFail = { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 };
			const workflow = weeklyNotice({}, retryOnFail);
			const id = await n8n.save(workflow);
			n8n.sixthRefusedOnce();
			const outcome = await n8n.run(workflow, id);
			mustSucceed(outcome, 'the run with Retry On Fail');
			assert.deepEqual(n8n.made(), each(1));
			assert.deepEqual(sendOutcomes(outcome), FIVE_FOUND_ONE_SENT);
		},
	},
	{
		title:
			'Send lineage: Send After {{ $now }} changes on the Retry, and what went out is still found',
		workflow: WORKFLOW,
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const workflow = weeklyNotice({ sendAfter: '={{ $now.plus({ minutes: 5 }).toISO() }}' });
			const id = await n8n.save(workflow);
			// From the fourth send of the run on, the service drops every connection unread.
			const fault = n8n.emulator.control.addFault({
				api: 'fax',
				kind: 'resetBeforeProcessing',
				after: 3,
			});
			const first = await n8n.run(workflow, id);
			n8n.emulator.control.removeFault(fault);
			assert.equal(first.ok, false, 'the first run fails at its fourth send');
			assert.deepEqual(n8n.made(), [1, 1, 1, 0, 0, 0]);

			const retried = await n8n.retry(first.executionId!, id);
			mustSucceed(retried, 'the Retry');
			assert.deepEqual(sendOutcomes(retried), ['found', 'found', 'found', 'sent', 'sent', 'sent']);
			assert.deepEqual(n8n.made(), each(1));
		},
	},
	{
		title: 'Send lineage: Send Once per Key with one key on several items sends one fax per key',
		workflow: WORKFLOW,
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const workflow = weeklyNotice({ sendOnceKey: '={{ $json.number }}', requestsAtOnce: 5 });
			const numbers = [NUMBERS[0], NUMBERS[1], NUMBERS[0], NUMBERS[0], NUMBERS[1], NUMBERS[2]];
			const outcome = await runWorkflow(server, workflow, { E2E_NUMBERS: numbers.join(',') });
			mustSucceed(outcome, 'the run');
			assert.deepEqual(sendOutcomes(outcome), ['sent', 'sent', 'found', 'found', 'found', 'sent']);
			assert.deepEqual(n8n.made(), [1, 1, 1, 0, 0, 0]);
		},
	},
	{
		title:
			"Send lineage: a sub-workflow's Send with a key from the parent sends once when the parent is retried",
		workflow: WORKFLOW,
		async run(environment, server) {
			const n8n = lineage(environment, server);
			// The weekly notice's Send alone, its key from the parent: E2E_RUN (what a Schedule
			// Trigger's timestamp is in production, kept by a Retry) and the number.
			const subId = await n8n.save(v2Workflow('send-lineage-sub.json'));
			// n8n 2.x runs a sub-workflow outside the editor (a Retry) only once it is published.
			if (server.release.line === 2) await server.activate(subId);
			const parent = v2Workflow('send-lineage-parent.json');
			const call = parent.nodes.find((node) => node.name === SUB_CALL)!;
			(call.parameters.workflowId as { value: string }).value = subId;
			const parentId = await n8n.save(parent, 'run-2026-11-27');
			n8n.sixthRefusedOnce();
			const first = await n8n.run(parent, parentId, 'run-2026-11-27');
			assert.equal(first.ok, false, 'the parent fails with its sub-workflow');
			assert.deepEqual(n8n.made(), [1, 1, 1, 1, 1, 0]);

			const retried = await n8n.retry(first.executionId!, parentId);
			mustSucceed(retried, "the parent's Retry");
			assert.deepEqual(n8n.made(), each(1));
			const sub = await calledBy(server, retried, SUB_CALL);
			assert.deepEqual(warningsOf(sub, SEND_NODE), [], 'a keyed Send gives no warning');
		},
	},
	{
		title:
			'Sub-workflow warnings: a Send without Send Once per Key, a mail merge Create and a number request in a sub-workflow each warn under their output',
		workflow: 'test/e2e/workflows/v2/mail-merge-two-forms.json',
		async run(environment, server) {
			const n8n = lineage(environment, server);
			const subId = await n8n.save(createsInASubWorkflow());
			if (server.release.line === 2) await server.activate(subId);
			const parent = twoFormsCalling(subId);
			const outcome = await runWorkflow(server, parent, {}, { savedId: await n8n.save(parent) });
			mustSucceed(outcome, 'the parent');
			const sub = await calledBy(server, outcome, SUB_CALL);
			mustSucceed(sub, 'the sub-workflow');
			assert.deepEqual(n8n.made(), [2, 0, 0, 0, 0, 0], 'a fax per form item');
			for (const [node, says] of [
				[SEND_NODE, /its faxes would be sent again/],
				['Create Job', /would create a second job/],
				['Request Number', /it would be filed again/],
			] as const) {
				const [warning, ...more] = warningsOf(sub, node);
				assert.match(warning ?? `${node}: no warning`, says);
				assert.match(warning, /runs in a sub-workflow/);
				assert.deepEqual(more, [], `${node} warns once`);
			}
		},
	},
];
