import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../emulator';
import type { HistoryEntry } from '../../emulator/control/control';
import { textPages } from '../harness/emulatorHttp';
import { credentialsFor, SEED_USERS, useEmulator } from '../harness/jest/emulator';
import {
	addFaultMix,
	capRequestTimeout,
	expectEveryFaultKind,
	faultsInjected,
	recordCounts,
	SecretWatch,
	total,
	type SuiteCounts,
} from '../harness/jest/fault-helpers';
import { sleep } from '../harness/waitUntil';
import { pollWorkflow } from '../harness/jest/poll';
import {
	expectEachOnce,
	historyAfter,
	inboundCreatedAfter,
	inboundIds,
	sorted,
	statusChanges,
} from '../harness/jest/ground-truth';
import { createJob, editFax, sendOutbound, triggerNode } from '../harness/jest/trigger-kit';

/**
 * The Fax Cloud Trigger while a fifth of its requests fail in each of the six ways: what it emits
 * must equal the emulator's ground truth, nothing missing, nothing twice. A failed poll is what
 * n8n sees as a failed poll: the next one runs on schedule.
 */

const emulator = useEmulator();
const ALICE = SEED_USERS.alice.userId;

/** Delay faults and retries take real time; this only keeps a hung poll from hanging the suite. */
const FAULT_RUN_TIMEOUT_MS = 300_000;
/** The trigger has no timeout option; the cap stands in for a network slower than its 60 s. */
const TIMEOUT_MS = 250;
/**
 * n8n's durable poll cursors (test/harness/n8n/engines.ts) store the state with the poll's
 * execution, which n8n fails to create every twentieth time (the 3rd, the 23rd, ...): then the
 * events must come again.
 */
const FAILED_EXECUTION_EVERY = 20;
/** The durable poll budget (n8n's: 36 s), small so the wait for an unstored state passes. */
const DURABLE_POLL_BUDGET_MS = 500;
/** The trigger's wait for a state n8n did not store (two poll budgets), and a little more. */
const HAND_OFF_WAIT_MS = 2 * DURABLE_POLL_BUDGET_MS + 500;

/** A completion of an outbound fax, the event Outbound Fax Status Changed emits by default. */
const isCompletion = (change: { status: string }) =>
	change.status === 'sent' || change.status === 'sendFailed';

interface FaultTest {
	suite: string;
	nodes: Record<string, IDataObject>;
	seed: number;
	/** The interface a fifth of whose reads fail; sends and injections are the world changing. */
	api?: 'fax' | 'mailMerge';
	durable?: boolean;
	/** What the service is like from the start, before the triggers are activated. */
	setUp?: (emu: Emulator) => void;
}

/**
 * A test of triggers under faults, alice's secrets watched and the request timeout capped: the
 * triggers activated before any event and fault, then a fifth of the reads (GETs) of `api`
 * faulted. `drive` makes the events, polls, checks what was emitted and returns its own counts;
 * every fault kind must have happened, no event may carry a secret, and the counts are recorded.
 */
function testUnderFaults(
	title: string,
	{ suite, nodes, seed, api = 'fax', durable = false, setUp }: FaultTest,
	drive: (run: FaultRun, emu: Emulator) => Promise<SuiteCounts>,
) {
	test(
		title,
		async () => {
			const emu = emulator();
			setUp?.(emu);
			const credentials = credentialsFor(emu, 'alice');
			const watch = SecretWatch.forCredentials(credentials);
			watch.startCapture();
			const uncap = capRequestTimeout(TIMEOUT_MS);
			try {
				const run = await activate(emu, credentials, watch, nodes, durable);
				addFaultMix(emu, { api, method: 'GET', share: 0.2, seed, delayMs: TIMEOUT_MS * 3 });
				const counts = await drive(run, emu);
				const injected = expectEveryFaultKind(emu);
				for (const [name, items] of Object.entries(run.emitted)) {
					items.forEach((item, index) => watch.expectClean(`${name} event ${index}`, item));
				}
				const logLines = watch.stopCapture();
				recordCounts(suite, {
					...counts,
					failedPolls: run.failedPolls(),
					...(durable ? { failedExecutions: run.failedExecutions() } : {}),
					faultsInjected: total(injected),
					secretsChecked: watch.checks,
					logLines,
				});
			} finally {
				uncap();
				watch.release();
			}
		},
		FAULT_RUN_TIMEOUT_MS,
	);
}

