import { useFaxSuite } from './faxHelpers';
import { jsonOf, pairedOutcomes } from '../faxCloudExpect';

const { emulator, requests, sent, run: runOperation } = useFaxSuite();

const run = (operation: string, faxId: string | number, options = {}) =>
	runOperation(operation, { faxId: String(faxId) }, options);

describe('Outbound Fax: Delete, Mark, Unmark', () => {
	test('Mark then Unmark set the flag the searches read', async () => {
		const [faxId] = await sent();
		emulator().control.clearRequests();

		const marked = await run('mark', faxId);
		expect(jsonOf(marked)).toEqual([{ FaxId: faxId, Mark: true, success: true }]);
		expect(emulator().control.outboundFax(faxId)?.Mark).toBe('true');

		const unmarked = await run('unmark', faxId);
		expect(unmarked.items[0].json).toEqual({ FaxId: faxId, Mark: false, success: true });
		expect(emulator().control.outboundFax(faxId)?.Mark).toBe('false');

		expect(requests().map((request) => [request.method, request.path, request.params])).toEqual([
			['PUT', `/v1/outboundfaxes/${faxId}`, { Mark: 'true' }],
			['PUT', `/v1/outboundfaxes/${faxId}`, { Mark: 'false' }],
		]);
	});

	test('Delete removes the fax', async () => {
		const [faxId] = await sent();
		const result = await run('delete', faxId);
		expect(result.items[0].json).toEqual({ FaxId: faxId, deleted: true, success: true });
		expect(requests('DELETE')[0].path).toBe(`/v1/outboundfaxes/${faxId}`);
		expect((await run('get', faxId)).error?.message).toMatch(/HTTP 404/);
	});

	test("a colleague's fax is refused (403) with advice about proxy logins", async () => {
		const [faxId] = await sent('12125550000', {}, 'bob');
		const result = await run('delete', faxId);
		expect(result.error?.message).toMatch(/HTTP 403/);
		expect(result.error?.description).toMatch(/proxy login/);
		expect(emulator().control.outboundFax(faxId)?.FaxId).toBe(String(faxId));
	});

	test('Continue On Fail over several IDs: each item gets its own outcome', async () => {
		const ids = await sent('12125550000, 12125550001');
		const result = await run('delete', '={{ $json.id }}', {
			continueOnFail: true,
			items: [ids[0], 999, 'x', ids[1]].map((id) => ({ json: { id } })),
		});
		expect(pairedOutcomes(result, 'FaxId')).toEqual([
			[{ item: 0 }, ids[0]],
			[{ item: 1 }, expect.stringMatching(/HTTP 404/)],
			[{ item: 2 }, expect.stringMatching(/^Invalid "Fax ID"/)],
			[{ item: 3 }, ids[1]],
		]);
		expect(requests('DELETE')).toHaveLength(3);
	});

	test('Continue On Fail: a failed item carries the advice, the HTTP status and the service’s code', async () => {
		const result = await run('delete', 999, { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([
			{
				json: {
					error: expect.stringMatching(/^Not found \(HTTP 404\)/),
					description: expect.stringMatching(/check the Fax ID/),
					httpCode: '404',
					statusCode: expect.anything(),
					statusText: expect.any(String),
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('without Continue On Fail the first failure stops the node: later items are not deleted', async () => {
		const ids = await sent('12125550000, 12125550001, 12125550002');
		const result = await runOperation(
			'delete',
			{ faxId: '={{ $json.id }}', options: { requestsAtOnce: 1 } },
			{ items: [ids[0], 999, ids[1], ids[2]].map((id) => ({ json: { id } })) },
		);
		expect(result.error?.message).toMatch(/^Not found \(HTTP 404\)/);
		expect(result.error?.context.itemIndex).toBe(1);
		expect(requests('DELETE').map((request) => request.path)).toEqual([
			`/v1/outboundfaxes/${ids[0]}`,
			'/v1/outboundfaxes/999',
		]);
		expect((await run('get', ids[2])).error).toBeUndefined();
	});

	test('two items fail at once: the node reports the first in item order', async () => {
		const result = await runOperation(
			'delete',
			{ faxId: '={{ $json.id }}' },
			{ items: [999, 'x'].map((id) => ({ json: { id } })) },
		);
		expect(result.error?.message).toMatch(/^Not found \(HTTP 404\)/);
		expect(result.error?.context.itemIndex).toBe(0);
	});
});
