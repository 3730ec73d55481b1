import type { IDataObject, INodeExecutionData, IRun } from 'n8n-workflow';

import { KEYWORD_TYPES } from '../../../../emulator/mailmerge/keyword-type';
import { LINE_SECONDS, LIST_ORDERS } from '../../../../emulator/mailmerge/mailmerge-service';
import {
	faxCloudNode,
	FROM_BINARY_FILES,
	jobItem,
	useMailMergeSuite,
	withTemplate,
} from './mailMergeHelpers';
import { SEED_TOKENS, SEED_USERS } from '../../../harness/jest/emulator';
import { testCredentials } from '../../../harness/jest/credentials-helper';
import { runNode } from '../../../harness/jest/run-node';
import { sendJson, useScriptedServers } from '../../../harness/jest/scripted-server';
import { calledByParent, fieldOf, hintsOf, jsonOf, storedRun, succeeded } from '../faxCloudExpect';
import { itemWithFiles } from '../../../harness/jest/binary-items';
import { ANSWER_LOST, faultCreate, REFUSED } from '../../../harness/createFaults';
import type { RunNodeResult } from '../../../harness/jest/run-node';

/**
 * Mail merge Create in n8n's Retry (the stored execution's context, the same items): a job the
 * first run created is found by what the service shows of it (its size in the job list, its
 * faxes' numbers and keywords in line order) and output as found; no second job is created for
 * the same lines. A job that existed before the execution first ran the create (last week's
 * mailing of the same list) is never taken for its own.
 */

const { emulator, template, run, requests } = useMailMergeSuite(['Name', 'FaxNumber']);
const scripted = useScriptedServers();

function lines(count: number, prefix = 'Client'): INodeExecutionData[] {
	const items: INodeExecutionData[] = Array.from({ length: count }, (_, index) => ({
		json: { FaxNumber: `1212555${2000 + index}`, Name: `${prefix} ${index}` },
	}));
	items[0] = withTemplate(items[0], template());
	return items;
}

const parameters = {
	csvSource: 'items',
	columns: 'all',
	faxNumberColumn: 'FaxNumber',
	options: { keywordColumn: 'Name' },
};

const create = (items: INodeExecutionData[], retryOf?: IRun) =>
	run('create', parameters, { items, retryOf });

const RETRY_ON_FAIL = { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 };
const jobsListed = () => requests('GET');
const jobCount = () => emulator().control.stats().mailMergeJobCount;
const aLineLater = () => emulator().control.advance(LINE_SECONDS * 1000);

test('a first run lists the jobs once before creating, and its output is as before', async () => {
	const result = await create(lines(3));
	expect(jsonOf(result)).toEqual([{ JobID: 1, ExpectedFaxes: 3 }]);
	expect(jobsListed()).toHaveLength(1);
	expect(jobsListed()[0].seq).toBeLessThan(requests('POST')[0].seq);
});

test('a Create in a sub-workflow warns that a Retry of the parent creates a second job', async () => {
	const own = await create(lines(2)).then(succeeded);
	const called = await run('create', parameters, { items: lines(2), ...calledByParent });

	expect(hintsOf(own)).toEqual([]);
	expect(hintsOf(succeeded(called))).toEqual([
		expect.stringMatching(
			/^This Create runs in a sub-workflow, .* Create mail merge jobs in the parent workflow/,
		),
	]);
	expect(jobCount()).toBe(2);
});

const loseTheNextCreateAnswer = () => faultCreate(emulator(), ANSWER_LOST);

/** A first run (of three lines unless `items` say) whose create's answer was lost, a line ago. */
async function lostCreate(params: IDataObject = parameters, items = lines(3)): Promise<IRun> {
	loseTheNextCreateAnswer();
	const first = await run('create', params, { items });
	expect(first.error).toBeDefined();
	aLineLater();
	return first.run;
}