type FaultRun = Awaited<ReturnType<typeof activate>>;

/**
 * Activates the triggers (their first polls emit nothing). `pollOnce` is one poll as n8n sees it:
 * its events kept, a failure counted (and checked for secrets). The ground truth is what the
 * emulator recorded after activation.
 */
async function activate(
	emu: Emulator,
	credentials: ReturnType<typeof credentialsFor>,
	watch: SecretWatch,
	nodes: Record<string, IDataObject>,
	durable: boolean,
) {
	const triggers = pollWorkflow({
		node: triggerNode,
		credentials,
		nodes,
		...(durable ? { durableCursors: true, pollBudgetMs: DURABLE_POLL_BUDGET_MS } : {}),
	});
	const names = Object.keys(nodes);
	const executions: Record<string, number> = {};
	let failedExecutions = 0;
	let n8nFails = durable;
	/** Durable cursors: n8n creates the poll's execution, storing its state, or fails to. */
	const executionCreated = (name: string): boolean => {
		if (!durable) return true;
		executions[name] = (executions[name] ?? 0) + 1;
		if (n8nFails && executions[name] % FAILED_EXECUTION_EVERY === 3) {
			triggers[name].failExecution();
			failedExecutions++;
			return false;
		}
		triggers[name].commitExecution();
		return true;
	};
	for (const name of names) expect(await triggers[name].poll()).toBeNull();
	const inboundBaseline = emu.control.stats().inboundCount;
	const historyBaseline = emu.control.outboundHistory().length;
	const emitted: Record<string, INodeExecutionData[]> = Object.fromEntries(
		names.map((name) => [name, []]),
	);
	let failedPolls = 0;
	const inboundTruth = () => inboundCreatedAfter(emu, inboundBaseline);
	const pollOnce = async (name: string): Promise<INodeExecutionData[]> => {
		try {
			const output = await triggers[name].poll();
			if (output === null) return [];
			if (!executionCreated(name)) {
				// n8n's next poll comes after the trigger gave up waiting for the unstored state
				// (pollLock.ts); polling at once would make the requests the faults meet depend on
				// the machine's speed. Polls within the wait are durableCursors.test.ts's.
				await sleep(HAND_OFF_WAIT_MS);
				return [];
			}
			const items = output[0] ?? [];
			emitted[name].push(...items);
			return items;
		} catch (error) {
			failedPolls++;
			watch.expectClean(`failed ${name} poll`, error);
			return [];
		}
	};
	return {
		names,
		emitted,
		pollOnce,
		/** One poll of every trigger, all at once; the items of each. */
		pollAll: async () => await Promise.all(names.map(pollOnce)),
		failedPolls: () => failedPolls,
		failedExecutions: () => failedExecutions,
		/** n8n creates every execution from now on, and the wait for an unstored state passes. */
		n8nSettles: async () => {
			if (!n8nFails) return;
			n8nFails = false;
			await sleep(HAND_OFF_WAIT_MS);
		},
		inboundTruth,
		/** The status changes after activation that `keep` says the outbound trigger emits. */
		outboundTruth: (keep: (change: HistoryEntry) => boolean) =>
			historyAfter(emu, historyBaseline, keep),
		/** expectEachEventOnce for every inbound fax and the outbound changes given. */
		eachEmittedOnce: (outboundChanges: string[]) =>
			expectEachEventOnce(
				{ inbound: inboundIds(emitted.inbound), outbound: statusChanges(emitted.outbound) },
				{ inbound: inboundTruth(), outbound: [...new Set(outboundChanges)] },
			),
	};
}

