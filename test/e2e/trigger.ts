/**
 * The trigger phase: the Fax Cloud Trigger can only run in an activated workflow, so n8n runs as
 * `n8n start` with three workflows published before it starts (the exactly-once cases' four, the
 * five of version 2 and the three of answers slow or wrong for a while are activated in it:
 * trigger-exactly-once.ts, trigger-version2.ts, trigger-slow-or-wrong.ts; every
 * trigger polls every 10 s, trigger-poll-times.ts): two version 1 workflows report each new
 * inbound fax and each outbound fax completion to a local sink, the third is
 * examples/file-inbound-faxes.json. Faxes
 * are injected into the emulator before the activation (never to be emitted) and in batches after
 * it, some of them late: their records become visible 3 and 9 minutes after their ReceivedTime or
 * CompleteTime, within the trigger's default lateness allowance. Each fax must come out of its
 * workflows exactly once, and nothing more after one further poll.
 */
import fs from 'node:fs';
import path from 'node:path';

import { SEED_USERS } from '../../emulator';
import { CREDENTIAL_IDS, CREDENTIAL_NAMES } from '../harness/n8n/credentials';
import { POLL_ENGINE_NAMES, type PollEngine } from '../harness/n8n/engines';
import type { N8nServer } from '../harness/n8n/n8n-server';
import { waitForTriggerState } from '../harness/n8n/trigger-state';
import { faxOfAlice } from './features';
import { assert } from './lib/assert';
import { changeFaxLogin } from './lib/edit-credential';
import {
	loadWorkflows,
	startEnvironment,
	startServer,
	type E2eEnvironment,
} from '../harness/environment';
import type { CaseOutcome } from './lib/run-cases';
import { freePort } from '../harness/ports';
import { startSink, type Sink } from '../harness/sink';
import { sleep, waitUntil } from '../harness/waitUntil';
import {
	EXACTLY_ONCE_WORKFLOWS,
	ExactlyOnceCases,
	TWO_POLL_TIMES_WORKFLOW,
} from './trigger-exactly-once';
import {
	POLL_SECONDS,
	pollEveryTenSeconds,
	pollTimesCheck,
	secondsBetween,
} from './trigger-poll-times';
import { Version2Triggers, VERSION2_WORKFLOWS } from './trigger-version2';
import { SlowOrWrongCases, SLOW_OR_WRONG_WORKFLOWS } from './trigger-slow-or-wrong';

const SINK_WORKFLOW = 'trigger-new-inbound-fax.json';
const OUTBOUND_WORKFLOW = 'trigger-outbound-status.json';
const EXAMPLE = 'examples/file-inbound-faxes.json';
const POLL_WAIT_MS = 150_000;
/** How long the workflows' first polls may take after their activation, per poll engine. */
const FIRST_POLL_WAIT_MS: Record<PollEngine, number> = { 'in-memory': 60_000, durable: 150_000 };
const MINUTE_MS = 60_000;

/** The example's (proxy) login sees the faxes of these users. */
const ORGANIZATION: string[] = [
	SEED_USERS.alice.userId,
	SEED_USERS.bob.userId,
	SEED_USERS.acmeAdmin.userId,
];

const faxIdOf = (fax: Record<string, string>): number => Number(fax.FaxId);

function inboundSearches(environment: E2eEnvironment): number {
	return environment.emulator.control.requests({
		method: 'GET',
		path: '^/v1/inboundfaxes$',
		userId: SEED_USERS.acmeAdmin.userId,
	}).length;
}

/** The outbound workflow's logins (alice, then bob) are the only ones it searches with. */
const OUTBOUND_LOGINS: string[] = [SEED_USERS.alice.userId, SEED_USERS.bob.userId];

/** The login of each outbound search of the outbound workflow since a request number, in order. */
function outboundSearchLogins(environment: E2eEnvironment, sinceSeq: number): string[] {
	return environment.emulator.control
		.requests({ method: 'GET', path: '^/v1/outboundfaxes$', sinceSeq })
		.map((r) => r.auth.userId ?? '')
		.filter((login) => OUTBOUND_LOGINS.includes(login));
}

const eventsOf = (sink: Sink, event: string) => sink.received.filter((r) => r.event === event);

/** Activates a saved workflow through the REST API, as the editor's toggle does (both lines). */
async function activate(server: N8nServer, workflowId: string): Promise<void> {
	const saved = await server.rest<{ versionId: string }>('GET', `/workflows/${workflowId}`);
	await server.rest('POST', `/workflows/${workflowId}/activate`, { versionId: saved.versionId });
}