// The job list and its faxes may come newest first: the faxes are compared in line order either way.
test.each(LIST_ORDERS)(
	'Retry after the answer to the create was lost finds the job and creates no second one (service listing %s)',
	async (order) => {
		emulator().control.setMailMergeListOrder(order);
		const first = await lostCreate();
		aLineLater(); // two faxes made: their order shows
		expect(jobCount()).toBe(1);

		const retry = await create(lines(3), first).then(succeeded);

		expect(jsonOf(retry)).toEqual([
			expect.objectContaining({
				JobID: 1,
				ExpectedFaxes: 3,
				sendOnce: 'found',
				Status: 'INPROCESS',
			}),
		]);
		expect(requests('POST')).toHaveLength(1);
	},
);

// The description types a fax's Keyword integer while its sample shows a string: invoice numbers
// with leading zeros may come back as numbers (007 as 7), and the job is still recognised.
test.each(KEYWORD_TYPES)(
	'Retry after a lost answer finds the job whose keywords are numbers with leading zeros (service writing keywords as %s)',
	async (type) => {
		emulator().control.setMailMergeKeywordType(type);
		const invoices = ['007', ' 0420', 'INV-9'];
		const items = () =>
			lines(3).map((item, index) => ({ ...item, json: { ...item.json, Ref: invoices[index] } }));
		const byInvoice = { ...parameters, options: { keywordColumn: 'Ref' } };
		const first = await lostCreate(byInvoice, items());
		aLineLater();
		aLineLater(); // all three faxes made

		const retry = await run('create', byInvoice, { items: items(), retryOf: first });

		expect(jsonOf(succeeded(retry))).toEqual([
			expect.objectContaining({ JobID: 1, ExpectedFaxes: 3, sendOnce: 'found' }),
		]);
		expect(jobCount()).toBe(1);
	},
);

/** A first run of three lines whose create the service refused (503), creating nothing. */
async function refusedCreate(): Promise<IRun> {
	faultCreate(emulator(), REFUSED);
	const first = await create(lines(3));
	expect(first.error).toBeDefined();
	return first.run;
}

test('Retry creates the job when none of the same lines exists, and says it did', async () => {
	await create(lines(3, 'Other'));
	await create(lines(4));
	const failed = await refusedCreate();
	emulator().control.advance(10 * LINE_SECONDS * 1000);

	const retry = await create(lines(3), failed);

	expect(jsonOf(retry)).toEqual([{ JobID: 3, ExpectedFaxes: 3, sendOnce: 'sent' }]);
	expect(jobCount()).toBe(3);
});

test("a recurring mailing of the same list is a new job: its Retry never takes last week's", async () => {
	const lastWeek = await create(lines(3));
	expect(lastWeek.items[0].json.JobID).toBe(1);
	emulator().control.advance(10 * LINE_SECONDS * 1000);
	const failed = await refusedCreate();

	const retry = await create(lines(3), failed).then(succeeded);

	expect(jsonOf(retry)).toEqual([{ JobID: 2, ExpectedFaxes: 3, sendOnce: 'sent' }]);
	expect(jobCount()).toBe(2);
});

test('a Retry of an execution n8n kept nothing of does not guess between jobs of the same lines', async () => {
	await create(lines(3));
	emulator().control.advance(10 * LINE_SECONDS * 1000);

	const retry = await run('create', parameters, { items: lines(3), mode: 'retry' });

	expectCannotTell(retry);
});

test('a job of the same size that has made no fax yet stops the Retry without creating', async () => {
	const failed = await refusedCreate();
	await create(lines(3, 'Other'));

	const retry = await create(lines(3), failed);

	expect(retry.error?.message).toBe('Job 1 expects 3 faxes like this one and has made none yet');
	expect(jobCount()).toBe(1);
});

