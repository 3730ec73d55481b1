import type { IDataObject, IExecuteFunctions, INodeType } from 'n8n-workflow';

import { LIST_ORDERS } from '../../../../emulator/mailmerge/mailmerge-service';
import { credentialsFor } from '../../../harness/jest/emulator';
import { runNode } from '../../../harness/jest/run-node';
import { faxCloudNode, FROM_BINARY_FILES, jobItem, useMailMergeSuite } from './mailMergeHelpers';
import { fieldOf, jsonOf, succeeded } from '../faxCloudExpect';

const suite = useMailMergeSuite(['Fax', 'Name']);
const { emulator, template, run, requests, create, faxesOf, refused } = suite;

const CSV = 'Fax,Name\r\n12125550000,Ann\r\n12125550000,Ben\r\n12125550000,Cid\r\n';

async function createJobs(count: number) {
	const items = Array.from({ length: count }, () => jobItem(CSV, template()));
	await create({}, { items }).then(succeeded);
	emulator().control.clearRequests();
}

// The description gives no order for the list: the node outputs the jobs oldest first either way.
test.each(LIST_ORDERS)(
	'Get Many lists the jobs of the login with Return All or Limit, normalised (service listing %s)',
	async (order) => {
		emulator().control.setMailMergeListOrder(order);
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
	},
);

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

/** A Binary File job with its Send After and the workflow's timezone. */
const jobSendingAfter = (sendAfter: unknown, timezone: string) =>
	create(
		{ ...FROM_BINARY_FILES, options: { sendAfter } as IDataObject },
		{ items: [jobItem('Name,Fax\r\nAnn,12125550000\r\n', template())], timezone },
	);

/**
 * Send After goes through the same conversion as Outbound Fax → Send, whose own suite
 * (outboundFax/sendAfter.test.ts) runs every time zone row: here one accepted and one refused
 * value show that the job reads the workflow's timezone and writes SendAfter.
 */
describe('Mail Merge Job: Send After in the workflow’s timezone', () => {
	test('in America/New_York, 2026-07-15T09:00:00 goes out as 2026-07-15T13:00:00Z (summer, EDT -04:00)', async () => {
		const result = await jobSendingAfter('2026-07-15T09:00:00', 'America/New_York').then(succeeded);
		expect(result.items[0].json).toMatchObject({ JobID: 1 });
		expect(requests('POST')[0]).toMatchObject({
			status: 201,
			params: { SendAfter: '2026-07-15T13:00:00Z' },
		});
	});

	test('a bad Send After is refused in a New York workflow before the upload, naming it', async () => {
		const result = await jobSendingAfter('2026-11-24T25:00:00', 'America/New_York');
		refused(result, /^Invalid "Send After": "2026-11-24T25:00:00" is not a valid date/);
	});
});

/**
 * Binary File makes one job per item after checking every item's files: each file is read from
 * n8n's binary store once, for the check, and the job is created from that reading (a file
 * read twice costs its size twice, in memory and, with filesystem binary data, on disk).
 */

/** The Fax Cloud node, counting the binary reads n8n serves it, per item and field. */
const countingBinaryReads = (reads: string[]): INodeType => ({
	description: faxCloudNode.description,
	async execute(this: IExecuteFunctions) {
		const read = this.helpers.getBinaryDataBuffer;
		this.helpers.getBinaryDataBuffer = async (itemIndex, field) => {
			reads.push(`${itemIndex}:${field}`);
			return await read.call(this.helpers, itemIndex, field);
		};
		return await faxCloudNode.execute.call(this);
	},
});

test('Binary File: each item reads its CSV and its template once, checks and job alike', async () => {
	const item = (name: string) => jobItem(`Fax,Name\r\n12125550000,${name}\r\n`, template());
	const reads: string[] = [];
	const result = await runNode({
		node: countingBinaryReads(reads),
		parameters: {
			resource: 'mailMergeJob',
			operation: 'create',
			csvSource: 'binary',
			faxNumberColumn: 'Fax',
		},
		credentials: credentialsFor(emulator(), 'alice'),
		items: [item('Ann'), item('Ben'), item('Cid')],
	});

	expect(result.error).toBeUndefined();
	expect(result.items.map(({ json }) => json.ExpectedFaxes)).toEqual([1, 1, 1]);
	expect(requests('POST')).toHaveLength(3);
	expect(reads.sort()).toEqual(['0:csv', '0:data', '1:csv', '1:data', '2:csv', '2:data']);
});
