/**
 * Trigger phase, answers slow or wrong for a while: three workflows, each on an emulator of its
 * own: a Date header an hour ahead for two answers; a mail merge job store that lists no jobs and
 * answers 2001 to every lookup for longer than a poll, then recovers; a backlog whose first three
 * search pages are held past the trigger's read share. Every fax and job once.
 */
import { SEED_USERS, startEmulator, type Emulator } from '../../emulator';
import { postMailMergeJob } from '../harness/emulatorHttp';
import type { CredentialImport } from '../harness/n8n/n8n-cli';
import type { PollEngine } from '../harness/n8n/engines';
import { assert } from './lib/assert';
import type { Sink } from '../harness/sink';
import { waitUntil } from '../harness/waitUntil';
import { faxCredential } from '../harness/n8n/credentials';
import * as events from './lib/sink-events';

const { allAt, eventsAt, faxIdOf } = events;

export const SLOW_OR_WRONG_WORKFLOWS = [
	'trigger-clock-ahead.json',
	'trigger-mail-merge-outage.json',
	'trigger-slow-backlog.json',
];

const HOUR_MS = 60 * 60_000;
const MINUTE_MS = 60_000;
/** Answers of the clock-ahead service whose Date header is an hour ahead: two polls' searches. */
const AHEAD_ANSWERS = 2;
/** Polls whose job lookups all fail before the job store recovers: longer than one poll. */
const OUTAGE_POLLS = 2;
/** More than three pages of 250: three slow pages outlast the read share, a fourth is left. */
const SLOW_BACKLOG = { faxes: 760, slowPages: 3 };
/**
 * The budget n8n gives a poll (getPollBudgetMs): n8n-core's 5 minutes on the in-memory engine;
 * under the durable scheduler its default poll timeout (45 s) less its margin (20 %, at least 5 s).
 */
const POLL_BUDGET_MS: Record<PollEngine, number> = { 'in-memory': 300_000, durable: 36_000 };
/** A sixth of the budget: three held pages pass the trigger's 45 % read share, within its timeout. */
const slowPageMs = (engine: PollEngine) => POLL_BUDGET_MS[engine] / 6;
/** How long each step of the cases may take: the slow backlog's first poll is 150 s. */
const STEP_WAIT_MS = 240_000;

const INBOUND_SEARCH = '^/v1/inboundfaxes$';
const JOB_LIST = '^/v1/Job$';
const JOB_LOOKUP = '^/v1/Job/\\d+$';

/** Answered requests of one path on an emulator since a request number. */
function answered(emulator: Emulator, path: string, sinceSeq: number) {
	return emulator.control
		.requests({ method: 'GET', path, sinceSeq })
		.filter((r) => r.finishedMs !== undefined);
}

export class SlowOrWrongCases extends events.Moments {
	private beforeAhead: number[] = [];
	private afterAhead: number[] = [];
	private aheadFromSeq = 0;
	/** A job that finished and was emitted before the outage. */
	private finishedJob = 0;
	/** A job in process at the outage, cancelled during it. */
	private cancelledJob = 0;
	/** The outage: the request it began after, the one it recovered at, lookups and lists in it. */
	private readonly jobStoreOutage = { fromSeq: 0, recoveredAtSeq: 0, lookups: 0, lists: 0 };
	private backlog: number[] = [];
	private backlogFromSeq = 0;
	/** What each case did not get to, for its check. */
	private readonly stuck: Record<string, string> = {};
	private driving?: Promise<void>;

	private constructor(
		readonly clock: Emulator,
		readonly mailMerge: Emulator,
		readonly slow: Emulator,
		/** How long each of the slow service's first search answers is held. */
		private readonly slowPageMs: number,
	) {
		super();
	}

	static async start(engine: PollEngine): Promise<SlowOrWrongCases> {
		const start = () => startEmulator({ port: 0, clock: 'real' });
		const [clock, mailMerge, slow] = await Promise.all([start(), start(), start()]);
		return new SlowOrWrongCases(clock, mailMerge, slow, slowPageMs(engine));
	}