export async function runTriggerPhase(options: {
	tarball: string;
	/** The n8n release to run; its log goes to `logDir`. */
	version: string;
	logDir: string;
	/** n8n's engine for poll triggers (test/harness/n8n/engines.ts). */
	engine: PollEngine;
}): Promise<{ outcomes: CaseOutcome[]; workflows: number }> {
	console.log(
		`\nEnd-to-end on n8n ${options.version}: Fax Cloud Trigger in a running n8n, ${POLL_ENGINE_NAMES[options.engine]} (polls every ${POLL_SECONDS} s)`,
	);
	const started = Date.now();
	const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`.padStart(5);
	// The phase's own workflows are published before n8n starts, as a restart finds them; the
	// cases' are activated in the running n8n, as the editor's toggle does (one CLI start-up each
	// would cost more than a poll interval on a loaded machine). Their files stay as saved; their
	// triggers poll every POLL_SECONDS here (the example ships polling every 15 minutes, the
	// vendor's advice), but for the two Poll Times case's entries, which must fire together.
	const published = loadWorkflows([SINK_WORKFLOW, OUTBOUND_WORKFLOW, EXAMPLE]).map(
		pollEveryTenSeconds,
	);
	const toggled = [
		...loadWorkflows([TWO_POLL_TIMES_WORKFLOW]),
		...loadWorkflows([
			...EXACTLY_ONCE_WORKFLOWS.filter((file) => file !== TWO_POLL_TIMES_WORKFLOW),
			...VERSION2_WORKFLOWS,
			...SLOW_OR_WRONG_WORKFLOWS,
		]).map(pollEveryTenSeconds),
	];
	const workflows = [...published, ...toggled];
	const usesTrigger = workflows.every((w) =>
		w.nodes.some((n) => n.type.endsWith('.faxCloudTrigger')),
	);
	assert.ok(usesTrigger);
	const port = await freePort();
	const cases = await ExactlyOnceCases.start();
	const slowOrWrong = await SlowOrWrongCases.start(options.engine);
	const environment = await startEnvironment({
		workflows,
		tarball: options.tarball,
		port,
		label: 'trigger',
		version: options.version,
		engine: options.engine,
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
	console.log(`  ${elapsed()}  package installed, credentials and workflows imported`);
	const sink: Sink = await startSink();
	environment.env.E2E_SINK_URL = sink.url;
	// The trigger says at info level that a poll ended because another was running.
	environment.env.N8N_LOG_LEVEL = 'info';
	const inbox = path.join(environment.filesFolder, 'fax-inbox');
	fs.mkdirSync(inbox, { recursive: true });
	const { control } = environment.emulator;
	const version2 = new Version2Triggers(environment.emulator);
	let server: N8nServer | undefined;
	const outcomes: CaseOutcome[] = [];
	let failed = false;
	let activated = 0;
	try {
		const registered = fs
			.readFileSync(
				path.join(
					environment.userFolder,
					'.n8n/nodes/node_modules/n8n-nodes-fax-cloud/package.json',
				),
				'utf8',
			)
			.includes('FaxCloudTrigger.node.js');
		assert.ok(registered, 'the package registers the Fax Cloud Trigger (package.json n8n.nodes)');

		const beforeActivation = [
			...control.injectInbound({ userId: SEED_USERS.alice.userId }),
			...control.injectInbound({ userId: SEED_USERS.bob.userId }),
		].map(faxIdOf);
		const finishedBeforeActivation = await faxOfAlice(environment, '12125550000');
		await version2.beforeActivation();
		control.advance(60_000);
		for (const workflow of published) await environment.cli.publish(workflow.id);
		console.log(`  ${elapsed()}  ${published.length} workflows published`);
		const logName = options.engine === 'durable' ? 'trigger-durable' : 'trigger';
		server = await startServer(environment, logName, options.logDir);
		for (const workflow of toggled) await activate(server, workflow.id);
		console.log(`  ${elapsed()}  n8n started, ${toggled.length} more workflows activated in it`);
		activated = workflows.length;
		// Activation polls once per workflow to learn where "now" is on the service; a fax injected
		// before a workflow's poll is, for that workflow, one that was there before it was active.
		// The durable scheduler polls at no activation: a trigger's first poll comes at its first
		// scheduled time (the two Poll Times workflow's: the next whole minute) once the scheduler
		// has materialized and claimed it (every 10 s and 5 s by default).
		const deadline = Date.now() + FIRST_POLL_WAIT_MS[options.engine];
		for (const workflow of workflows)
			await waitForTriggerState(server, workflow, Math.max(0, deadline - Date.now()));
		console.log(
			`  ${elapsed()}  ${workflows.length} workflows active, their activation polls over`,
		);

		// Late faxes: received 3 and 9 minutes ago on the service's clock, visible only now.
		const late = (minutes: number) => ({
			userId: SEED_USERS.bob.userId,
			at: new Date(Date.parse(control.now()) - minutes * MINUTE_MS).toISOString(),
			lateByMs: minutes * MINUTE_MS,
		});
		const firstBatch = [
			...control.injectInbound({ userId: SEED_USERS.alice.userId, count: 2 }),
			...control.injectInbound({ userId: SEED_USERS.bob.userId }),
			...control.injectInbound(late(3)),
			...control.injectInbound(late(9)),
		].map(faxIdOf);
		const sentAfter = await faxOfAlice(environment, '12125550000');
		const failedAfter = await faxOfAlice(environment, '13125551041');
		// Its completion becomes visible 9 minutes after its CompleteTime.
		const lateSent = await faxOfAlice(environment, '12125550000');
		control.setCompletionLag(lateSent, 9 * MINUTE_MS);
		const otherOrganization = control
			.injectInbound({ userId: SEED_USERS.carol.userId })
			.map(faxIdOf);
		cases.injectFirst(environment.emulator);
		cases.expectOldAccount(otherOrganization);
		await version2.injectFirst();
		await slowOrWrong.injectFirst(sink);
		console.log(
			`  ${elapsed()}  first batch injected (faxes ${firstBatch.join(', ')}; the cases' faxes), waiting for a poll`,
		);
		// The switch comes while the old account's failed marks wait in the state for their retry.
		await waitUntil(
			'the switch workflow to emit and try its marks',
			() => cases.readyToSwitch(sink, environment.emulator),
			POLL_WAIT_MS,
		).catch((error: Error) => console.log(`  ${elapsed()}  ${error.message}`));
		await cases.switchAccount(server, environment.emulator);
		console.log(
			`  ${elapsed()}  the switch workflow's first poll over; its credential now logs in to another account`,
		);
		await waitUntil(
			'the first batch at the sink',
			() => eventsOf(sink, 'newInboundFax').length >= firstBatch.length,
			POLL_WAIT_MS,
		);
		// The cases' own waits end without failing: their checks say what did not come.
		await waitUntil(
			'the first polls of the cases',
			() => cases.firstDone(sink),
			POLL_WAIT_MS,
		).catch((error: Error) => console.log(`  ${elapsed()}  ${error.message}`));
		await waitUntil(
			'the first batch and the jobs through the version 2 workflows',
			() => version2.arrived(sink, firstBatch, [sentAfter, failedAfter]),
			POLL_WAIT_MS,
		).catch((error: Error) => console.log(`  ${elapsed()}  ${error.message}`));
		console.log(`  ${elapsed()}  first batch emitted`);

		const secondBatch = [
			...control.injectInbound({
				userId: SEED_USERS.alice.userId,
				fields: { FaxStatus: 'recvIncomplete' },
			}),
			...control.injectInbound({ userId: SEED_USERS.bob.userId, fields: { PagesReceived: '3' } }),
		].map(faxIdOf);
		cases.injectSecond();
		console.log(
			`  ${elapsed()}  second batch injected (faxes ${secondBatch.join(', ')}), waiting for a poll`,
		);
		await waitUntil(
			'the second batch at the sink',
			() => eventsOf(sink, 'newInboundFax').length >= firstBatch.length + secondBatch.length,
			POLL_WAIT_MS,
		);
		await waitUntil(
			'the second batch through the version 2 workflows',
			() => version2.arrived(sink, [...firstBatch, ...secondBatch], []),
			POLL_WAIT_MS,
		).catch((error: Error) => console.log(`  ${elapsed()}  ${error.message}`));
		await waitUntil(
			'a poll with the switched account',
			() => cases.newAccountPolled(environment.emulator),
			POLL_WAIT_MS,
		).catch((error: Error) => console.log(`  ${elapsed()}  ${error.message}`));
		cases.injectAfterSwitch(environment.emulator);
		// Ten minutes pass on the service: the late completion becomes visible.
		control.advance(10 * MINUTE_MS);
		console.log(`  ${elapsed()}  the completion of fax ${lateSent} is now visible, 9 minutes late`);
		await waitUntil(
			'the late completion at the sink',
			() => eventsOf(sink, 'outboundFaxStatusChanged').some((r) => Number(r.faxId) === lateSent),
			POLL_WAIT_MS,
		);
		await waitUntil(
			'the late completion through the version 2 workflows',
			() => version2.arrived(sink, [], [lateSent]),
			POLL_WAIT_MS,
		).catch((error: Error) => console.log(`  ${elapsed()}  ${error.message}`));

		// The outbound workflow's login is edited while it is active (bob has nothing new): n8n 1.x
		// keeps one poll context for all polls, so only a poll resolving the credential afresh sees it.
		const editedAfter = control.requests().at(-1)?.seq ?? 0;
		await changeFaxLogin(
			server,
			{ id: CREDENTIAL_IDS.fax, name: CREDENTIAL_NAMES.fax },
			SEED_USERS.bob,
			environment.emulator.urls,
		);
		const searches = inboundSearches(environment);
		console.log(`  ${elapsed()}  waiting for one more poll of each workflow, with nothing new`);
		// A poll under way during the edit may still use the old login; the one after it must not.
		const pollAfterEdit = () => {
			const logins = outboundSearchLogins(environment, editedAfter);
			return logins.includes(SEED_USERS.bob.userId) || logins.length >= 2;
		};
		await waitUntil(
			'one more poll',
			() => inboundSearches(environment) >= searches + 2 && pollAfterEdit(),
			POLL_WAIT_MS,
		);
		await waitUntil('the last faxes of the cases', () => cases.lastDone(sink), POLL_WAIT_MS).catch(
			(error: Error) => console.log(`  ${elapsed()}  ${error.message}`),
		);
		await waitUntil(
			'the cases of answers slow or wrong for a while',
			() => slowOrWrong.done(sink),
			POLL_WAIT_MS,
		).catch((error: Error) => console.log(`  ${elapsed()}  ${error.message}`));
		await slowOrWrong.settled();
		await sleep(5000);
		console.log(`  ${elapsed()}  polls over; the cases' moments: ${JSON.stringify(cases.times)}`);
		console.log(
			`  the slow-or-wrong cases' moments: ${JSON.stringify(slowOrWrong.times)}; the slow backlog's events per poll: ${slowOrWrong.backlogPerPoll(sink).join(' ')}`,
		);
		// Only the mail merge workflow lists carol's jobs: its polls, one by one.
		console.log(
			`  seconds between the mail merge workflow's polls: ${secondsBetween(environment.emulator, SEED_USERS.carol.userId, '^/v1/Job$').join(' ')}`,
		);

		const expected = [...firstBatch, ...secondBatch].sort((a, b) => a - b);
		outcomes.push(
			await check(
				'Trigger: each new inbound fax comes out of the activated workflow exactly once, late ones too',
				() => {
					const ids = eventsOf(sink, 'newInboundFax')
						.map((r) => Number(r.faxId))
						.sort((a, b) => a - b);
					assert.deepEqual(
						ids,
						expected,
						'every fax of the organization once, none from before the activation',
					);
					for (const id of [...beforeActivation, ...otherOrganization])
						assert.ok(!ids.includes(id));
					const incomplete = eventsOf(sink, 'newInboundFax').find(
						(r) => r.faxId === secondBatch[0],
					);
					assert.equal(incomplete?.status, 'recvIncomplete');
				},
			),
		);
		outcomes.push(
			await check(
				'Trigger: each outbound fax completion comes out exactly once, a late one too',
				() => {
					const events = eventsOf(sink, 'outboundFaxStatusChanged')
						.map((r) => [Number(r.faxId), r.status, r.number])
						.sort((a, b) => Number(a[0]) - Number(b[0]));
					assert.deepEqual(events, [
						[sentAfter, 'sent', '12125550000'],
						[failedAfter, 'sendFailed', '13125551041'],
						[lateSent, 'sent', '12125550000'],
					]);
					assert.ok(!events.some((e) => e[0] === finishedBeforeActivation));
				},
			),
		);
		outcomes.push(
			await check(
				'Trigger: a login edited while the workflow is active is used from the next poll on',
				() => {
					const logins = outboundSearchLogins(environment, editedAfter);
					const first = logins.indexOf(SEED_USERS.bob.userId);
					assert.ok(first >= 0, `no search with the new login: ${logins.join(', ')}`);
					assert.deepEqual(
						logins.slice(first).filter((login) => login !== SEED_USERS.bob.userId),
						[],
						'once a poll used the new login, every later poll does',
					);
				},
			),
		);
		outcomes.push(
			await check('Example: file each inbound fax (trigger, PDF image, save, mark)', async () => {
				const filedIds = () =>
					fs
						.readdirSync(inbox)
						.map((name) => Number(/-fax-(\d+)\.pdf$/.exec(name)?.[1]))
						.sort((a, b) => a - b);
				// The example polls on its own schedule: its last file may come after the sink's.
				await waitUntil(
					'the example to file every fax',
					() => filedIds().length >= expected.length,
					POLL_WAIT_MS,
				).catch(() => undefined);
				const files = fs.readdirSync(inbox).sort();
				assert.deepEqual(filedIds(), expected, `one file per fax: ${files.join(', ')}`);
				for (const name of files) {
					const head = fs.readFileSync(path.join(inbox, name)).subarray(0, 5).toString('latin1');
					assert.equal(head, '%PDF-', `${name} is a PDF`);
				}
				// The account-switch case marks faxes of the other organization itself.
				const marked = control
					.inboundAll()
					.filter((f) => f.Mark === 'true' && ORGANIZATION.includes(String(f.FaxUserId)))
					.map((f) => Number(f.FaxId))
					.sort((a, b) => a - b);
				assert.deepEqual(marked, expected, 'exactly the emitted faxes are marked as retrieved');
				const executions = {
					results: await server!.executions<{ id: string; status: string; workflowId: string }>(),
				};
				// The cases' workflows answer for their own executions in their own checks.
				const failures = executions.results
					.filter((e) => e.status !== 'success' && published.some((w) => w.id === e.workflowId))
					.map((e) => ({ id: e.id, workflowId: e.workflowId, status: e.status }));
				assert.equal(failures.length, 0, `failed executions: ${JSON.stringify(failures)}`);
				for (const workflow of published) {
					assert.ok(
						executions.results.some((e) => e.workflowId === workflow.id),
						`${workflow.name} ran`,
					);
				}
			}),
		);
		const outboundExpected: Array<[number, string, string]> = [
			[sentAfter, 'sent', '12125550000'],
			[failedAfter, 'sendFailed', '13125551041'],
			[lateSent, 'sent', '12125550000'],
		];
		for (const { title, body } of version2.checks(sink, {
			inbound: expected,
			outbound: outboundExpected,
		}))
			outcomes.push(await check(title, body));
		const pollTimes = pollTimesCheck(
			environment.emulator,
			options.version,
			SEED_USERS.carol.userId,
		);
		outcomes.push(await check(pollTimes.title, pollTimes.body));
		const n8nLog = fs.readFileSync(server.logFile, 'utf8');
		for (const { title, body } of cases.checks(sink, environment.emulator, n8nLog))
			outcomes.push(await check(title, body));
		for (const { title, body } of slowOrWrong.checks(sink, n8nLog))
			outcomes.push(await check(title, body));
	} catch (error) {
		outcomes.push({
			title: 'Trigger phase',
			workflow: SINK_WORKFLOW,
			passed: false,
			ms: Date.now() - started,
			message: error instanceof Error ? (error.stack ?? error.message) : String(error),
		});
		console.log(
			`  FAIL Trigger phase\n${String(outcomes[outcomes.length - 1].message)
				.split('\n')
				.slice(0, 12)
				.map((l) => `        ${l}`)
				.join('\n')}`,
		);
	} finally {
		failed = outcomes.some((o) => !o.passed);
		await server?.stop();
		await sink.close();
		await cases.close();
		await slowOrWrong.close();
		await environment.close(failed);
		if (failed) console.log(`  n8n user folder kept for inspection: ${environment.userFolder}`);
	}
	return { outcomes, workflows: activated };

	async function check(title: string, body: () => void | Promise<void>): Promise<CaseOutcome> {
		const checkStarted = Date.now();
		let message: string | undefined;
		try {
			await body();
		} catch (error) {
			message = error instanceof Error ? (error.stack ?? error.message) : String(error);
		}
		console.log(`  ${message ? 'FAIL' : 'ok  '} ${title}`);
		if (message)
			console.log(
				message
					.split('\n')
					.slice(0, 12)
					.map((l) => `        ${l}`)
					.join('\n'),
			);
		return {
			title,
			workflow: SINK_WORKFLOW,
			passed: !message,
			ms: Date.now() - checkStarted,
			message,
		};
	}
}
