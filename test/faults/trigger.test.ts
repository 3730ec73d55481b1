import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator } from '../../emulator';
import type { HistoryEntry } from '../../emulator/control/control';
import { textFile } from '../harness/emulatorHttp';
import { credentialsFor, SEED_USERS, useEmulator } from '../harness/jest/emulator';
import type { TestCredentials } from '../harness/jest/credentials-helper';
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
import { pollTrigger, pollWorkflow } from '../harness/jest/poll';
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

/** Delay faults and retries take real time; this only keeps a hung poll from hanging the suite. */
const FAULT_RUN_TIMEOUT_MS = 300_000;

type Direction = 'inbound' | 'outbound';

/**
 * n8n's two poll engines (test/harness/n8n/engines.ts). Under durable cursors the state is stored
 * with the poll's execution, which n8n fails to create every twentieth time (the 3rd, the 23rd,
 * ...): then the events must come again.
 */
type PollEngine = 'in-memory' | 'durable';
const FAILED_EXECUTION_EVERY = 20;
/** The durable poll budget (n8n's: 36 s), small so the wait for an unstored state passes. */
const DURABLE_POLL_BUDGET_MS = 500;
/** The trigger's wait for a state n8n did not store (two poll budgets), and a little more. */
const HAND_OFF_WAIT_MS = 2 * DURABLE_POLL_BUDGET_MS + 500;

/** A completion of an outbound fax, the event Outbound Fax Status Changed emits by default. */
const isCompletion = (change: { status: string }) =>
	change.status === 'sent' || change.status === 'sendFailed';

/**
 * The frame of every run under faults: alice's secrets watched, the request timeout capped. `run`
 * returns what each trigger emitted and its counts; every fault kind must have happened, no event
 * may carry a secret, and the counts are recorded as `suite`.
 */
async function watchedFaultRun(
	emu: Emulator,
	suite: string,
	run: (
		credentials: TestCredentials,
		watch: SecretWatch,
	) => Promise<{ emitted: Record<string, INodeExecutionData[]>; counts: SuiteCounts }>,
) {
	const credentials = credentialsFor(emu, 'alice');
	const watch = SecretWatch.forCredentials(credentials);
	watch.startCapture();
	const uncap = capRequestTimeout(TIMEOUT_MS);
	try {
		const { emitted, counts } = await run(credentials, watch);
		const injected = expectEveryFaultKind(emu);
		for (const [name, items] of Object.entries(emitted)) {
			items.forEach((item, index) => watch.expectClean(`${name} event ${index}`, item));
		}
		uncap();
		const logLines = watch.stopCapture();
		recordCounts(suite, {
			...counts,
			faultsInjected: total(injected),
			secretsChecked: watch.checks,
			logLines,
		});
	} finally {
		uncap();
		watch.release();
	}
}

interface FaultTest {
	/** The name the counts are recorded under. */
	suite: string;
	nodes: Record<Direction, IDataObject>;
	seed: number;
	engine?: PollEngine;
	/** What the service is like from the start, before the triggers are activated. */
	setUp?: (emu: Emulator) => void;
}

/**
 * A test of an inbound and an outbound trigger under faults: both activated before any event and
 * fault, then a fifth of the fax GETs faulted (sends and injections are the world changing, not the
 * trigger). `drive` makes the events, polls, checks what was emitted and returns its own counts.
 */
function testUnderFaults(
	title: string,
	{ suite, nodes, seed, engine = 'in-memory', setUp }: FaultTest,
	drive: (run: FaultRun, emu: Emulator) => Promise<SuiteCounts>,
) {
	test(
		title,
		async () => {
			const emu = emulator();
			setUp?.(emu);
			await watchedFaultRun(emu, suite, async (credentials, watch) => {
				const run = await activateUnderFaults(emu, credentials, watch, nodes, seed, engine);
				const counts = await drive(run, emu);
				const failedExecutions =
					engine === 'durable' ? { failedExecutions: run.failedExecutions() } : {};
				return {
					emitted: run.emitted,
					counts: { ...counts, failedPolls: run.failedPolls(), ...failedExecutions },
				};
			});
		},
		FAULT_RUN_TIMEOUT_MS,
	);
}

type FaultRun = Awaited<ReturnType<typeof activateUnderFaults>>;

/** A fifth of the reads (GETs) of one interface faulted, each delay past the capped timeout. */
const faultAFifthOfReads = (emu: Emulator, api: 'fax' | 'mailMerge', seed: number) =>
	addFaultMix(emu, { api, method: 'GET', share: 0.2, seed, delayMs: TIMEOUT_MS * 3 });

