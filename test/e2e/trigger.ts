/**
 * The trigger phase: the Fax Cloud Trigger runs only in an activated workflow, so `n8n start` runs
 * three version 1 workflows published before it starts (new inbound faxes and outbound completions
 * to a local sink, examples/file-inbound-faxes.json) and activates the cases of trigger-*.ts in it,
 * all polling every 10 s. Faxes come before the activation (never emitted) and in batches after
 * it, some late (within the trigger's lateness allowance): each must come out exactly once.
 */
import fs from 'node:fs';
import path from 'node:path';

import { SEED_USERS, type Emulator } from '../../emulator';
import { CREDENTIAL_IDS, CREDENTIAL_NAMES } from '../harness/n8n/credentials';
import { FIRST_POLL_WAIT_MS, POLL_ENGINE_NAMES, type PollEngine } from '../harness/n8n/engines';
import type { WorkflowFile } from '../harness/n8n/examples';
import type { N8nServer } from '../harness/n8n/n8n-server';
import { waitForTriggerState } from '../harness/n8n/trigger-state';
import { indented, messageOf, runCheck, secondsSince } from '../harness/report';
import { assertPdfFiles, faxOfAlice, filedFaxIds } from './cases/fixtures';
import { assert } from './lib/assert';
import { changeFaxLogin } from './lib/n8n-rest';
import { eventsAt, faxIdOf, sorted, statusRows } from './lib/sink-events';
import { loadWorkflows, startEnvironment, startServer } from '../harness/environment';
import type { CaseOutcome } from './lib/run-cases';
import { freePort } from '../harness/ports';
import { startSink } from '../harness/sink';
import { sleep, waitUntil } from '../harness/waitUntil';
import {
	EXACTLY_ONCE_WORKFLOWS,
	ExactlyOnceCases,
	TWO_POLL_TIMES_WORKFLOW,
} from './trigger-exactly-once';
import { Version2Triggers, VERSION2_WORKFLOWS } from './trigger-version2';
import { SlowOrWrongCases, SLOW_OR_WRONG_WORKFLOWS } from './trigger-slow-or-wrong';

const SINK_WORKFLOW = 'trigger-new-inbound-fax.json';
const OUTBOUND_WORKFLOW = 'trigger-outbound-status.json';
const EXAMPLE = 'examples/file-inbound-faxes.json';
const POLL_WAIT_MS = 150_000;
const MINUTE_MS = 60_000;
const { alice, bob, carol, acmeAdmin } = SEED_USERS;

/**
 * Poll Times: n8n refuses at activation an entry whose seconds field is more than one fixed
 * second (1.123: a `*`; 2.40: not a plain number), and each entry is its own cron: six entries of
 * one fixed second each (0, 10, … 50) poll every 10 seconds.
 */
const POLL_SECONDS = 10;
const EVERY_TEN_SECONDS = Array.from({ length: 60 / POLL_SECONDS }, (_, i) => ({
	mode: 'custom',
	cronExpression: `${i * POLL_SECONDS} * * * * *`,
}));

/** The workflow with its triggers polling every POLL_SECONDS instead of their saved Poll Times. */
function pollEveryTenSeconds(workflow: WorkflowFile): WorkflowFile {
	const nodes = workflow.nodes.map((node) =>
		node.type.endsWith('.faxCloudTrigger')
			? { ...node, parameters: { ...node.parameters, pollTimes: { item: EVERY_TEN_SECONDS } } }
			: node,
	);
	return { ...workflow, nodes };
}

/** Seconds between the requests of one login to one path, for the phase's log. */
function secondsBetween(emulator: Emulator, userId: string, path: string): number[] {
	const times = emulator.control.requests({ method: 'GET', path, userId }).map((r) => r.receivedMs);
	return times.slice(1).map((ms, i) => Math.round((ms - times[i]) / 1000));
}

/** The example's (proxy) login sees the faxes of these users. */
const ORGANIZATION: string[] = [alice.userId, bob.userId, acmeAdmin.userId];
const OUTBOUND_LOGINS: string[] = [alice.userId, bob.userId];

const inboundSearches = ({ control }: Emulator) =>
	control.requests({ method: 'GET', path: '^/v1/inboundfaxes$', userId: acmeAdmin.userId }).length;

/** The login of each outbound search of the outbound workflow (alice, then bob) since a request. */
const outboundSearchLogins = ({ control }: Emulator, sinceSeq: number) =>
	control
		.requests({ method: 'GET', path: '^/v1/outboundfaxes$', sinceSeq })
		.map((r) => r.auth.userId ?? '')
		.filter((login) => OUTBOUND_LOGINS.includes(login));

type Check = { title: string; body: () => unknown };