test('Retry On Fail after a lost answer makes no second job: the later try looks first', async () => {
	loseTheNextCreateAnswer();
	const result = await run('create', parameters, { items: lines(3), settings: RETRY_ON_FAIL });
	// The later try finds job 1, which has made no fax yet, and stops rather than guess; a Retry a
	// minute later finds it.
	expect(result.error?.message).toBe('Job 1 expects 3 faxes like this one and has made none yet');
	expect(jobCount()).toBe(1);
	aLineLater();
	const retry = await create(lines(3), result.run);
	expect(retry.items[0].json).toMatchObject({ JobID: 1, sendOnce: 'found' });
	expect(jobCount()).toBe(1);
});

/**
 * What n8n stored of an execution begun now (n8n's clock is the service's here) whose run of this
 * node left no note: its context alone.
 */
/** The Retry stopped at job 1, of the same lines, and made no second job. */
function expectCannotTell(retry: RunNodeResult) {
	expect(retry.error?.message).toBe(
		'This Retry cannot tell whether job 1, of the same lines, is the one the execution it repeats created',
	);
	expect(jobCount()).toBe(1);
}

const contextOnly = (n8nAheadMs = 0) =>
	storedRun({
		version: 1,
		establishedAt: Date.parse(emulator().control.now()) + n8nAheadMs,
		source: 'manual',
	});

test('a Retry of a run n8n was stopped in while the create ran makes no second job on a service clock an hour behind n8n', async () => {
	const stoppedInTheCreate = contextOnly(3600_000);
	await create(lines(3));
	aLineLater();

	const retry = await create(lines(3), stoppedInTheCreate);

	expectCannotTell(retry);
});

// The description shows GET /Job with a Jobs array; a service may leave it out (as interface A
// leaves out FaxInfo when nothing matches).
test("a run whose job list had no Jobs creates; its Retry after a refused create makes its job, not last week's of the same lines", async () => {
	await create(lines(3));
	emulator().control.advance(7 * 24 * 3600_000);
	emulator().control.listWithoutJobsOnce();
	const first = await refusedCreate();
	// n8n's clock is the service's here: the execution began now.
	const kept = first.data.executionData!;
	kept.runtimeData = { ...kept.runtimeData!, establishedAt: Date.parse(emulator().control.now()) };

	const retry = await create(lines(3), first).then(succeeded);

	expect(jsonOf(retry)).toEqual([{ JobID: 2, ExpectedFaxes: 3, sendOnce: 'sent' }]);
});

test('a Retry whose job list has no Jobs stops without creating', async () => {
	const first = await lostCreate();
	emulator().control.listWithoutJobsOnce();

	const retry = await create(lines(3), first);

	expect(retry.error?.message).toBe(
		'The service listed no jobs (its answer to GET /Job had no Jobs)',
	);
	expect(retry.error?.description).toMatch(/^Nothing was created\. In a Retry the node looks/);
	expect(jobCount()).toBe(1);
});

test("a Retry of a run that failed before reaching the create makes its job, though yesterday's has the same lines", async () => {
	await create(lines(3));
	emulator().control.advance(24 * 3600_000);
	// The run failed in a node before this one.
	const failedUpstream = contextOnly();

	const retry = await create(lines(3), failedUpstream).then(succeeded);

	expect(jsonOf(retry)).toEqual([{ JobID: 2, ExpectedFaxes: 3, sendOnce: 'sent' }]);
	expect(jobCount()).toBe(2);
});

// A job of the same lines inside the wide window is read on the service's clock, learnt from its
// fax on interface A: that morning's on a UTC service, yesterday's on a zone-less one at UTC+14.
test.each([
	[null, 9],
	['Pacific/Kiritimati', 20],
])(
	'a Retry of a run that failed before reaching the create makes its job, though one of the same lines was made earlier (service time zone %s, %i hours before)',
	async (zone, hoursBefore) => {
		emulator().control.setMailMergeTimeZone(zone);
		await create(lines(3));
		emulator().control.advance(hoursBefore * 3600_000);
		const failedUpstream = contextOnly();

		const retry = await create(lines(3), failedUpstream).then(succeeded);
		emulator().control.setMailMergeTimeZone(null);

		expect(jsonOf(retry)).toEqual([{ JobID: 2, ExpectedFaxes: 3, sendOnce: 'sent' }]);
		expect(requests('GET').map((request) => request.path)).toContain('/v1/Job/1/Faxes');
	},
);

