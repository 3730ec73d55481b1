import { call, MINUTE, postMailMergeJob, USERS, type Login } from '../harness/emulatorHttp';
import { startTestEmulator } from '../harness/jest/emulator';
import { expectAnswer, faxCalls, OK, useEmulatorCalls } from './faxCalls';

/** The mail merge answers a poller must survive: a job left out once, a list without Jobs, local times. */

const { emu, api, ownEmulator } = useEmulatorCalls();

const postJob = (lines: number, auth?: Login) => postMailMergeJob(emu(), lines, auth);

const list = async (auth: Login = USERS.alice) => (await api.mailMerge('/Job', auth)).json;
const listedIds = async (auth: Login = USERS.alice) =>
	((await list(auth)).Jobs as Array<{ ID: number }>).map((job) => job.ID);
const control = (path: string, json: unknown = {}) => api.control('POST', path, json);
const done = { ok: true };

test('omitJobOnce: the owner’s next list leaves the job out, the list after shows it again', async () => {
	const first = await postJob(3);
	const second = await postJob(3);
	const bobs = await postJob(1, USERS.bob);
	emu().control.omitJobOnce(first);
	// Another login's list does not use up the omission.
	expect(await listedIds(USERS.bob)).toEqual([bobs]);
	expect(await listedIds()).toEqual([second]);
	expect(await listedIds()).toEqual([first, second]);
	// The job itself stays readable by its id meanwhile.
	emu().control.omitJobOnce(first);
	const job = await api.mailMerge(`/Job/${first}`);
	expect(job.json.Job).toMatchObject({ ID: first, Status: 'INPROCESS' });
	expect(await listedIds()).toEqual([second]);

	expect((await control(`/jobs/${second}/omit-once`)).json).toEqual(done);
	expect(await listedIds()).toEqual([first]);
	expect((await control('/jobs/99/omit-once')).status).toBe(400);
});

test('listWithoutJobsOnce: the next list answer has RequestStatus and no Jobs', async () => {
	const job = await postJob(1);
	emu().control.listWithoutJobsOnce();
	expect(await list()).toEqual({ RequestStatus: OK });
	expect(await listedIds()).toEqual([job]);

	expect((await control('/mail-merge/list-without-jobs', { count: 2 })).json).toEqual(done);
	expect((await list()).Jobs).toBeUndefined();
	expect((await list(USERS.bob)).Jobs).toBeUndefined();
	expect(await listedIds()).toEqual([job]);
	expect((await control('/mail-merge/list-without-jobs', { count: 0 })).status).toBe(400);
});

test('removeJob: the job is neither listed nor found by its id (2001, 404)', async () => {
	const gone = await postJob(5);
	const kept = await postJob(1);
	emu().control.removeJob(gone);
	emu().control.advance(MINUTE);
	expect(await listedIds()).toEqual([kept]);
	for (const path of [`/Job/${gone}`, `/Job/${gone}/Faxes`])
		expectAnswer(await api.mailMerge(path), 404, 2001);
	// Its timer went with it: no line was processed after the removal.
	expect(emu().control.stats()).toMatchObject({ mailMergeJobCount: 1, outboundCount: 1 });
	expect((await control(`/jobs/${kept}/remove`)).json).toEqual(done);
	expect(await listedIds()).toEqual([]);
	expect((await control(`/jobs/${kept}/remove`)).status).toBe(400);
});

test('failJobLookups: lists show no jobs and lookups fail with 2001 while the jobs are kept', async () => {
	const job = await postJob(1);
	emu().control.advance(MINUTE);
	const failLookups = (httpStatus: number) =>
		control('/mail-merge/fail-job-lookups', { httpStatus });
	expect((await failLookups(200)).json).toEqual(done);
	expect(await listedIds()).toEqual([]);
	const res = await api.mailMerge(`/Job/${job}`);
	expectAnswer(res, 200, 2001);
	expect(res.json.RequestStatus.StatusText).toMatch(/^Error getting the job\./);
	emu().control.failJobLookups(503);
	expect((await api.mailMerge(`/Job/${job}`)).status).toBe(503);
	expect((await failLookups(99)).status).toBe(400);
	emu().control.failJobLookups(null);
	expect(await listedIds()).toEqual([job]);
	expect((await api.mailMerge(`/Job/${job}`)).json.Job.Status).toBe('COMPLETE');
});

