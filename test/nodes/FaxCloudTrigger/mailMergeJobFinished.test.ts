import { FormData } from 'undici';

import type { Emulator } from '../../../emulator';
import { call } from '../../emulator/helpers';
import { SEED_USERS, useEmulator, type SeedUser } from '../../support/emulator';
import { formPdf } from '../FaxCloud/mailMergeJob/support';
import { drain, watchTrigger } from './support';

const emulator = useEmulator();

const JOB_FINISHED = { event: 'mailMergeJobFinished' };

let template: Buffer;
beforeAll(async () => {
	template = await formPdf(['Name', 'Fax']);
});

/** Creates a job of `lines` CSV lines; the emulator reads one line every 2 s, then it is COMPLETE. */
async function createJob(emu: Emulator, lines: number, user: SeedUser = 'alice'): Promise<number> {
	const csv = ['Name,Fax', ...Array.from({ length: lines }, (_, i) => `N${i},12125550000`)];
	const form = new FormData();
	form.append('FaxNumerColumnName', 'Fax');
	form.append('CSV', new Blob([`${csv.join('\r\n')}\r\n`], { type: 'text/csv' }), 'list.csv');
	form.append('Template', new Blob([template], { type: 'application/pdf' }), 'form.pdf');
	const res = await call('POST', `${emu.urls.mailMerge}/Job`, {
		auth: SEED_USERS[user],
		multipart: form,
	});
	if (res.status !== 201) throw new Error(`job not created: ${res.body.toString()}`);
	return Number(res.json.JobID);
}

const jobIds = (items: { json: { ID?: unknown } }[]) => items.map((item) => Number(item.json.ID));

describe('Fax Cloud Trigger: Mail Merge Job Finished', () => {
	test('each job that completes or is cancelled after the activation is emitted once', async () => {
		const emu = emulator();
		const finishedBefore = await createJob(emu, 1);
		emu.control.advance(10_000);
		const runningAtActivation = await createJob(emu, 5);
		const trigger = watchTrigger(emu, JOB_FINISHED);
		expect(await trigger.poll()).toBeNull();
		expect(trigger.staticData()).toMatchObject({ pending: [runningAtActivation] });

		const quick = await createJob(emu, 1);
		const cancelled = await createJob(emu, 10);
		await createJob(emu, 1, 'bob');
		emu.control.advance(4_000);
		emu.control.cancelJob(cancelled);
		expect(jobIds(await trigger.pollItems())).toEqual([quick, cancelled]);

		emu.control.advance(60_000);
		const items = await trigger.pollItems();
		expect(items.map((item) => item.json)).toEqual([
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
		const all = [finishedBefore, runningAtActivation, quick, cancelled];
		expect(all).toHaveLength(new Set(all).size);
	});

	test('a cancelled job carries its status and cancellation time', async () => {
		const emu = emulator();
		const trigger = watchTrigger(emu, JOB_FINISHED);
		await trigger.poll();
		expect(trigger.staticData()).toMatchObject({ windowStart: null, pending: [] });
		const job = await createJob(emu, 30);
		expect(await trigger.poll()).toBeNull();
		emu.control.advance(7_000);
		emu.control.cancelJob(job);
		const [item] = await trigger.pollItems();
		expect(item.json).toMatchObject({
			ID: job,
			Status: 'CANCELLED',
			LastCompletedLine: 3,
			CancelledOn: '2026-01-05T09:00:07.000Z',
			CreatedOn: '2026-01-05T09:00:00.000Z',
		});
		expect(await trigger.poll()).toBeNull();
	});

	test('a failed job list changes no state; the next poll emits the finished job', async () => {
		const emu = emulator();
		const trigger = watchTrigger(emu, JOB_FINISHED);
		await trigger.poll();
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

	test('Fetch Test Event shows the most recent finished job and stores nothing', async () => {
		const emu = emulator();
		await createJob(emu, 1);
		emu.control.advance(60_000);
		const latest = await createJob(emu, 1);
		emu.control.advance(10_000);
		await createJob(emu, 20);
		const trigger = watchTrigger(emu, JOB_FINISHED);
		expect(jobIds(await trigger.pollItems('manual'))).toEqual([latest]);
		expect(trigger.staticData()).toEqual({});
		const [list] = emu.control.requests({ api: 'mailMerge', method: 'GET' });
		expect(list.path).toBe('/v1/Job');
	});
});