test("a Retry stops at that morning's job of the same lines when interface A cannot show its fax", async () => {
	await create(lines(3));
	emulator().control.advance(9 * 3600_000);
	emulator().control.addFault({
		api: 'fax',
		method: 'GET',
		kind: 'http500',
		status: 503,
		count: 20,
	});

	const retry = await create(lines(3), contextOnly());

	expectCannotTell(retry);
});

test("a Retry stops at that morning's job of the same lines when interface A shows another number under its fax's ID", async () => {
	await create(lines(3));
	aLineLater();
	const [fax] = jsonOf(await run('getFaxes', { jobId: 1, returnAll: true }));
	emulator().control.advance(9 * 3600_000);
	const otherFax = { FaxId: String(fax.ID), FaxNumber: '13125559999', CreateTime: fax.CreatedOn };
	const faxInterface = await scripted((_request, _count, res) =>
		sendJson(res, 200, { RequestStatus: { StatusCode: 0, StatusText: 'OK' }, FaxInfo: [otherFax] }),
	);
	const urls = { ...emulator().urls, fax: faxInterface.url };

	const retry = await runNode({
		node: faxCloudNode,
		parameters: { resource: 'mailMergeJob', operation: 'create', ...parameters },
		credentials: testCredentials(SEED_USERS.alice, SEED_TOKENS.acme, urls),
		items: lines(3),
		retryOf: contextOnly(),
	});

	expect(faxInterface.received).toHaveLength(1);
	expectCannotTell(retry);
});

test("a Retry of a run whose listing of the jobs failed makes its job, though last week's has the same lines", async () => {
	await create(lines(3));
	emulator().control.advance(7 * 24 * 3600_000);
	const refused = { kind: 'http500', status: 503, count: 20 } as const;
	emulator().control.addFault({ api: 'mailMerge', method: 'GET', ...refused });
	const first = await create(lines(3));
	emulator().control.clearFaults();
	expect(first.error?.description).toMatch(/^Nothing was created: before creating a job/);
	// n8n's clock is the service's here: the execution began now.
	const kept = first.run.data.executionData!;
	kept.runtimeData = { ...kept.runtimeData!, establishedAt: Date.parse(emulator().control.now()) };

	const retry = await create(lines(3), first.run).then(succeeded);

	expect(jsonOf(retry)).toEqual([{ JobID: 2, ExpectedFaxes: 3, sendOnce: 'sent' }]);
	expect(jobCount()).toBe(2);
});

// UTC, and a service keeping local time without a zone 10 hours west of it (read as UTC).
test.each([null, 'Pacific/Honolulu'])(
	'a Retry of a run n8n was stopped in while the create ran makes no second job (service time zone %s)',
	async (zone) => {
		emulator().control.setMailMergeTimeZone(zone);
		// n8n kept the execution's context and lost the node's notes with it: it keeps them once the
		// node ends. The job the run created is one of the same lines made since the execution began.
		const stoppedInTheCreate = contextOnly();
		await create(lines(3));
		aLineLater();

		const retry = await create(lines(3), stoppedInTheCreate);
		emulator().control.setMailMergeTimeZone(null);

		expect(retry.error?.message).toBe(
			'This Retry cannot tell whether job 1, of the same lines, is the one the execution it repeats created',
		);
		expect(retry.error?.description).toMatch(
			/^Nothing was created\. n8n keeps what this node notes of a run only once the node ends.* Job 1 has the same lines and was created since that execution began\./,
		);
		expect(jobCount()).toBe(1);
	},
);