/**
 * Each event of the truth, by name, emitted once and no other (the failure naming what was lost);
 * the counts of events, lost and duplicated.
 */
function expectEachEventOnce(emitted: Record<string, unknown[]>, truth: Record<string, unknown[]>) {
	const counts = { events: 0, lost: 0, duplicated: 0 };
	const lost: Record<string, unknown[]> = {};
	for (const [name, events] of Object.entries(emitted)) {
		lost[name] = truth[name].filter((event) => !events.includes(event));
		counts.events += events.length;
		counts.lost += lost[name].length;
		counts.duplicated += events.length - new Set(events).size;
	}
	expect({ lost, duplicated: counts.duplicated }).toEqual({
		lost: Object.fromEntries(Object.keys(truth).map((name) => [name, []])),
		duplicated: 0,
	});
	for (const name of Object.keys(truth)) expectEachOnce(emitted[name], truth[name]);
	return counts;
}

const POLLS = 200;
const POLL_INTERVAL_MS = 30_000;
/** Inbound faxes arriving before poll p: one each, and a burst of 81 every 40 polls (600 in all). */
const inboundBefore = (p: number) => (p % 40 === 20 ? 81 : 1);
/** Outbound sends before poll p: two each (400 in all); 1000 is refused once, 0000 is sent. */
const OUTBOUND_NUMBERS = ['12125550000', '12125551000'];
const BOTH = {
	inbound: { event: 'newInboundFax' },
	outbound: { event: 'outboundFaxStatusChanged' },
};

for (const engine of ['in-memory', 'durable'] as const) {
	testUnderFaults(
		`1,000 events over 200 polls with 20% of requests faulted, ${engine} poll engine: each emitted exactly once`,
		{
			suite: engine === 'durable' ? 'trigger-under-faults-durable' : 'trigger-under-faults',
			nodes: BOTH,
			seed: 20,
			durable: engine === 'durable',
		},
		async (run, emu) => {
			for (let p = 0; p < POLLS; p++) {
				emu.control.injectInbound({ userId: ALICE, count: inboundBefore(p) });
				for (const number of OUTBOUND_NUMBERS) {
					await sendOutbound(emu, 'alice', number, { RetryCount: '1' });
				}
				emu.control.advance(POLL_INTERVAL_MS);
				await run.pollAll();
			}
			// The last faxes finish, then the triggers catch up (faults still on).
			emu.control.advance(5 * 60_000);
			await run.n8nSettles();
			for (let extra = 0; extra < 10; extra++) await run.pollAll();

			const completions = run.outboundTruth(isCompletion);
			expect(run.inboundTruth().length + completions.length).toBe(1_000);
			const counts = run.eachEmittedOnce(completions);
			expect(completions.some((change) => change.endsWith(':sendFailed'))).toBe(true);

			// The faults really happened, about a fifth of the trigger's requests: within 0.12-0.28,
			// or four standard deviations of a fifth when there were few requests.
			const injected = total(faultsInjected(emu));
			const gets = emu.control.requests({ api: 'fax', method: 'GET' }).length;
			const spread = 4 * Math.sqrt((0.2 * 0.8) / gets);
			expect(injected / gets).toBeGreaterThan(Math.min(0.12, 0.2 - spread));
			expect(injected / gets).toBeLessThan(Math.max(0.28, 0.2 + spread));
			// At least the third execution of each trigger failed (nothing holds a trigger back before it).
			if (engine === 'durable') expect(run.failedExecutions()).toBeGreaterThanOrEqual(2);
			return counts;
		},
	);
}

const LATE_POLLS = 80;
const MAX_EVENTS = 5;
/** How late records appear after their own time, in turn: within the default allowance (10 min). */
const LATENESS_MS = [30_000, 3 * 60_000, 9 * 60_000];
const LATE_OPTIONS = { maxEventsPerPoll: MAX_EVENTS };

