import { jobItem, useMailMergeSuite } from './mailMergeHelpers';
import { fieldOf, jsonOf, succeeded } from '../faxCloudExpect';

const { emulator, template, run, requests, create, faxesOf } = useMailMergeSuite(['Fax', 'Name']);

const CSV = 'Fax,Name\r\n12125550000,Ann\r\n12125550000,Ben\r\n12125550000,Cid\r\n';

async function createJobs(count: number) {
	const items = Array.from({ length: count }, () => jobItem(CSV, template()));
	await create({}, { items }).then(succeeded);
	emulator().control.clearRequests();
}

test('Get Many lists the jobs of the login with Return All or Limit, normalised', async () => {
	await createJobs(3);
	emulator().control.advance(3_000);

	const all = await run('getAll', { returnAll: true }).then(succeeded);
	expect(jsonOf(all)).toEqual(
		[1, 2, 3].map((ID) => ({
			ID,
			CreatedOn: '2026-01-05T09:00:00.000Z',
			LastCompletedLine: 1,
			Status: 'INPROCESS',
			CancelledOn: null,
			ExpectedFaxCount: 3,
		})),
	);

	const limited = await run('getAll', { returnAll: false, limit: 2 });
	expect(fieldOf(limited, 'ID')).toEqual([1, 2]);
	expect(requests().map((r) => [r.method, r.path])).toEqual([
		['GET', '/v1/Job'],
		['GET', '/v1/Job'],
	]);

	const otherLogin = await run('getAll', { returnAll: true }, { user: 'bob' });
	expect(otherLogin.items).toEqual([]);
});

test('Get of a cancelled job shows CancelledOn as an ISO time', async () => {
	await createJobs(1);
	emulator().control.advance(2_500);
	emulator().control.cancelJob(1);
	const job = await run('get', { jobId: '1' });
	expect(job.items[0].json).toMatchObject({
		Status: 'CANCELLED',
		LastCompletedLine: 1,
		CancelledOn: '2026-01-05T09:00:02.000Z',
	});
	expect(requests().map((r) => r.path)).toEqual(['/v1/Job/1']);
});

test('Get Faxes with a Limit returns the first faxes of the job', async () => {
	await createJobs(1);
	emulator().control.advance(10_000);
	const all = await faxesOf();
	const limited = await run('getFaxes', { jobId: 1, returnAll: false, limit: 2 });
	expect(all.items).toHaveLength(3);
	expect(jsonOf(limited)).toEqual(all.items.slice(0, 2).map((item) => item.json));
	expect(requests().map((r) => r.path)).toEqual(['/v1/Job/1/Faxes', '/v1/Job/1/Faxes']);
});