test('a Retry never takes a job cancelled since for its own: it creates the job again', async () => {
	const first = await lostCreate();
	emulator().control.cancelJob(1);

	const retry = await create(lines(3), first).then(succeeded);

	expect(jsonOf(retry)).toEqual([{ JobID: 2, ExpectedFaxes: 3, sendOnce: 'sent' }]);
	expect(jobCount()).toBe(2);
});

test("a job of the same numbers with other keywords, made since by another execution, is not the Retry's own", async () => {
	const failed = await refusedCreate();
	await create(lines(3, 'Other'));
	emulator().control.advance(10 * LINE_SECONDS * 1000);

	const retry = await create(lines(3), failed).then(succeeded);

	expect(jsonOf(retry)).toEqual([{ JobID: 2, ExpectedFaxes: 3, sendOnce: 'sent' }]);
});

test.each(LIST_ORDERS)(
	'without a Keyword Column a Retry finds its job by the fax numbers in line order (service listing %s)',
	async (order) => {
		emulator().control.setMailMergeListOrder(order);
		const noKeyword = { ...parameters, options: {} };
		const first = await lostCreate(noKeyword);
		aLineLater();

		const retry = await run('create', noKeyword, { items: lines(3), retryOf: first });

		expect(jsonOf(succeeded(retry))).toEqual([
			expect.objectContaining({ JobID: 1, ExpectedFaxes: 3, sendOnce: 'found' }),
		]);
		expect(jobCount()).toBe(1);
	},
);