testUnderFaults(
	'late, edited and burst records over 80 polls of at most 5 events, 20% of requests faulted: each emitted exactly once',
	{
		suite: 'trigger-late-records',
		nodes: {
			inbound: { event: 'newInboundFax', options: LATE_OPTIONS },
			outbound: { event: 'outboundFaxStatusChanged', options: LATE_OPTIONS },
		},
		seed: 14,
	},
	async ({ emitted, pollAll, inboundTruth, outboundTruth, eachEmittedOnce }, emu) => {
		let cutShortPolls = 0;
		const pollBoth = async () => {
			for (const items of await pollAll()) if (items.length === MAX_EVENTS) cutShortPolls++;
		};

		const lateInbound: number[] = [];
		const lateOutbound: number[] = [];
		const completed: number[] = [];
		let modifiedRecords = 0;
		for (let p = 0; p < LATE_POLLS; p++) {
			emu.control.injectInbound({ userId: ALICE, count: p % 40 === 20 ? 60 : 2 });
			if (p % 4 === 0) {
				const lateByMs = LATENESS_MS[(p / 4) % LATENESS_MS.length];
				lateInbound.push(Number(emu.control.injectInbound({ userId: ALICE, lateByMs })[0].FaxId));
			}
			const faxId = await sendOutbound(emu, 'alice', OUTBOUND_NUMBERS[p % 2]);
			if (p % 3 === 0) {
				emu.control.setCompletionLag(faxId, LATENESS_MS[(p / 3) % LATENESS_MS.length]);
				lateOutbound.push(faxId);
			}
			// Another client edits an older fax of each direction (PUTs are never faulted here).
			const visible = emu.control.inboundAll();
			await editFax(emu, `inboundfaxes/${visible[(p * 7) % visible.length].FaxId}`, {
				ProjectCode: `P-${p}`,
			});
			modifiedRecords++;
			if (completed.length > 0) {
				await editFax(emu, `outboundfaxes/${completed[(p * 5) % completed.length]}`, {
					Mark: 'true',
				});
				modifiedRecords++;
			}
			emu.control.advance(60_000);
			const completions = emu.control.outboundHistory().filter(isCompletion);
			const ids = completions.map((change) => change.faxId);
			completed.push(...ids.filter((id) => !completed.includes(id)));
			await pollBoth();
		}
		// Every late record becomes visible, then the triggers catch up (faults still on).
		emu.control.advance(15 * 60_000);
		for (let extra = 0; extra < 30; extra++) await pollBoth();

		expect(inboundTruth()).toEqual(expect.arrayContaining(lateInbound));
		const counts = eachEmittedOnce(outboundTruth(isCompletion));
		const outbound = statusChanges(emitted.outbound);
		const lateEmitted = outbound.filter((change) => lateOutbound.includes(parseInt(change)));
		expect(lateEmitted).toHaveLength(lateOutbound.length);
		expect(cutShortPolls).toBeGreaterThan(10);
		return {
			...counts,
			lateRecords: lateInbound.length + lateOutbound.length,
			modifiedRecords,
			cutShortPolls,
		};
	},
);

const LEGAL_POLLS = 60;
const PAGES = 3;

