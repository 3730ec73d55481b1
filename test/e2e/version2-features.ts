/**
 * What version 2 of the nodes asks of n8n beyond running a workflow, on each n8n release: the
 * pickers' list search as the editor calls it (the Chromium check runs on the default release
 * only), and the trigger's "Fetch Test Event" with Simplify (version 2) and without (version 1).
 */
import { SEED_USERS } from '../../emulator';
import { call } from '../harness/emulatorHttp';
import { runWorkflow } from '../harness/n8n/manual-runs';
import { SIMPLIFIED_FAX_FIELDS } from '../../nodes/shared/simplifiedFax';
import { toolAnswer, type FeatureCheck } from './features';
import { faxOfAlice } from './cases/fixtures';
import { assert, assertDescending, valuesOf } from './lib/assert';
import { loadWorkflows } from '../harness/environment';
import { listSearch, type ListSearchAnswer } from './cases/v2-support';
import { lastSeq } from '../../emulator/request-log';

const ids = (answer: ListSearchAnswer): number[] => answer.results.map((r) => Number(r.value));

const TRIGGER_WORKFLOW = 'v2-trigger-fetch-test-event.json';
/** A number the emulator's bulk faxes (1212555xxxx) never have. */
const OLDER_FAX_NUMBER = '14155550199';
const TOOL_WORKFLOW = 'v2-tool-fax-status.json';

const TYPED_BAD_IDS = 'test/e2e/workflows/v2/typed-bad-ids.json';