/** One trigger phase of `version` on a poll `engine` (test/harness/n8n/engines.ts). */
export async function runTriggerPhase(options: {
	tarball: string;
	version: string;
	logDir: string;
	engine: PollEngine;
}): Promise<{ outcomes: CaseOutcome[]; workflows: number }> {
	const { tarball, version, logDir, engine } = options;
	console.log(
		`\nEnd-to-end on n8n ${version}: Fax Cloud Trigger in a running n8n, ${POLL_ENGINE_NAMES[engine]} (polls every ${POLL_SECONDS} s)`,
	);
	const started = Date.now();
	const log = (text: string) =>
		console.log(`  ${`${secondsSince(started)} s`.padStart(5)}  ${text}`);
	// The phase's workflows are published before n8n starts; the cases' are activated in it (a CLI
	// start-up each would cost more than a poll interval). All poll every POLL_SECONDS but the two
	// Poll Times case's entries, which must fire together.
	const polling = (files: string[]) => loadWorkflows(files).map(pollEveryTenSeconds);
	const published = polling([SINK_WORKFLOW, OUTBOUND_WORKFLOW, EXAMPLE]);
	const toggled = [
		...loadWorkflows([TWO_POLL_TIMES_WORKFLOW]),
		...polling([
			...EXACTLY_ONCE_WORKFLOWS.filter((file) => file !== TWO_POLL_TIMES_WORKFLOW),
			...VERSION2_WORKFLOWS,
			...SLOW_OR_WRONG_WORKFLOWS,
		]),
	];
	const workflows = [...published, ...toggled];
	assert.ok(workflows.every((w) => w.nodes.some((n) => n.type.endsWith('.faxCloudTrigger'))));
	const cases = await ExactlyOnceCases.start();
	const slowOrWrong = await SlowOrWrongCases.start(engine);
	const environment = await startEnvironment({
		...{ workflows, tarball, version, engine, port: await freePort(), label: 'trigger' },
		extraCredentials: (urls) => [
			...cases.credentials(urls),
			...Version2Triggers.credentials(urls),
			...slowOrWrong.credentials(),
		],
	}).catch(async (error: unknown) => {
		await cases.close();
		await slowOrWrong.close();
		throw error;
	});
	log('package installed, credentials and workflows imported');
	const sink = await startSink();
	environment.env.E2E_SINK_URL = sink.url;
	// The trigger says at info level that a poll ended because another was running.
	environment.env.N8N_LOG_LEVEL = 'info';
	const inbox = path.join(environment.filesFolder, 'fax-inbox');
	fs.mkdirSync(inbox, { recursive: true });
	const { emulator } = environment;
	const { control } = emulator;
	const version2 = new Version2Triggers(emulator);
	const wait = (what: string, done: () => boolean) => waitUntil(what, done, POLL_WAIT_MS);
	// The cases' own waits end without failing: their checks say what did not come.
	const softWait = (what: string, done: () => boolean) =>
		wait(what, done).catch((error: Error) => log(error.message));
	const check = async ({ title, body }: Check): Promise<CaseOutcome> => ({
		...(await runCheck(title, body, { lines: 12 })),
		workflow: SINK_WORKFLOW,
	});
	let server: N8nServer | undefined;
	const outcomes: CaseOutcome[] = [];
	let activated = 0;
	try {
		const installed = '.n8n/nodes/node_modules/n8n-nodes-fax-cloud/package.json';
		const manifest = fs.readFileSync(path.join(environment.userFolder, installed), 'utf8');
		const registers = 'the package registers the Fax Cloud Trigger (package.json n8n.nodes)';
		assert.ok(manifest.includes('FaxCloudTrigger.node.js'), registers);

		// Never emitted: the phase's checks expect exactly the faxes that come after the activation.
		control.injectInbound({ userId: alice.userId });
		control.injectInbound({ userId: bob.userId });
		await faxOfAlice(emulator, '12125550000');
		// The description gives no order for the mail merge lists: the durable phase's service lists
		// its jobs newest first, the in-memory phase's oldest first.
		if (engine === 'durable') control.setMailMergeListOrder('newest-first');
		await version2.beforeActivation();
		control.advance(60_000);
		for (const workflow of published) await environment.cli.publish(workflow.id);
		log(`${published.length} workflows published`);
		const logName = engine === 'durable' ? 'trigger-durable' : 'trigger';
		server = await startServer(environment, logName, logDir);
		for (const workflow of toggled) await server.activate(workflow.id);
		log(`n8n started, ${toggled.length} more workflows activated in it`);
		activated = workflows.length;
		// Activation polls once per workflow to learn where "now" is: earlier faxes are never emitted.
		const deadline = Date.now() + FIRST_POLL_WAIT_MS[engine];
		for (const workflow of workflows)
			await waitForTriggerState(server, workflow, Math.max(0, deadline - Date.now()));
		log(`${workflows.length} workflows active, their activation polls over`);

		// Late faxes: received minutes ago on the service's clock, visible only now.
		const late = (minutes: number) => ({
			userId: bob.userId,
			at: new Date(Date.parse(control.now()) - minutes * MINUTE_MS).toISOString(),
			lateByMs: minutes * MINUTE_MS,
		});
		const firstBatch = [
			...control.injectInbound({ userId: alice.userId, count: 2 }),
			...control.injectInbound({ userId: bob.userId }),
			...control.injectInbound(late(3)),
			...control.injectInbound(late(9)),
		].map(faxIdOf);
		const sentAfter = await faxOfAlice(emulator, '12125550000');
		const failedAfter = await faxOfAlice(emulator, '13125551041');
		// Its completion becomes visible 9 minutes after its CompleteTime.
		const lateSent = await faxOfAlice(emulator, '12125550000');
		control.setCompletionLag(lateSent, 9 * MINUTE_MS);
		const otherOrganization = control.injectInbound({ userId: carol.userId }).map(faxIdOf);
		cases.injectFirst(emulator);
		cases.expectOldAccount(otherOrganization);
		await version2.injectFirst();
		await slowOrWrong.injectFirst(sink);
		log(`first batch injected (faxes ${firstBatch.join(', ')}; the cases' faxes), waiting`);
		// The switch comes while the old account's failed marks wait in the state for their retry.
		await softWait('the switch workflow to try its marks once', () =>
			cases.readyToSwitch(emulator),
		);
		await cases.switchAccount(server, emulator);
		log("the switch workflow's first poll over; its credential now logs in to another account");
		const inboundAtSink = () => eventsAt(sink, 'newInboundFax').length;
		await wait('the first batch at the sink', () => inboundAtSink() >= firstBatch.length);
		await softWait('the first polls of the cases', () => cases.firstDone(sink));
		await softWait('the first batch and the jobs through the version 2 workflows', () =>
			version2.arrived(sink, firstBatch, [sentAfter, failedAfter]),
		);
		log('first batch emitted');

		const secondBatch = [
			...control.injectInbound({ userId: alice.userId, fields: { FaxStatus: 'recvIncomplete' } }),
			...control.injectInbound({ userId: bob.userId, fields: { PagesReceived: '3' } }),
		].map(faxIdOf);
		cases.injectSecond();
		log(`second batch injected (faxes ${secondBatch.join(', ')}), waiting for a poll`);
		await wait(
			'the second batch at the sink',
			() => inboundAtSink() >= firstBatch.length + secondBatch.length,
		);
		await softWait('the second batch through the version 2 workflows', () =>
			version2.arrived(sink, [...firstBatch, ...secondBatch], []),
		);
		await softWait('a poll with the switched account', () => cases.newAccountPolled(emulator));
		cases.injectAfterSwitch(emulator);
		control.advance(10 * MINUTE_MS);
		log(`the completion of fax ${lateSent} is now visible, 9 minutes late`);
		await wait('the late completion at the sink', () =>
			eventsAt(sink, 'outboundFaxStatusChanged').some((r) => Number(r.faxId) === lateSent),
		);
		await softWait('the late completion through the version 2 workflows', () =>
			version2.arrived(sink, [], [lateSent]),
		);

		// The outbound workflow's login is edited while it is active (bob has nothing new): n8n 1.x
		// keeps one poll context for all polls, so only a poll resolving the credential afresh sees it.
		const editedAfter = control.requests().at(-1)?.seq ?? 0;
		const fax = { id: CREDENTIAL_IDS.fax, name: CREDENTIAL_NAMES.fax };
		await changeFaxLogin(server, fax, bob, emulator.urls);
		const searches = inboundSearches(emulator);
		log('waiting for one more poll of each workflow, with nothing new');
		// A poll under way during the edit may still use the old login; the one after it must not.
		const pollAfterEdit = () => {
			const logins = outboundSearchLogins(emulator, editedAfter);
			return logins.includes(bob.userId) || logins.length >= 2;
		};
		await wait('one more poll', () => inboundSearches(emulator) >= searches + 2 && pollAfterEdit());
		await softWait('the last faxes of the cases', () => cases.lastDone(sink));
		await softWait('the cases of answers slow or wrong for a while', () => slowOrWrong.done(sink));
		await slowOrWrong.settled();
		await sleep(5000);
		log(`polls over; the cases' moments: ${JSON.stringify(cases.times)}`);
		console.log(
			`  the slow-or-wrong cases' moments: ${JSON.stringify(slowOrWrong.times)}; the slow backlog's events per poll: ${slowOrWrong.backlogPerPoll(sink).join(' ')}`,
		);
		console.log(
			`  seconds between the mail merge workflow's polls: ${secondsBetween(emulator, carol.userId, '^/v1/Job$').join(' ')}`,
		);

		const expected = sorted([...firstBatch, ...secondBatch]);
		const outbound: Array<[number, string, string]> = [
			[sentAfter, 'sent', '12125550000'],
			[failedAfter, 'sendFailed', '13125551041'],
			[lateSent, 'sent', '12125550000'],
		];
		const phaseChecks: Check[] = [
			{
				title:
					'Trigger: each new inbound fax comes out of the activated workflow exactly once, late ones too',
				body: () => {
					const emitted = eventsAt(sink, 'newInboundFax');
					assert.deepEqual(
						sorted(emitted.map((r) => Number(r.faxId))),
						expected,
						'every fax of the organization once; none from before the activation or of another organization',
					);
					const incomplete = emitted.find((r) => r.faxId === secondBatch[0]);
					assert.equal(incomplete?.status, 'recvIncomplete');
				},
			},
			{
				title: 'Trigger: each outbound fax completion comes out exactly once, a late one too',
				body: () =>
					assert.deepEqual(
						statusRows(sink, 'outboundFaxStatusChanged'),
						outbound,
						'each once; none finished before the activation',
					),
			},
			{
				title: 'Trigger: a login edited while the workflow is active is used from the next poll on',
				body: () => {
					const logins = outboundSearchLogins(emulator, editedAfter);
					const first = logins.indexOf(bob.userId);
					assert.ok(first >= 0, `no search with the new login: ${logins.join(', ')}`);
					const others = logins.slice(first).filter((login) => login !== bob.userId);
					assert.deepEqual(others, [], 'once a poll used the new login, every later poll does');
				},
			},
			{
				title: 'Example: file each inbound fax (trigger, PDF image, save, mark)',
				body: async () => {
					// The example polls on its own schedule: its last file may come after the sink's.
					await wait(
						'the example to file every fax',
						() => filedFaxIds(inbox).length >= expected.length,
					).catch(() => undefined);
					const files = fs.readdirSync(inbox).sort();
					assert.deepEqual(filedFaxIds(inbox), expected, `one file per fax: ${files.join(', ')}`);
					assertPdfFiles(inbox);
					// The account-switch case marks faxes of the other organization itself.
					const marked = control
						.inboundAll()
						.filter((f) => f.Mark === 'true' && ORGANIZATION.includes(String(f.FaxUserId)))
						.map((f) => Number(f.FaxId));
					const markedOnly = 'exactly the emitted faxes are marked as retrieved';
					assert.deepEqual(sorted(marked), expected, markedOnly);
					type Execution = { id: string; status: string; workflowId: string };
					const executions = await server!.executions<Execution>();
					// The cases' workflows answer for their own executions in their own checks.
					const failures = executions
						.filter((e) => e.status !== 'success' && published.some((w) => w.id === e.workflowId))
						.map(({ id, workflowId, status }) => ({ id, workflowId, status }));
					assert.equal(failures.length, 0, `failed executions: ${JSON.stringify(failures)}`);
					const ran = new Set(executions.map((e) => e.workflowId));
					for (const { id, name } of published) assert.ok(ran.has(id), `${name} ran`);
				},
			},
			...version2.checks(sink, { inbound: expected, outbound }),
			{
				// Only the mail merge workflow lists carol's jobs. A starved n8n (a loaded machine) may
				// miss a tick and leave 20 or 30 s, so the typical gap is asserted: one, two or three of
				// the six entries firing would make it 60, 30 or 20 s.
				title: `Poll Times on n8n ${version}: six entries of one fixed second each poll every ${POLL_SECONDS} s`,
				body: () => {
					const gaps = secondsBetween(emulator, carol.userId, '^/v1/Job$');
					assert.ok(gaps.length >= 5, `polls of the mail merge workflow: ${gaps.length + 1}`);
					const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)];
					assert.ok(median <= 1.5 * POLL_SECONDS, `seconds between polls: ${gaps.join(' ')}`);
				},
			},
		];
		for (const each of phaseChecks) outcomes.push(await check(each));
		const n8nLog = fs.readFileSync(server.logFile, 'utf8');
		for (const each of [
			...cases.checks(sink, emulator, n8nLog),
			...slowOrWrong.checks(sink, n8nLog),
		])
			outcomes.push(await check(each));
	} catch (error) {
		const message = messageOf(error);
		const ms = Date.now() - started;
		outcomes.push({ title: 'Trigger phase', workflow: SINK_WORKFLOW, passed: false, ms, message });
		console.log(`  FAIL Trigger phase\n${indented(message, 12)}`);
	} finally {
		const failed = outcomes.some((o) => !o.passed);
		await server?.stop();
		await sink.close();
		await cases.close();
		await slowOrWrong.close();
		await environment.close(failed);
		if (failed) console.log(`  n8n user folder kept for inspection: ${environment.userFolder}`);
	}
	return { outcomes, workflows: activated };
}