testUnderFaults(
	'what the service and n8n may legally do, under faults: a session cursor, overlapping polls, images that fail, pages going out; each event exactly once',
	{
		suite: 'trigger-legal-behaviours',
		nodes: {
			inbound: { event: 'newInboundFax', attachImage: 'pdf', markAsRetrieved: true },
			outbound: { event: 'outboundFaxStatusChanged', statuses: ['sending', 'sent', 'sendFailed'] },
		},
		seed: 24,
		// One ResultsReference for every page of a search, as a session cursor keeps it.
		setUp: (emu) => emu.control.setPagingKeys('session'),
	},
	async ({ names, emitted, pollAll, outboundTruth, eachEmittedOnce }, emu) => {
		let overlappingPolls = 0;
		// Two polls of each trigger at once, as two Poll Times entries that coincide start them.
		const pollTwiceAtOnce = async () => {
			overlappingPolls += 2 * names.length;
			await Promise.all([pollAll(), pollAll()]);
		};

		const imageFailed = new Set<number>();
		const outboundSends: number[] = [];
		const letter = textPages(PAGES);
		for (let p = 0; p < LEGAL_POLLS; p++) {
			// A burst of 300 (two pages of 250) every 20 polls, else two faxes.
			const faxes = emu.control.injectInbound({ userId: ALICE, count: p % 20 === 10 ? 300 : 2 });
			if (p % 5 === 0) {
				emu.control.setImageFault('inbound', faxes[0].FaxId, p % 10 === 0 ? 'notFound' : 'empty');
				imageFailed.add(Number(faxes[0].FaxId));
			}
			const number = OUTBOUND_NUMBERS[p % 2];
			outboundSends.push(await sendOutbound(emu, 'alice', number, { RetryCount: '1' }, letter));
			emu.control.advance(20_000);
			await pollTwiceAtOnce();
		}
		emu.control.advance(5 * 60_000);
		for (let extra = 0; extra < 15; extra++) await pollTwiceAtOnce();

		// Every completion once, and every `sending` a poll could see once: a fax to ...0000
		// sends its 3 pages for well over the 20 s between polls (its CompleteTime moving at each
		// page), while one to ...1000 is refused 3 s after dialling, so a poll sees it failed,
		// not sending (a poll sees each fax's latest status, as the README says).
		const sentToLongNumber = new Set(
			outboundSends.filter(
				(faxId) => emu.control.outboundFax(faxId)?.FaxNumber === OUTBOUND_NUMBERS[0],
			),
		);
		const counts = eachEmittedOnce(
			outboundTruth(
				(change) =>
					isCompletion(change) ||
					(change.status === 'sending' && sentToLongNumber.has(Number(change.faxId))),
			),
		);

		// The images that failed came without a file and with the cause, and stayed unmarked.
		const withError = emitted.inbound.filter((item) => item.json.imageError !== undefined);
		expect(sorted(inboundIds(withError))).toEqual(sorted([...imageFailed]));
		expect(withError.every((item) => item.binary === undefined)).toBe(true);
		const marked = new Set(
			emu.control
				.requests({ api: 'fax', method: 'PUT', path: '^/v1/inboundfaxes/' })
				.map((request) => Number(request.path.split('/')[3])),
		);
		expect([...imageFailed].filter((id) => marked.has(id))).toEqual([]);
		return { ...counts, overlappingPolls, imageErrors: withError.length };
	},
);

const WRONG_POLLS = 40;
const HOUR_MS = 60 * 60_000;

testUnderFaults(
	'answers slow or wrong for a while, under faults: images that never answer, Date headers an hour ahead; each event exactly once',
	{
		suite: 'trigger-slow-or-wrong',
		nodes: { ...BOTH, inbound: { event: 'newInboundFax', attachImage: 'pdf' } },
		seed: 31,
	},
	async ({ names, emitted, pollOnce, outboundTruth, eachEmittedOnce }, emu) => {
		const silentImages: number[] = [];
		let aheadAnswers = 0;
		const pollInTurn = async () => {
			for (const name of names) await pollOnce(name);
		};
		for (let p = 0; p < WRONG_POLLS; p++) {
			const faxes = emu.control.injectInbound({ userId: ALICE, count: 2 });
			if (p % 8 === 3) {
				emu.control.setImageFault('inbound', faxes[0].FaxId, 'noAnswer');
				silentImages.push(Number(faxes[0].FaxId));
			}
			await sendOutbound(emu, 'alice', OUTBOUND_NUMBERS[p % 2], { RetryCount: '1' });
			emu.control.advance(30_000);
			// One front end an hour ahead answers the next two requests, now and then.
			if (p % 6 === 2) {
				emu.control.setDateHeaderOffset(HOUR_MS, 2);
				aheadAnswers += 2;
			}
			await pollInTurn();
		}
		emu.control.advance(5 * 60_000);
		for (let extra = 0; extra < 10; extra++) await pollInTurn();

		const counts = eachEmittedOnce(outboundTruth(isCompletion));
		// A fax whose image never came was emitted without it, with the cause.
		const silent = emitted.inbound.filter((item) => silentImages.includes(Number(item.json.FaxId)));
		expect(silent).toHaveLength(silentImages.length);
		expect(silent.every((item) => item.binary === undefined && item.json.imageError)).toBe(true);
		for (const faxId of silentImages) emu.control.setImageFault('inbound', faxId, null);
		return { ...counts, imageErrors: silent.length, wrongDateHeaders: aheadAnswers };
	},
);