	credentials(): CredentialImport[] {
		const { alice, carol } = SEED_USERS;
		const table = [
			['FaxCloudClockAhd', 'alice (emulator with a clock ahead)', alice, this.clock],
			['FaxCloudMMOutage', 'carol (emulator with a job store outage)', carol, this.mailMerge],
			['FaxCloudSlowBklg', 'alice (emulator slow for a while)', alice, this.slow],
		] as const;
		return table.map(([id, name, login, { urls }]) =>
			faxCredential(id, `Fax Cloud ${name}`, login, urls),
		);
	}

	/** With the phase's first batch: the faxes, jobs and faults; then each case goes on by itself. */
	async injectFirst(sink: Sink): Promise<void> {
		const alice = SEED_USERS.alice.userId;
		this.aheadFromSeq = this.clock.control.lastSeq();
		this.beforeAhead = this.clock.control.injectInbound({ userId: alice, count: 2 }).map(faxIdOf);
		this.clock.control.setDateHeaderOffset(HOUR_MS, AHEAD_ANSWERS);

		this.finishedJob = await postMailMergeJob(this.mailMerge, 1, SEED_USERS.carol);
		this.cancelledJob = await postMailMergeJob(this.mailMerge, 1000, SEED_USERS.carol);

		// Received over the last eight minutes, within the allowance: the window holds them all.
		const now = Date.parse(this.slow.control.now());
		this.backlogFromSeq = this.slow.control.lastSeq();
		for (let minutes = 8; minutes > 0; minutes--) {
			const at = new Date(now - minutes * MINUTE_MS).toISOString();
			const count = SLOW_BACKLOG.faxes / 8;
			this.backlog.push(
				...this.slow.control.injectInbound({ userId: alice, count, at }).map(faxIdOf),
			);
		}
		this.slow.control.addFault({
			method: 'GET',
			path: INBOUND_SEARCH,
			kind: 'delay',
			delayMs: this.slowPageMs,
			count: SLOW_BACKLOG.slowPages,
		});
		this.mark('injected');
		this.driving = Promise.allSettled([this.clockAhead(), this.outage(sink)]).then(() => undefined);
	}

	/** Once both hour-ahead answers were given, new faxes. */
	private async clockAhead(): Promise<void> {
		await this.step('clockAhead', 'the two hour-ahead answers', () => {
			return answered(this.clock, INBOUND_SEARCH, this.aheadFromSeq).length >= AHEAD_ANSWERS;
		});
		const { userId } = SEED_USERS.alice;
		this.afterAhead = this.clock.control.injectInbound({ userId, count: 2 }).map(faxIdOf);
		this.mark('faxes after the hour-ahead answers injected');
	}

	/** Once the finished job was emitted: the outage, the other job cancelled in it, recovery. */
	private async outage(sink: Sink): Promise<void> {
		await this.step('outage', 'the finished job emitted before the outage', () =>
			allAt(sink, 'mailMergeOutage', [this.finishedJob], 'jobId'),
		);
		this.jobStoreOutage.fromSeq = this.mailMerge.control.lastSeq();
		this.mailMerge.control.failJobLookups(200);
		this.mailMerge.control.cancelJob(this.cancelledJob);
		this.mark('job store outage');
		// A list answer starts a poll of the outage (it lists no jobs, so the poll looks its jobs
		// up); polls of a trigger run one at a time, so the next list answer ends the poll before.
		await this.step('outage', `${OUTAGE_POLLS} whole polls in the outage`, () => {
			const lists = answered(this.mailMerge, JOB_LIST, this.jobStoreOutage.fromSeq);
			const lookups = answered(this.mailMerge, JOB_LOOKUP, this.jobStoreOutage.fromSeq);
			return lists.length > OUTAGE_POLLS && lookups.length > 0;
		});
		const outage = this.jobStoreOutage;
		outage.lookups = answered(this.mailMerge, JOB_LOOKUP, outage.fromSeq).length;
		outage.lists = answered(this.mailMerge, JOB_LIST, outage.fromSeq).length;
		outage.recoveredAtSeq = this.mailMerge.control.lastSeq();
		this.mailMerge.control.failJobLookups(null);
		this.mark('job store recovered');
	}

	/** A wait of one case; running out only notes it, the case's check says what is missing. */
	private async step(name: string, what: string, done: () => boolean): Promise<void> {
		if (this.stuck[name]) throw new Error(this.stuck[name]);
		await waitUntil(what, done, STEP_WAIT_MS).catch((error: Error) => {
			this.stuck[name] = error.message;
			throw error;
		});
	}