export const VERSION_2_CHECKS: FeatureCheck[] = [
	{
		title: 'n8n v2 pickers: a typed bad Fax ID or Job ID stops the run before any request',
		workflow: TYPED_BAD_IDS,
		async run(environment, server) {
			const [workflow] = loadWorkflows([TYPED_BAD_IDS]);
			const sinceSeq = lastSeq(environment.emulator);
			// n8n 2.x stores a failed execution; 1.x refuses to start one (the REST call fails).
			const error = await runWorkflow(server, workflow).then(
				(outcome) => (outcome.ok ? 'the workflow ran' : outcome.error),
				(thrown: unknown) => String(thrown),
			);
			assert.match(error, /14 nodes have issues|The workflow has issues and cannot be executed/);
			if (/nodes have issues/.test(error)) {
				// n8n names the rule of the picker's By ID mode: the parameter and what it allows.
				assert.match(error, /Not a valid Fax ID: use a whole number greater than 0/);
			}
			assert.deepEqual(environment.emulator.control.requests({ sinceSeq }), [], 'no request');
		},
	},
	{
		title: 'n8n: the version 2 pickers list the newest records, page on and filter as typed',
		workflow: '(list search of the Fax ID and Job ID pickers)',
		async run(environment, server) {
			const { control } = environment.emulator;
			// A fax to a number no other fax has, then 70 newer ones: it is on the second page.
			const older = await faxOfAlice(environment.emulator, OLDER_FAX_NUMBER);
			const { lastId } = control.bulkCreateOutbound(70, { userId: SEED_USERS.alice.userId });
			const get = (resource: string) => ({ resource, operation: 'get' });
			const outbound = get('outboundFax');
			const first = await listSearch(server, 'searchOutboundFaxes', outbound);
			assert.equal(first.results.length, 50, 'one page of 50');
			assert.equal(ids(first)[0], lastId, 'the newest outbound fax first');
			assertDescending(ids(first));
			assert.ok(first.paginationToken, 'a token for the next page');
			const second = await listSearch(server, 'searchOutboundFaxes', outbound, {
				paginationToken: first.paginationToken,
			});
			assert.ok(second.results.length > 0);
			assert.ok(
				Math.max(...ids(second)) < Math.min(...ids(first)),
				'the next page goes on with older faxes',
			);

			assert.ok(!ids(first).includes(older));
			const filtered = await listSearch(server, 'searchOutboundFaxes', outbound, {
				filter: OLDER_FAX_NUMBER.slice(1),
			});
			assert.deepEqual(
				ids(filtered),
				[older],
				'typing part of its number finds the fax beyond the first page, and only it',
			);
			assert.match(filtered.results[0].name, new RegExp(`^#${older} · to ${OLDER_FAX_NUMBER}`));

			const [inbound] = control.injectInbound({ userId: SEED_USERS.alice.userId });
			const inboundList = await listSearch(server, 'searchInboundFaxes', get('inboundFax'));
			assert.equal(ids(inboundList)[0], Number(inbound.FaxId), 'the newest inbound fax first');

			const jobs = await listSearch(server, 'searchMailMergeJobs', get('mailMergeJob'));
			const url = `${environment.emulator.urls.mailMerge}/Job`;
			const { json } = await call('GET', url, { auth: SEED_USERS.alice });
			const held = (json as { Jobs: Array<{ JobID?: unknown; ID?: unknown }> }).Jobs;
			const expected = held.map((job) => Number(job.JobID ?? job.ID)).sort((a, b) => b - a);
			assert.deepEqual(ids(jobs), expected.slice(0, 50), 'the jobs, newest first');
		},
	},
	{
		title: 'n8n: the version 2 node as an AI tool, its Fax ID picker filled by $fromAI()',
		workflow: TOOL_WORKFLOW,
		async run(environment, server) {
			const { lastId } = environment.emulator.control.bulkCreateOutbound(1, {
				userId: SEED_USERS.alice.userId,
			});
			const records = await toolAnswer(server, TOOL_WORKFLOW, 'Fax Status', { faxId: lastId });
			const answer = `the tool's answer: ${JSON.stringify(records).slice(0, 300)}`;
			assert.deepEqual(valuesOf(records, 'FaxId'), [lastId], answer);
			const more = Object.keys(records[0]).filter(
				(k) => !SIMPLIFIED_FAX_FIELDS.outbound.includes(k),
			);
			assert.deepEqual(more, [], 'the model reads the simplified record');
		},
	},
	{
		title: 'n8n: Fetch Test Event of the trigger, simplified in version 2, whole in version 1',
		workflow: TRIGGER_WORKFLOW,
		async run(environment, server) {
			const [fax] = environment.emulator.control.injectInbound({ userId: SEED_USERS.alice.userId });
			const [workflow] = loadWorkflows([TRIGGER_WORKFLOW]);
			const testEvent = async (node: string): Promise<Record<string, unknown>> => {
				const outcome = await runWorkflow(server, workflow, {}, { trigger: node });
				if (!outcome.ok) throw new Error(`Fetch Test Event of "${node}" failed:\n${outcome.error}`);
				const items = outcome.run.data.resultData.runData[node]?.[0]?.data?.main?.[0] ?? [];
				assert.equal(items.length, 1, `"${node}" gives one test event`);
				return items[0].json as Record<string, unknown>;
			};
			const simple = await testEvent('New Inbound Fax v2');
			assert.equal(Number(simple.FaxId), Number(fax.FaxId), 'the newest inbound fax');
			assert.deepEqual(
				// watchedFaxes: what a test event adds to say whose faxes the trigger watches.
				Object.keys(simple).filter(
					(key) => key !== 'watchedFaxes' && !SIMPLIFIED_FAX_FIELDS.inbound.includes(key),
				),
				[],
				`version 2 keeps only the simplified fields: ${Object.keys(simple).join(', ')}`,
			);
			const whole = await testEvent('New Inbound Fax v1');
			assert.equal(Number(whole.FaxId), Number(fax.FaxId));
			assert.ok(
				Object.keys(whole).length > SIMPLIFIED_FAX_FIELDS.inbound.length + 5,
				`version 1 gives the whole record: ${Object.keys(whole).length} fields`,
			);
		},
	},
];