const OUTAGE_RUN_POLLS = 48;
/** Every 12 polls the job store fails for 3 polls: longer than one poll. */
const OUTAGE_EVERY = 12;
const OUTAGE_POLLS = 3;

testUnderFaults(
	'mail merge job store outages under faults: no jobs listed and 2001 to every lookup for 3 polls at a time, then recovery; each job finished once',
	{
		suite: 'trigger-mail-merge-outages',
		nodes: { job: { event: 'mailMergeJobFinished' } },
		seed: 37,
		api: 'mailMerge',
	},
	async ({ emitted, pollOnce }, emu) => {
		const created: number[] = [];
		const cancelled: number[] = [];
		/** Request numbers of each outage, from its start to its end. */
		const outages: Array<[number, number]> = [];
		let outagePolls = 0;
		let longJob = 0;
		for (let p = 0; p < OUTAGE_RUN_POLLS; p++) {
			// A job of one line each poll (done in 2 s); every fourth poll one of 20 lines (40 s),
			// cancelled a poll later, so outages meet jobs finished, in process and cancelled.
			created.push(await createJob(emu, 1));
			if (p % 4 === 0) {
				longJob = await createJob(emu, 20);
				created.push(longJob);
			}
			if (p % 4 === 1) {
				emu.control.cancelJob(longJob);
				cancelled.push(longJob);
			}
			const phase = p % OUTAGE_EVERY;
			if (phase === OUTAGE_EVERY / 2) {
				// HTTP 200 in one outage, 500 in the next: 2001 proves nothing either way.
				emu.control.failJobLookups(outages.length % 2 === 0 ? 200 : 500);
				outages.push([emu.control.lastSeq(), Infinity]);
			}
			if (phase === OUTAGE_EVERY / 2 + OUTAGE_POLLS) {
				emu.control.failJobLookups(null);
				outages[outages.length - 1][1] = emu.control.lastSeq();
			}
			if (phase >= OUTAGE_EVERY / 2 && phase < OUTAGE_EVERY / 2 + OUTAGE_POLLS) outagePolls++;
			emu.control.advance(30_000);
			await pollOnce('job');
		}
		// The last jobs finish, then the trigger catches up (faults still on).
		emu.control.advance(5 * 60_000);
		for (let extra = 0; extra < 10; extra++) await pollOnce('job');

		const ids = emitted.job.map((item) => Number(item.json.ID));
		const counts = expectEachEventOnce({ job: ids }, { job: created });
		const statusOf = new Map(emitted.job.map((item) => [Number(item.json.ID), item.json.Status]));
		expect(cancelled.map((id) => statusOf.get(id))).toEqual(cancelled.map(() => 'CANCELLED'));
		// Each outage met jobs the trigger knew: it looked them up, and the lookups failed.
		const lookups = emu.control
			.requests({ api: 'mailMerge', method: 'GET', path: '^/v1/Job/\\d+$' })
			.filter((request) => request.fault === undefined);
		for (const [from, to] of outages) {
			const during = lookups.filter((request) => request.seq > from && request.seq <= to);
			expect(during.length).toBeGreaterThan(OUTAGE_POLLS);
		}
		return { ...counts, outagePolls };
	},
);
