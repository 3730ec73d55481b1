import { useFaxSuite } from './faxHelpers';
import { jsonOf, refusedByService } from '../faxCloudExpect';

const { emulator, run, requests, sent } = useFaxSuite();

/** A fax to a busy number (scripted ending 0002) with one attempt, failed once the clock moves. */
async function failedFax(): Promise<number> {
	const [faxId] = await sent('12125550002', { retryCount: 1 });
	emulator().control.advance(60_000);
	expect(emulator().control.outboundFax(faxId)?.FaxStatus).toBe('sendFailed');
	emulator().control.clearRequests();
	return faxId;
}

describe('Outbound Fax: Resend', () => {
	test.each([
		[
			'resends a failed fax to a new number; the original is replaced',
			'1-212-555-0000',
			'12125550000',
		],
		['an empty New Fax Number resends to the original number, read first', '', '12125550002'],
	])('%s', async (_name, faxNumber, sentTo) => {
		const faxId = await failedFax();
		const result = await run('resend', { faxId: String(faxId), faxNumber });
		expect(jsonOf(result)).toEqual([{ FaxId: faxId + 1, FaxNumber: sentTo, ResentFaxId: faxId }]);
		const readFirst = faxNumber ? [] : [['GET', `/v1/outboundfaxes/${faxId}`, {}]];
		expect(requests().map((request) => [request.method, request.path, request.params])).toEqual([
			...readFirst,
			['POST', `/v1/outboundfaxes/${faxId}/resend`, { FaxNumber: sentTo }],
		]);
		expect((await run('get', { faxId: String(faxId) })).error?.message).toMatch(/HTTP 404/);
	});

	test('a fax that has not failed is refused by the service, with advice', async () => {
		const [faxId] = await sent();
		const result = await run('resend', { faxId: String(faxId), faxNumber: '12125550001' });
		refusedByService(result, /^Bad request \(HTTP 400\) \[StatusCode 30\]/);
		expect(result.error?.description).toMatch(/Only a fax whose status is sendFailed/);
		expect(emulator().control.stats().outboundCount).toBe(1);
	});
});
