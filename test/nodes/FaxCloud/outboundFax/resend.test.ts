import type { IRun } from 'n8n-workflow';

import { credentialsFor } from '../../../harness/jest/emulator';
import { runNode } from '../../../harness/jest/run-node';
import { sendJson, useScriptedServers } from '../../../harness/jest/scripted-server';
import { faxCloudNode, useFaxSuite } from './faxHelpers';
import { calledByParent, jsonOf, refusedByService, succeeded } from '../faxCloudExpect';

const { emulator, run, requests, sent } = useFaxSuite();
const scripted = useScriptedServers();

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

	test('a resend the service accepts without a FaxId fails saying the new fax may exist', async () => {
		const { result, received } = await resendOnScriptedService('12125550000', () => ({}));
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe('The service accepted the resend but returned no FaxId');
		expect(result.error?.description).toMatch(/^The new fax may exist: look it up with Get Many/);
		expect(received).toEqual([['POST', expect.stringMatching(/\/outboundfaxes\/7\/resend$/)]]);
	});

	test('a fax the service holds without a number is not resent: the node asks for New Fax Number', async () => {
		const { result, received } = await resendOnScriptedService('', (method) =>
			method === 'GET'
				? { FaxInfo: [{ FaxId: '7', FaxStatus: 'sendFailed' }] }
				: { FaxInfo: [{ FaxId: '8', FaxNumber: '' }] },
		);
		expect(result.error?.message).toBe('Fax 7 has no fax number to resend to');
		expect(result.error?.description).toBe('Enter the destination in New Fax Number.');
		expect(received).toEqual([['GET', expect.stringMatching(/\/outboundfaxes\/7$/)]]);
	});
});

describe('Outbound Fax: Resend in a Retry (a resend deletes the fax it resends)', () => {
	/** Three failed faxes, resent as three items; the service refuses the third resend (503). */
	async function halfDoneResend(settings = {}) {
		const faxIds = [await failedFax(), await failedFax(), await failedFax()];
		const third = { count: 1, after: 2, kind: 'http500', status: 503 } as const;
		emulator().control.addFault({ api: 'fax', method: 'POST', ...third });
		const items = faxIds.map((faxId) => ({ json: { faxId } }));
		const parameters = {
			faxId: '={{ $json.faxId }}',
			faxNumber: '12125550000',
			options: { requestsAtOnce: 1 },
		};
		const first = await run('resend', parameters, { items, settings });
		const again = (retryOf: IRun) => run('resend', parameters, { items, retryOf });
		return { faxIds, first, again };
	}
	/** Per fax, the resends the service carried out: answered 201, or processed and the answer lost. */
	const resendsOf = (faxIds: number[]) =>
		faxIds.map(
			(faxId) =>
				requests().filter(
					({ path, processed, status }) =>
						path.endsWith(`/${faxId}/resend`) && processed && (status === 201 || status === null),
				).length,
		);

	test.each([
		['Retry', {}],
		['Retry On Fail', { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 }],
	])('%s outputs the faxes resent as found and resends only the rest', async (path, settings) => {
		const { faxIds, first, again } = await halfDoneResend(settings);
		let result = first;
		if (path === 'Retry') {
			expect(first.error?.message).toMatch(/HTTP 503/);
			result = await again(first.run);
		}

		expect(jsonOf(result)).toEqual(
			faxIds.map((faxId, index) => ({
				FaxId: faxIds[2] + 1 + index,
				FaxNumber: '12125550000',
				ResentFaxId: faxId,
				sendOnce: index < 2 ? 'found' : 'sent',
			})),
		);
		expect(resendsOf(faxIds)).toEqual([1, 1, 1]);
	});

	test('a Retry whose fax is gone though no resend was noted (its answer lost) stops with advice', async () => {
		const faxId = await failedFax();
		const lost = { count: 1, kind: 'resetAfterProcessing' } as const;
		emulator().control.addFault({ api: 'fax', method: 'POST', ...lost });
		const parameters = { faxId: String(faxId), faxNumber: '12125550000' };
		const first = await run('resend', parameters);
		expect(first.error).toBeDefined();

		const retry = await run('resend', parameters, { retryOf: first.run });

		expect(retry.error?.message).toMatch(/HTTP 404/);
		expect(retry.error?.description).toMatch(
			/^Nothing was resent. A resend deletes the fax it resends/,
		);
		expect(resendsOf([faxId])).toEqual([1]);
	});

	test('a Resend in a sub-workflow whose fax an earlier run of the parent resent stops with advice', async () => {
		const faxId = await failedFax();
		const parameters = { faxId: String(faxId), faxNumber: '12125550000' };
		await run('resend', parameters, calledByParent).then(succeeded);

		// The parent retried: its sub-workflow runs anew, with nothing noted of the first run.
		const again = await run('resend', parameters, calledByParent);

		expect(again.error?.message).toMatch(/HTTP 404/);
		expect(again.error?.description).toMatch(
			/^Nothing was resent. A resend deletes the fax it resends, and this one runs in a sub-workflow/,
		);
		// The same 404 answers a Fax ID that names no fax: the advice says both.
		expect(again.error?.description).toMatch(/or the Fax ID names no fax/);
		expect(resendsOf([faxId])).toEqual([1]);
	});
});

/**
 * Resend of fax 7 against a service that answers each request with RequestStatus 0 and the fields
 * `fields` gives for its method; the run and the requests the service received.
 */
async function resendOnScriptedService(
	faxNumber: string,
	fields: (method: string) => Record<string, unknown>,
) {
	const server = await scripted((request, _count, res) =>
		sendJson(res, 200, {
			RequestStatus: { StatusCode: 0, StatusText: '' },
			...fields(request.method),
		}),
	);
	const credentials = credentialsFor(emulator(), 'alice');
	credentials.faxCloudApi!.faxBaseUrl = server.url;
	const result = await runNode({
		node: faxCloudNode,
		parameters: { resource: 'outboundFax', operation: 'resend', faxId: '7', faxNumber },
		credentials,
	});
	return { result, received: server.received.map((request) => [request.method, request.url]) };
}