/**
 * Activates the two triggers and turns the faults on. `pollOnce` is one poll as n8n sees it: its
 * events kept, a failure counted (and checked for secrets). The ground truth is what the emulator
 * recorded after the baseline.
 */
async function activateUnderFaults(
	emu: Emulator,
	credentials: ReturnType<typeof credentialsFor>,
	watch: SecretWatch,
	nodes: Record<Direction, IDataObject>,
	seed: number,
	engine: PollEngine,
) {
	const durableCursors = engine === 'durable';
	const triggers = pollWorkflow({
		node: triggerNode,
		credentials,
		nodes,
		...(durableCursors ? { durableCursors, pollBudgetMs: DURABLE_POLL_BUDGET_MS } : {}),
	});
	const executions: Record<Direction, number> = { inbound: 0, outbound: 0 };
	let failedExecutions = 0;
	let n8nFails = durableCursors;
	/** Durable cursors: n8n creates the poll's execution, storing its state, or fails to. */
	const executionCreated = (name: Direction): boolean => {
		if (!durableCursors) return true;
		if (n8nFails && ++executions[name] % FAILED_EXECUTION_EVERY === 3) {
			triggers[name].failExecution();
			failedExecutions++;
			return false;
		}
		triggers[name].commitExecution();
		return true;
	};
	const names = ['inbound', 'outbound'] as const;
	for (const name of names) expect(await triggers[name].poll()).toBeNull();
	const inboundBaseline = emu.control.stats().inboundCount;
	const historyBaseline = emu.control.outboundHistory().length;
	faultAFifthOfReads(emu, 'fax', seed);
	const emitted: Record<Direction, INodeExecutionData[]> = { inbound: [], outbound: [] };
	let failedPolls = 0;
	const inboundTruth = () => inboundCreatedAfter(emu, inboundBaseline);
	const pollOnce = async (name: Direction): Promise<INodeExecutionData[]> => {
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
		failedPolls: () => failedPolls,
		failedExecutions: () => failedExecutions,
		/** n8n creates every execution from now on, and the wait for an unstored state passes. */
		n8nSettles: async () => {
			if (!n8nFails) return;
			n8nFails = false;
			await sleep(HAND_OFF_WAIT_MS);
		},
		inboundTruth,
		/** The status changes after the baseline that `keep` says the outbound trigger emits. */
		outboundTruth: (keep: (change: HistoryEntry) => boolean) =>
			historyAfter(emu, historyBaseline, keep),
		/**
		 * No event lost, none emitted twice (the failure naming each); the outbound truth given.
		 * Returns what was emitted and the counts of events, lost and duplicated.
		 */
		eachEmittedOnce: (outboundChanges: string[]) => {
			const inbound = inboundIds(emitted.inbound);
			const outbound = statusChanges(emitted.outbound);
			const duplicated =
				inbound.length - new Set(inbound).size + outbound.length - new Set(outbound).size;
			const lostInbound = inboundTruth().filter((id) => !inbound.includes(id));
			const lostOutbound = outboundChanges.filter((change) => !outbound.includes(change));
			expect({ lostInbound, lostOutbound, duplicated }).toEqual({
				lostInbound: [],
				lostOutbound: [],
				duplicated: 0,
			});
			const events = inbound.length + outbound.length;
			const lost = lostInbound.length + lostOutbound.length;
			return { inbound, outbound, counts: { events, lost, duplicated } };
		},
	};
}

const POLLS = 200;
const POLL_INTERVAL_MS = 30_000;
/** The trigger has no timeout option; the cap stands in for a network slower than its 60 s. */
const TIMEOUT_MS = 250;

/** Inbound faxes arriving before poll p: one each, and a burst of 81 every 40 polls (600 in all). */
const inboundBefore = (p: number) => (p % 40 === 20 ? 81 : 1);
/** Outbound sends before poll p: two each (400 in all); 1000 is refused once, 0000 is sent. */
const OUTBOUND_NUMBERS = ['12125550000', '12125551000'];