describe('Binary File: one job per item', () => {
	const binary = {
		...FROM_BINARY_FILES,
		faxNumberColumn: 'FaxNumber',
		options: { keywordColumn: 'Name' },
	};
	const file = (name: string) =>
		jobItem(`Name,FaxNumber\r\n${name},12125552000\r\n${name} 2,12125552001\r\n`, template());

	/** One list, a form per item: two mailings whose jobs the service shows alike. */
	const forms = ['hours.pdf', 'prices.pdf'];
	const oneListTwoForms = () =>
		forms.map((fileName) =>
			itemWithFiles({
				csv: { data: 'Name,FaxNumber\r\nAnn,12125552000\r\n', mimeType: 'text/csv' },
				data: { data: template(), mimeType: 'application/pdf', fileName },
			}),
		);
	/** Per form, the creates that made a job (the template's file name tells the form). */
	const jobsMadePerForm = () =>
		forms.map(
			(form) =>
				requests('POST').filter(
					(post) => post.processed && post.files.some((file) => file.filename === form),
				).length,
		);
	const sendOnceSorted = (result: RunNodeResult) => fieldOf(succeeded(result), 'sendOnce').sort();

	/** The second create to arrive is refused (503); the creates run at once, so either form's. */
	const refuseSecondCreate = () => faultCreate(emulator(), REFUSED, 1);
	const failedRun = async () => {
		const first = await run('create', binary, { items: oneListTwoForms() });
		expect(first.error).toBeDefined();
		return first.run;
	};
	const repeats: Record<string, () => Promise<RunNodeResult>> = {
		Retry: async () =>
			await run('create', binary, { items: oneListTwoForms(), retryOf: await failedRun() }),
		'Retry On Fail': async () =>
			await run('create', binary, { items: oneListTwoForms(), settings: RETRY_ON_FAIL }),
	};

	test('a run of three files lists the jobs once, before its first create', async () => {
		const result = await run('create', binary, { items: ['Ann', 'Ben', 'Cid'].map(file) });
		expect(succeeded(result).items).toHaveLength(3);
		expect(jobsListed()).toHaveLength(1);
		expect(jobsListed()[0].seq).toBeLessThan(requests('POST')[0].seq);
	});

	test("a Retry after a lost answer finds the job of the item's file and creates none", async () => {
		const first = await lostCreate(binary, [file('Ann')]);

		const retry = await run('create', binary, { items: [file('Ann')], retryOf: first });

		expect(jsonOf(succeeded(retry))).toEqual([
			expect.objectContaining({ JobID: 1, ExpectedFaxes: 2, sendOnce: 'found' }),
		]);
		expect(jobCount()).toBe(1);
	});

	test('a Retry of a Retry finds the jobs both earlier runs created', async () => {
		const items = () => [file('Ann'), file('Ben')];
		// The first run's second create is refused; the Retry's create for it loses its answer.
		refuseSecondCreate();
		const first = await run('create', binary, { items: items() });
		expect(first.error).toBeDefined();
		aLineLater();
		loseTheNextCreateAnswer();
		const retry = await run('create', binary, { items: items(), retryOf: first.run });
		expect(retry.error).toBeDefined();
		expect(jobCount()).toBe(2);
		aLineLater();

		const again = await run('create', binary, { items: items(), retryOf: retry.run });

		expect(fieldOf(succeeded(again), 'sendOnce')).toEqual(['found', 'found']);
		expect(jobCount()).toBe(2);
	});

	test.each(Object.entries(repeats))(
		"one list, a form per item, one create refused: %s makes the missing form's job and takes no other",
		async (_path, repeat) => {
			refuseSecondCreate();
			const result = await repeat();

			expect(sendOnceSorted(result)).toEqual(['found', 'sent']);
			expect(fieldOf(result, 'JobID').sort()).toEqual([1, 2]);
			expect(jobsMadePerForm()).toEqual([1, 1]);
		},
	);

	test('both answers lost: the Retry finds a job for each item and makes none', async () => {
		emulator().control.addFault({ api: 'mailMerge', method: 'POST', count: 2, ...ANSWER_LOST });
		const first = await run('create', binary, { items: oneListTwoForms(), continueOnFail: true });
		expect(first.items.map((item) => item.json.error !== undefined)).toEqual([true, true]);
		aLineLater();

		const retry = await run('create', binary, { items: oneListTwoForms(), retryOf: first.run });

		expect(sendOnceSorted(retry)).toEqual(['found', 'found']);
		expect(fieldOf(retry, 'JobID').sort()).toEqual([1, 2]);
		expect(jobsMadePerForm()).toEqual([1, 1]);
	});

	test("a Retry creates again an item's job cancelled since, and the refused item's", async () => {
		refuseSecondCreate();
		const failed = await failedRun();
		emulator().control.cancelJob(1);

		const retry = await run('create', binary, { items: oneListTwoForms(), retryOf: failed });

		expect(fieldOf(succeeded(retry), 'sendOnce')).toEqual(['sent', 'sent']);
		expect(jobsMadePerForm().sort()).toEqual([1, 2]);
	});

	test.each([
		['other merge values (Ann, Bea)', 'stops rather than guess', ['Ann', 'Bea'], undefined],
		['the same upload', 'finds one and makes the other', ['Ann', 'Ann'], ['found', 'sent']],
	])(
		'one create lost, the other refused, items of the same numbers with %s: the Retry %s',
		async (_upload, _result, names, outcomes) => {
			const noKeyword = { ...binary, options: {} };
			const items = () =>
				names.map((name) => jobItem(`Name,FaxNumber\r\n${name},12125552000\r\n`, template()));
			// The first create to arrive loses its answer (the job is made), the second is refused.
			refuseSecondCreate();
			const first = await lostCreate(noKeyword, items());

			const retry = await run('create', noKeyword, { items: items(), retryOf: first });

			if (outcomes) {
				expect(sendOnceSorted(retry)).toEqual(outcomes);
				expect(jobCount()).toBe(2);
			} else {
				// Which upload job 1 holds the service does not show: a guess could fax one twice.
				expect(retry.error?.message).toBe(
					'This Retry cannot tell which of items 1, 2 job 1 belongs to',
				);
				expect(jobCount()).toBe(1);
			}
		},
	);
});