describe('mail merge times in a zone with daylight saving time', () => {
	// 2026-11-01 06:00Z: New York goes from 02:00 EDT back to 01:00 EST.
	const BEFORE_FALL_BACK = '2026-11-01T05:40:00Z';
	const NEW_YORK = 'America/New_York';

	test('CreatedOn repeats the wall-clock hour at the fall-back, without a zone', async () => {
		emu().control.setMailMergeTimeZone(NEW_YORK);
		emu().control.setTime(BEFORE_FALL_BACK);
		const summer = await postJob(1);
		emu().control.advance(60 * MINUTE);
		const winter = await postJob(1);
		emu().control.advance(MINUTE);
		emu().control.cancelJob(await postJob(5));
		const { Jobs } = await list();
		expect(Jobs.map((job: { CreatedOn: string }) => job.CreatedOn)).toEqual([
			'2026-11-01T01:40:00',
			'2026-11-01T01:40:00',
			'2026-11-01T01:41:00',
		]);
		expect(Jobs[2].CancelledOn).toBe('2026-11-01T01:41:00');
		const [fax] = (await api.mailMerge(`/Job/${winter}/Faxes`)).json.Faxes;
		expect(fax).toMatchObject({
			CreatedOn: '2026-11-01T01:40:02',
			ModifiedOn: expect.stringMatching(/^2026-11-01T01:4\d:\d\d$/),
		});
		expect(summer).toBeLessThan(winter);
		// Interface A keeps UTC with Z.
		expect(JSON.stringify(await api.fax(fax.ID))).toContain('2026-11-01T06:40:02Z');
	});

	test('the option sets the zone from the start; reset keeps it; null goes back to UTC', async () => {
		const zoned = await ownEmulator({ mailMergeTimeZone: NEW_YORK, startTime: BEFORE_FALL_BACK });
		const created = async () => {
			await postMailMergeJob(zoned, 1);
			const res = await faxCalls(() => zoned).mailMerge('/Job');
			return res.json.Jobs.map((job: { CreatedOn: string }) => job.CreatedOn);
		};
		expect(await created()).toEqual(['2026-11-01T01:40:00']);
		zoned.control.reset();
		expect(await created()).toEqual(['2026-11-01T01:40:00']);
		const http = await call('POST', `${zoned.urls.control}/mail-merge/time-zone`, {
			json: { zone: null },
		});
		expect(http.json).toEqual(done);
		// The zone is how times are written: the earlier job reads in UTC too now.
		expect(await created()).toEqual(['2026-11-01T05:40:00', '2026-11-01T05:40:00']);
		expect(() => emu().control.setMailMergeTimeZone('Mars/Olympus')).toThrow(
			'unknown time zone Mars/Olympus',
		);
		await expect(startTestEmulator({ mailMergeTimeZone: 'Nowhere/Land' })).rejects.toThrow(
			'unknown time zone Nowhere/Land',
		);
	});
});

test('setMailMergeListOrder: jobs and a job’s faxes listed newest first, then oldest first again; reset keeps the option', async () => {
	const older = await postJob(3);
	const newer = await postJob(1);
	emu().control.advance(MINUTE);
	const faxIds = async () =>
		((await api.mailMerge(`/Job/${older}/Faxes`)).json.Faxes as Array<{ ID: number }>).map(
			(fax) => fax.ID,
		);
	const oldestFirst = await faxIds();
	expect(oldestFirst).toHaveLength(3);
	expect(oldestFirst).toEqual([...oldestFirst].sort((a, b) => a - b));
	expect((await control('/mail-merge/list-order', { order: 'newest-first' })).json).toEqual(done);
	expect(await listedIds()).toEqual([newer, older]);
	expect(await faxIds()).toEqual([...oldestFirst].reverse());
	emu().control.setMailMergeListOrder('oldest-first');
	expect(await listedIds()).toEqual([older, newer]);
	expect((await control('/mail-merge/list-order', { order: 'by-size' })).status).toBe(400);

	const reversed = await ownEmulator({ mailMergeListOrder: 'newest-first' });
	const listed = async () =>
		((await faxCalls(() => reversed).mailMerge('/Job')).json.Jobs as Array<{ ID: number }>).map(
			(job) => job.ID,
		);
	await postMailMergeJob(reversed, 1);
	await postMailMergeJob(reversed, 1);
	expect(await listed()).toEqual([2, 1]);
	reversed.control.reset();
	await postMailMergeJob(reversed, 1);
	await postMailMergeJob(reversed, 1);
	expect(await listed()).toEqual([2, 1]);
	await expect(startTestEmulator({ mailMergeListOrder: 'random' as never })).rejects.toThrow(
		'list order must be one of oldest-first, newest-first',
	);
});

test('setMailMergeKeywordType: integer writes whole-number keywords as numbers, empty ones as null, text as written; reset keeps the option', async () => {
	const keywords = ['007', ' 42', 'INV-9', ''];
	const keywordsOf = async (emulator = emu()) => {
		const jobId = await postMailMergeJob(emulator, keywords.length, USERS.alice, keywords);
		emulator.control.advance(MINUTE);
		const { json } = await faxCalls(() => emulator).mailMerge(`/Job/${jobId}/Faxes`);
		return (json.Faxes as Array<{ Keyword: unknown }>).map((fax) => fax.Keyword);
	};
	expect(await keywordsOf()).toEqual(keywords);
	expect((await control('/mail-merge/keyword-type', { type: 'integer' })).json).toEqual(done);
	expect(await keywordsOf()).toEqual([7, 42, 'INV-9', null]);
	emu().control.setMailMergeKeywordType('string');
	expect(await keywordsOf()).toEqual(keywords);
	expect((await control('/mail-merge/keyword-type', { type: 'float' })).status).toBe(400);

	const integers = await ownEmulator({ mailMergeKeywordType: 'integer' });
	expect(await keywordsOf(integers)).toEqual([7, 42, 'INV-9', null]);
	integers.control.reset();
	expect(await keywordsOf(integers)).toEqual([7, 42, 'INV-9', null]);
	await expect(startTestEmulator({ mailMergeKeywordType: 'text' as never })).rejects.toThrow(
		'keyword type must be one of string, integer',
	);
});