for (const engine of ['in-memory', 'durable'] as const) {
	testUnderFaults(
		`1,000 events over 200 polls with 20% of requests faulted, ${engine} poll engine: each emitted exactly once`,
		{
			suite: engine === 'durable' ? 'trigger-under-faults-durable' : 'trigger-under-faults',
			nodes: {
				inbound: { event: 'newInboundFax' },
				outbound: { event: 'outboundFaxStatusChanged' },
			},
			seed: 20,
			engine,
		},
		async (run, emu) => {
			const pollBoth = async () => await Promise.all(run.names.map(run.pollOnce));

			let events = 0;
			for (let p = 0; p < POLLS; p++) {
				emu.control.injectInbound({ userId: SEED_USERS.alice.userId, count: inboundBefore(p) });
				for (const number of OUTBOUND_NUMBERS) {
					await sendOutbound(emu, 'alice', number, { RetryCount: '1' });
				}
				events += inboundBefore(p) + OUTBOUND_NUMBERS.length;
				emu.control.advance(POLL_INTERVAL_MS);
				await pollBoth();
			}
			// The last faxes finish, then the triggers catch up (faults still on).
			emu.control.advance(5 * 60_000);
			await run.n8nSettles();
			for (let extra = 0; extra < 10; extra++) await pollBoth();

			// Ground truth: the emulator's own records of what happened after the baseline.
			const completions = run.outboundTruth(isCompletion);
			expect(events).toBe(1_000);
			expect(run.inboundTruth().length + completions.length).toBe(events);

			const inbound = inboundIds(run.emitted.inbound);
			const outbound = statusChanges(run.emitted.outbound);
			expectEachOnce(inbound, run.inboundTruth());
			expectEachOnce(outbound, completions);
			expect(completions.some((change) => change.endsWith(':sendFailed'))).toBe(true);

			// The faults really happened, about a fifth of the trigger's requests.
			const injected = total(faultsInjected(emu));
			const gets = emu.control.requests({ api: 'fax', method: 'GET' }).length;
			// Within 0.12-0.28, or four standard deviations of a fifth when there were few requests.
			const spread = 4 * Math.sqrt((0.2 * 0.8) / gets);
			expect(injected / gets).toBeGreaterThan(Math.min(0.12, 0.2 - spread));
			expect(injected / gets).toBeLessThan(Math.max(0.28, 0.2 + spread));
			// At least the third execution of each trigger failed (nothing holds a trigger back before it).
			if (engine === 'durable') expect(run.failedExecutions()).toBeGreaterThanOrEqual(2);
			return { events: inbound.length + outbound.length };
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
	async ({ names, emitted, pollOnce, inboundTruth, outboundTruth }, emu) => {
		let cutShortPolls = 0;
		const pollBoth = async () =>
			await Promise.all(
				names.map(async (name) => {
					if ((await pollOnce(name)).length === MAX_EVENTS) cutShortPolls++;
				}),
			);

		const lateInbound: number[] = [];
		const lateOutbound: number[] = [];
		const completed: number[] = [];
		let modifiedRecords = 0;
		for (let p = 0; p < LATE_POLLS; p++) {
			const userId = SEED_USERS.alice.userId;
			emu.control.injectInbound({ userId, count: p % 40 === 20 ? 60 : 2 });
			if (p % 4 === 0) {
				const lateByMs = LATENESS_MS[(p / 4) % LATENESS_MS.length];
				lateInbound.push(Number(emu.control.injectInbound({ userId, lateByMs })[0].FaxId));
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
			completed.push(
				...emu.control
					.outboundHistory()
					.filter(isCompletion)
					.map((change) => change.faxId)
					.filter((id) => !completed.includes(id)),
			);
			await pollBoth();
		}
		// Every late record becomes visible, then the triggers catch up (faults still on).
		emu.control.advance(15 * 60_000);
		for (let extra = 0; extra < 30; extra++) await pollBoth();

		const inbound = inboundIds(emitted.inbound);
		const outbound = statusChanges(emitted.outbound);
		expect(inboundTruth()).toEqual(expect.arrayContaining(lateInbound));
		expectEachOnce(inbound, inboundTruth());
		expectEachOnce(outbound, outboundTruth(isCompletion));
		const lateEmitted = outbound.filter((change) => lateOutbound.includes(parseInt(change)));
		expect(lateEmitted).toHaveLength(lateOutbound.length);
		expect(cutShortPolls).toBeGreaterThan(10);
		return {
			events: inbound.length + outbound.length,
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
	async ({ names, emitted, pollOnce, inboundTruth, outboundTruth, eachEmittedOnce }, emu) => {
		let overlappingPolls = 0;
		// Two polls of each trigger at once, as two Poll Times entries that coincide start them.
		const pollTwiceAtOnce = async () =>
			await Promise.all(
				names.flatMap((name) =>
					[0, 1].map(async () => {
						overlappingPolls++;
						await pollOnce(name);
					}),
				),
			);

		const imageFailed = new Set<number>();
		const outboundSends: number[] = [];
		const text = Array.from({ length: PAGES * 66 }, (_, i) => `line ${i + 1}`).join('\n');
		for (let p = 0; p < LEGAL_POLLS; p++) {
			// A burst of 300 (two pages of 250) every 20 polls, else two faxes.
			const faxes = emu.control.injectInbound({
				userId: SEED_USERS.alice.userId,
				count: p % 20 === 10 ? 300 : 2,
			});
			if (p % 5 === 0) {
				const faxId = Number(faxes[0].FaxId);
				emu.control.setImageFault('inbound', faxes[0].FaxId, p % 10 === 0 ? 'notFound' : 'empty');
				imageFailed.add(faxId);
			}
			outboundSends.push(
				await sendOutbound(
					emu,
					'alice',
					OUTBOUND_NUMBERS[p % 2],
					{ RetryCount: '1' },
					textFile(text),
				),
			);
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
		const outboundChanges = outboundTruth(
			(change) =>
				isCompletion(change) ||
				(change.status === 'sending' && sentToLongNumber.has(Number(change.faxId))),
		);
		const { inbound, outbound, counts } = eachEmittedOnce(outboundChanges);
		expect(sorted(inbound)).toEqual(sorted(inboundTruth()));
		expect(sorted(outbound)).toEqual(sorted([...new Set(outboundChanges)]));

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
		nodes: {
			inbound: { event: 'newInboundFax', attachImage: 'pdf' },
			outbound: { event: 'outboundFaxStatusChanged' },
		},
		seed: 31,
	},
	async ({ names, emitted, pollOnce, outboundTruth, eachEmittedOnce }, emu) => {
		const silentImages: number[] = [];
		let aheadAnswers = 0;
		for (let p = 0; p < WRONG_POLLS; p++) {
			const faxes = emu.control.injectInbound({ userId: SEED_USERS.alice.userId, count: 2 });
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
			for (const name of names) await pollOnce(name);
		}
		emu.control.advance(5 * 60_000);
		for (let extra = 0; extra < 10; extra++) {
			for (const name of names) await pollOnce(name);
		}

		const { counts } = eachEmittedOnce(outboundTruth(isCompletion));
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

test(
	'mail merge job store outages under faults: no jobs listed and 2001 to every lookup for 3 polls at a time, then recovery; each job finished once',
	async () => {
		const emu = emulator();
		await watchedFaultRun(emu, 'trigger-mail-merge-outages', async (credentials, watch) => {
			const trigger = pollTrigger({
				node: triggerNode,
				credentials,
				parameters: { event: 'mailMergeJobFinished' },
			});
			expect(await trigger.poll()).toBeNull();
			// A fifth of the trigger's reads fail; creating and cancelling jobs is the world changing.
			faultAFifthOfReads(emu, 'mailMerge', 37);
			const emitted: INodeExecutionData[] = [];
			let failedPolls = 0;
			const pollOnce = async () => {
				try {
					emitted.push(...(await trigger.pollItems()));
				} catch (error) {
					failedPolls++;
					watch.expectClean('failed mail merge poll', error);
				}
			};

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
				await pollOnce();
			}
			// The last jobs finish, then the trigger catches up (faults still on).
			emu.control.advance(5 * 60_000);
			for (let extra = 0; extra < 10; extra++) await pollOnce();

			const ids = emitted.map((item) => Number(item.json.ID));
			const duplicated = ids.length - new Set(ids).size;
			const lost = created.filter((id) => !ids.includes(id));
			expect({ lost, duplicated }).toEqual({ lost: [], duplicated: 0 });
			expectEachOnce(ids, created);
			const statusOf = new Map(emitted.map((item) => [Number(item.json.ID), item.json.Status]));
			expect(cancelled.map((id) => statusOf.get(id))).toEqual(cancelled.map(() => 'CANCELLED'));
			// Each outage met jobs the trigger knew: it looked them up, and the lookups failed.
			const lookups = emu.control
				.requests({ api: 'mailMerge', method: 'GET', path: '^/v1/Job/\\d+$' })
				.filter((request) => request.fault === undefined);
			for (const [from, to] of outages) {
				const during = lookups.filter((request) => request.seq > from && request.seq <= to);
				expect(during.length).toBeGreaterThan(OUTAGE_POLLS);
			}
			return {
				emitted: { job: emitted },
				counts: { events: ids.length, lost: lost.length, duplicated, outagePolls, failedPolls },
			};
		});
	},
	FAULT_RUN_TIMEOUT_MS,
);
