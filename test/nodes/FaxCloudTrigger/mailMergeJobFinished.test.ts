// Mail Merge Job Finished: each job that completes or is cancelled after the activation, once.
import { LIST_ORDERS } from '../../../emulator/mailmerge/mailmerge-service';
import { call } from '../../harness/emulatorHttp';
import type { PolledTrigger } from '../../harness/jest/poll';
import { SEED_USERS } from '../../harness/jest/emulator';
import { sendJson, useScriptedServers } from '../../harness/jest/scripted-server';
import { drain, watchFromNow, watchTrigger, useTriggerEmulator, withLog } from './triggerHelpers';
import { createJob, triggerOnScriptedService } from '../../harness/jest/trigger-kit';

const emu = useTriggerEmulator();
const scripted = useScriptedServers();

const JOB_FINISHED = { event: 'mailMergeJobFinished' };

const jobIds = (items: { json: { ID?: unknown } }[]) => items.map((item) => Number(item.json.ID));
const emittedUntilQuiet = async (trigger: PolledTrigger) => (await drain(trigger)).flatMap(jobIds);

describe('Fax Cloud Trigger: Mail Merge Job Finished', () => {
	test.each(LIST_ORDERS)(
		'each job that completes or is cancelled after the activation is emitted once, oldest first (service listing %s)',
		async (order) => {
			emu.control.setMailMergeListOrder(order);
			// A job finished before the activation.
			await createJob(emu, 1);
			emu.control.advance(10_000);
			const runningAtActivation = await createJob(emu, 5);
			const trigger = watchTrigger(emu, JOB_FINISHED);
			expect(await trigger.poll()).toBeNull();
			expect(trigger.staticData()).toMatchObject({
				windowStart: null,
				pending: [runningAtActivation],
			});

			const quick = await createJob(emu, 1);
			const cancelled = await createJob(emu, 10);
			await createJob(emu, 1, 'bob');
			emu.control.advance(4_000);
			emu.control.cancelJob(cancelled);
			const finished = await trigger.pollItems();
			expect(jobIds(finished)).toEqual([quick, cancelled]);
			// A cancelled job carries its status and cancellation time.
			expect(finished[1].json).toMatchObject({
				Status: 'CANCELLED',
				LastCompletedLine: 2,
				CancelledOn: '2026-01-05T09:00:14.000Z',
				CreatedOn: '2026-01-05T09:00:10.000Z',
			});

			emu.control.advance(60_000);
			expect((await trigger.pollItems()).map((item) => item.json)).toEqual([
				expect.objectContaining({
					ID: runningAtActivation,
					Status: 'COMPLETE',
					LastCompletedLine: 5,
					ExpectedFaxCount: 5,
					CancelledOn: null,
				}),
			]);
			expect(await drain(trigger)).toEqual([]);
			expect(trigger.staticData().pending).toEqual([]);
		},
	);

	test('a failed job list changes no state; the next poll emits the finished job', async () => {
		const trigger = await watchFromNow(emu, JOB_FINISHED);
		const job = await createJob(emu, 1);
		await trigger.poll();
		const before = trigger.staticData();
		emu.control.advance(10_000);
		emu.control.setMailMergeOutage(true);
		await expect(trigger.poll()).rejects.toThrow(/2000/);
		expect(trigger.staticData()).toEqual(before);
		emu.control.setMailMergeOutage(false);
		expect(jobIds(await trigger.pollItems())).toEqual([job]);
	});

	test('Max Events per Poll caps the finished jobs a poll emits; the next polls emit the rest, each once', async () => {
		const trigger = await watchFromNow(emu, { ...JOB_FINISHED, options: { maxEventsPerPoll: 2 } });
		const jobs: number[] = [];
		for (let i = 0; i < 5; i++) jobs.push(await createJob(emu, 1));
		emu.control.advance(10_000);
		const polls = (await drain(trigger)).map(jobIds);
		expect(polls.map((ids) => ids.length)).toEqual([2, 2, 1]);
		expect(polls.flat()).toEqual(jobs);
	});

	test('Fetch Test Event shows the most recent finished job and stores nothing', async () => {
		await createJob(emu, 1);
		emu.control.advance(60_000);
		const latest = await createJob(emu, 1);
		emu.control.advance(10_000);
		await createJob(emu, 20);
		const trigger = watchTrigger(emu, JOB_FINISHED);
		expect(jobIds(await trigger.pollItems('manual'))).toEqual([latest]);
		expect(trigger.staticData()).toEqual({});
		expect(emu.control.requests({ api: 'mailMerge', method: 'GET' })[0].path).toBe('/v1/Job');
	});
});