	/** Whether every case has got what it waits for (one poll after recovery for the jobs). */
	done(sink: Sink): boolean {
		const afterRecovery =
			this.jobStoreOutage.recoveredAtSeq > 0 &&
			answered(this.mailMerge, JOB_LIST, this.jobStoreOutage.recoveredAtSeq).length >= 2;
		const finished =
			(this.stuck.clockAhead !== undefined ||
				(this.afterAhead.length > 0 && allAt(sink, 'clockAhead', this.afterAhead))) &&
			(this.stuck.outage !== undefined ||
				(afterRecovery && allAt(sink, 'mailMergeOutage', [this.cancelledJob], 'jobId'))) &&
			allAt(sink, 'slowBacklog', this.backlog);
		if (finished) this.mark('every case done', true);
		return finished;
	}

	/** Waits for the cases' own steps to end (they end by themselves within STEP_WAIT_MS each). */
	async settled(): Promise<void> {
		await this.driving;
	}

	/** For the phase's log: the slow backlog's events per execution, in order. */
	backlogPerPoll(sink: Sink): number[] {
		const executions = eventsAt(sink, 'slowBacklog').map((r) => String(r.execution));
		return [...new Set(executions)].map((id) => executions.filter((e) => e === id).length);
	}

	checks(sink: Sink, n8nLog: string): Array<{ title: string; body: () => void }> {
		const stuck = (name: string) => {
			if (this.stuck[name]) assert.fail(`the case did not get that far: ${this.stuck[name]}`);
		};
		return [
			{
				title:
					'Trigger: a service whose Date header runs an hour ahead for two answers, then new faxes: each fax once, none lost',
				body: () => {
					stuck('clockAhead');
					events.assertEachOnce(
						sink,
						'clockAhead',
						[...this.beforeAhead, ...this.afterAhead],
						`each fax once (after the hour-ahead answers: ${this.afterAhead.join(', ')})`,
					);
					// Without it no poll read an answer an hour ahead, and the case proved nothing.
					assert.match(
						n8nLog,
						/"Clock Ahead": the service's clock \(Date header [^)]*\) is (59|6\d) minutes ahead/,
						"n8n's log says the service's clock was ahead and the earlier time was taken",
					);
				},
			},
			{
				title:
					'Trigger: a mail merge job store that lists no jobs and answers 2001 to every lookup for longer than a poll, then recovers: each job’s finish once',
				body: () => {
					stuck('outage');
					assert.deepEqual(events.statusRows(sink, 'mailMergeOutage'), [
						[this.finishedJob, 'COMPLETE'],
						[this.cancelledJob, 'CANCELLED'],
					]);
					// Both jobs were looked up in every poll of the outage, and every lookup failed.
					assert.ok(
						this.jobStoreOutage.lists > OUTAGE_POLLS &&
							this.jobStoreOutage.lookups >= OUTAGE_POLLS * 2,
						`the outage lasted ${this.jobStoreOutage.lists} list answers; failed lookups: ${this.jobStoreOutage.lookups}`,
					);
				},
			},
			{
				title: `Trigger: a backlog of ${SLOW_BACKLOG.faxes} faxes one poll cannot read, on a service slow for a while: the first poll emits what it read, the rest comes in slices, each fax once`,
				body: () => {
					events.assertBacklogOnce(sink, 'slowBacklog', this.backlog);
					const first = this.backlogPerPoll(sink)[0];
					assert.ok(
						first > 0 && first < SLOW_BACKLOG.faxes,
						`the first poll after the slow pages emitted ${first} of ${SLOW_BACKLOG.faxes}: its read was cut by its time budget, and it emitted what it had read`,
					);
					const searches = this.slow.control.requests({
						method: 'GET',
						path: INBOUND_SEARCH,
						sinceSeq: this.backlogFromSeq,
					});
					assert.equal(
						searches.filter((r) => r.fault !== undefined).length,
						SLOW_BACKLOG.slowPages,
						`search answers held ${this.slowPageMs / 1000} s`,
					);
					const sliced = searches.some((r) => typeof r.params.DatetimeBefore === 'string');
					assert.ok(sliced, 'a later poll read the window in slices of its time (DatetimeBefore)');
				},
			},
		];
	}

	async close(): Promise<void> {
		await Promise.all([this.clock.close(), this.mailMerge.close(), this.slow.close()]);
	}
}