/** Two jobs in process (of `first` and `second` CSV lines), both pending after a quiet poll. */
async function withTwoPendingJobs(first: number, second: number) {
	const trigger = await watchFromNow(emu, JOB_FINISHED);
	const jobs = { first: await createJob(emu, first), second: await createJob(emu, second) };
	expect(await trigger.poll()).toBeNull();
	expect(trigger.staticData().pending).toEqual([jobs.first, jobs.second]);
	return { trigger, ...jobs };
}

describe('Mail Merge Job Finished: answers that lack a job', () => {
	test('a job in process left out of one list answer is still emitted once when it completes', async () => {
		const { trigger, first: slow, second: quick } = await withTwoPendingJobs(5, 1);

		// Left out while still in process: it stays pending.
		emu.control.omitJobOnce(slow);
		expect(await trigger.poll()).toBeNull();
		emu.control.advance(60_000);
		expect(jobIds(await trigger.pollItems())).toEqual([slow, quick]);

		// Left out after it completed: the poll that misses it in the list still emits it.
		const late = await createJob(emu, 3);
		expect(await trigger.poll()).toBeNull();
		emu.control.advance(60_000);
		emu.control.omitJobOnce(late);
		expect(jobIds(await trigger.pollItems())).toEqual([late]);
		expect(await emittedUntilQuiet(trigger)).toEqual([]);
		expect(trigger.staticData().pending).toEqual([]);
	});

	test('a list answer without Jobs loses nothing and repeats nothing', async () => {
		// A job finished before the activation.
		await createJob(emu, 1);
		emu.control.advance(10_000);
		const trigger = await watchFromNow(emu, JOB_FINISHED);
		const running = await createJob(emu, 30);
		const emitted = jobIds(await trigger.pollItems());
		const finishedEarly = await createJob(emu, 1);
		emu.control.advance(20_000);
		expect(jobIds(await trigger.pollItems())).toEqual([finishedEarly]);
		const another = await createJob(emu, 2);
		emu.control.advance(60_000);

		emu.control.listWithoutJobsOnce();
		// The answer without a list tells nothing about new jobs; the job in process is looked up.
		emitted.push(...jobIds(await trigger.pollItems()));
		emitted.push(...(await emittedUntilQuiet(trigger)));
		expect(emitted.sort((a, b) => a - b)).toEqual([running, another]);
	});

	test('a job in process that the service says does not exist is dropped, with a log line', async () => {
		const { trigger, first: gone, second: kept } = await withTwoPendingJobs(30, 30);
		emu.control.removeJob(gone);
		const [polled, logLines] = await withLog(() => trigger.poll());
		expect(polled).toBeNull();
		expect(trigger.staticData().pending).toEqual([kept]);
		// Its node and workflow named, to find it among many active workflows.
		const line = logLines.find((text) =>
			new RegExp(`mail merge job ${gone}\\b.*not found`, 'i').test(text),
		);
		expect(line).toMatch(/"message":"Fax Cloud Trigger \\"Fax Cloud Trigger\\": mail merge job/);
		expect(line).toMatch(/"workflowId":"poll-test-workflow-\d+","nodeName":"Fax Cloud Trigger"/);
		const lookUps = emu.control.requests({ api: 'mailMerge', path: `^/v1/Job/${gone}$` });
		expect(lookUps.map((r) => r.status)).toEqual([404]);
		emu.control.advance(120_000);
		expect(await emittedUntilQuiet(trigger)).toEqual([kept]);
	});

	test.each([200, 500])(
		'an outage that lists no jobs and answers 2001 (HTTP %i) to every lookup for 3 polls forgets no job: each emitted once after it',
		async (httpStatus) => {
			const trigger = await watchFromNow(emu, JOB_FINISHED);
			const done = await createJob(emu, 1);
			const running = await createJob(emu, 30);
			emu.control.advance(10_000);
			expect(jobIds(await trigger.pollItems())).toEqual([done]);
			emu.control.failJobLookups(httpStatus);
			const [, log] = await withLog(async () => {
				for (let poll = 0; poll < 3; poll++) {
					emu.control.advance(60_000);
					expect(await trigger.poll()).toBeNull();
				}
			});
			// Both jobs are still known and the one in process still watched.
			expect(trigger.staticData()).toMatchObject({ pending: [running] });
			expect(log).toContainEqual(expect.stringMatching(/job \d+ could not be looked up.*2001/));
			emu.control.failJobLookups(null);
			expect(await emittedUntilQuiet(trigger)).toEqual([running]);
		},
	);

	test('a failed look-up keeps the job; it is emitted once the service answers again', async () => {
		const trigger = await watchFromNow(emu, JOB_FINISHED);
		const job = await createJob(emu, 1);
		const other = await createJob(emu, 1, 'alice');
		await trigger.poll();
		emu.control.advance(10_000);
		emu.control.omitJobOnce(job);
		emu.control.addFault({ api: 'mailMerge', path: `^/v1/Job/${job}$`, kind: 'http500', count: 3 });
		expect(jobIds(await trigger.pollItems())).toEqual([other]);
		expect(trigger.staticData().pending).toEqual([job]);
		expect(await emittedUntilQuiet(trigger)).toEqual([job]);
	});

	test('a finished job already emitted and left out of one list answer is not emitted again', async () => {
		const trigger = await watchFromNow(emu, JOB_FINISHED);
		const job = await createJob(emu, 1);
		emu.control.advance(60_000);
		expect(jobIds(await trigger.pollItems())).toEqual([job]);
		// Missing from the list, it is looked up: found finished, it was emitted already.
		emu.control.omitJobOnce(job);
		expect(await trigger.pollItems()).toEqual([]);
		expect(emu.control.requests({ api: 'mailMerge', path: `^/v1/Job/${job}$` })).toHaveLength(1);
		expect(await emittedUntilQuiet(trigger)).toEqual([]);
	});
});

describe('Mail Merge Job Finished: times on a clock with daylight saving time', () => {
	test('jobs created across a fall-back change are each emitted once when they finish', async () => {
		emu.control.setMailMergeTimeZone('America/New_York');
		// 01:30 EDT; at 06:00Z New York goes back from 02:00 EDT to 01:00 EST.
		emu.control.setTime('2026-11-01T05:30:00Z');
		const trigger = await watchFromNow(emu, JOB_FINISHED);
		const created: number[] = [];
		const emitted: number[] = [];
		const pollAll = async () => emitted.push(...jobIds(await trigger.pollItems()));
		// A job every 10 minutes from 01:40 EDT to 01:50 EST, polled in between.
		for (let step = 0; step < 9; step++) {
			emu.control.advance(step === 0 ? 10 * 60_000 : 10 * 60_000 - 10_000);
			created.push(await createJob(emu, step % 3 === 0 ? 20 : 1));
			emu.control.advance(10_000);
			await pollAll();
		}
		emu.control.advance(10 * 60_000);
		emitted.push(...(await emittedUntilQuiet(trigger)));
		expect(emitted.sort((a, b) => a - b)).toEqual(created);
		const list = await call('GET', `${emu.urls.mailMerge}/Job`, { auth: SEED_USERS.alice });
		const createdOn = list.json.Jobs.map((job: { CreatedOn: string }) =>
			job.CreatedOn.slice(11, 16),
		);
		// The wall clock went back: the same CreatedOn hour twice.
		expect(createdOn.join(' ')).toBe('01:40 01:50 01:00 01:10 01:20 01:30 01:40 01:50 02:00');
	});
});

describe('Mail Merge Job Finished: what the state keeps', () => {
	test('a state kept before job IDs (window over CreatedOn) neither repeats nor loses a job', async () => {
		const old = await createJob(emu, 1);
		emu.control.advance(10 * 60_000);
		const emitted = await createJob(emu, 1);
		const running = await createJob(emu, 30);
		emu.control.advance(5_000);
		const unseen = await createJob(emu, 1);
		emu.control.advance(5_000);
		const trigger = watchTrigger(emu, JOB_FINISHED);
		// What the trigger stored at 09:10:04: the window from 09:05, two jobs of 09:10 handled.
		const before = {
			version: 2,
			watching: 'mailMergeJobFinished',
			windowStart: '2026-01-05T09:05:00.000Z',
			seen: { '2026-01-05T09:10:00.000Z': [`job:${emitted}`, `job:${running}`] },
			pending: [running],
		};
		trigger.setStaticData(before);
		// Without a list the old state cannot be read against the jobs: it is kept, tagged.
		emu.control.listWithoutJobsOnce();
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData()).toEqual({
			...before,
			account: JSON.stringify([emu.urls.mailMerge, SEED_USERS.alice.userId]),
			generation: 1,
		});

		expect(jobIds(await trigger.pollItems())).toEqual([unseen]);
		expect(trigger.staticData()).toMatchObject({
			jobs: expect.arrayContaining([old, emitted, running, unseen]),
			pending: [running],
		});
		emu.control.advance(60_000);
		expect(await emittedUntilQuiet(trigger)).toEqual([running]);
	});

	test('a state kept before job IDs: a finished job whose CreatedOn cannot be read counts as handled, a job created in the window is emitted', async () => {
		const job = (ID: number, CreatedOn: string) => ({
			ID,
			Status: 'COMPLETE',
			CreatedOn,
			ExpectedFaxCount: 1,
			LastCompletedLine: 1,
		});
		const jobs = [job(7, 'not a date'), job(8, '2026-01-05T09:06:00')];
		const server = await scripted((request, _count, res) => {
			if (request.url !== '/mm/v1/Job') return sendJson(res, 404, {});
			sendJson(res, 200, { RequestStatus: { StatusCode: 0, StatusText: 'OK' }, Jobs: jobs });
		});
		const trigger = triggerOnScriptedService(server.url, JOB_FINISHED);
		trigger.setStaticData({
			version: 2,
			watching: 'mailMergeJobFinished',
			windowStart: '2026-01-05T09:05:00.000Z',
			seen: {},
			pending: [],
		});
		expect(jobIds(await trigger.pollItems())).toEqual([8]);
		expect(trigger.staticData().jobs).toEqual(expect.arrayContaining([7, 8]));
		expect(await trigger.pollItems()).toEqual([]);
	});

	test('finished jobs the service no longer has are forgotten, at most 20 look-ups a poll', async () => {
		const trigger = await watchFromNow(emu, { ...JOB_FINISHED, options: { maxEventsPerPoll: 10 } });
		const jobs: number[] = [];
		for (let i = 0; i < 26; i++) jobs.push(await createJob(emu, 1));
		emu.control.advance(10_000);
		expect(await emittedUntilQuiet(trigger)).toEqual(jobs);
		expect(trigger.staticData().jobs).toHaveLength(26);

		for (const id of jobs.slice(0, 25)) emu.control.removeJob(id);
		emu.control.clearRequests();
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().jobs).toHaveLength(6);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData().jobs).toEqual([jobs[25]]);
		expect(emu.control.requests({ api: 'mailMerge', path: '^/v1/Job/\\d+$' })).toHaveLength(25);
		expect(await trigger.poll()).toBeNull();
		expect(emu.control.requests({ api: 'mailMerge', path: '^/v1/Job/\\d+$' })).toHaveLength(25);
	});

	test('a poll that changes nothing leaves the stored state as it was: nothing for n8n to save', async () => {
		const trigger = await watchFromNow(emu, JOB_FINISHED);
		await createJob(emu, 20);
		expect(await trigger.poll()).toBeNull();
		const before = trigger.staticData();
		emu.control.advance(1_000);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData()).toEqual(before);
	});
});
