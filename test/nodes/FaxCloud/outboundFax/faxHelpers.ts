/** Helpers shared by the outbound and inbound fax suites of the Fax Cloud node. */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import type { Emulator } from '../../../../emulator';
import type { FaultSpec } from '../../../../emulator/faults';
import { TestCredentialsHelper } from '../../../harness/jest/credentials-helper';
import type { SeedUser } from '../../../harness/jest/emulator';
import {
	runFaxCloudResource as runFaxCloud,
	type RunOptions,
} from '../../../harness/jest/fax-cloud-node';
import { fieldOf, succeeded, useNodeSuite } from '../faxCloudExpect';

export { runFaxCloud, type RunOptions };
export { faxCloudNode } from '../../../harness/jest/fax-cloud-node';
export { itemWithFiles } from '../../../harness/jest/binary-items';

/** A fax suite (see useNodeSuite), with text faxes sent to 12125550000 unless the parameters say. */
export function useFaxSuite(resource: 'outboundFax' | 'inboundFax' = 'outboundFax') {
	const suite = useNodeSuite('fax', resource);
	const { emulator } = suite;
	const sendText = (parameters: IDataObject = {}, options: RunOptions = {}) =>
		runFaxCloud(
			emulator(),
			'outboundFax',
			{ operation: 'send', faxNumbers: '12125550000', content: 'text', text: 'Hi', ...parameters },
			options,
		);
	return {
		...suite,
		sendText,
		/** Sends a text fax to the numbers given (as alice unless `user` says); gives the FaxIds. */
		async sent(faxNumbers = '12125550000', options: IDataObject = {}, user: SeedUser = 'alice') {
			const result = await sendText({ faxNumbers, options }, { user });
			if (result.error) throw result.error;
			return result.items.map((item) => item.json.FaxId as number);
		},
	};
}

/**
 * Runs `run` with the fault given in place from the send after `sendsMade` on (without a `count`,
 * every later request to the fax interface meets it: the service died), then removes it. Counted
 * where n8n-core authenticates each request, just before it leaves; Requests at Once 1 keeps the
 * order exact.
 */
export async function withFaultAtSend<T>(
	emulator: Emulator,
	sendsMade: number,
	fault: Omit<FaultSpec, 'api'>,
	run: () => Promise<T>,
): Promise<T> {
	const original = TestCredentialsHelper.prototype.authenticate;
	let posts = 0;
	const spy = jest
		.spyOn(TestCredentialsHelper.prototype, 'authenticate')
		.mockImplementation(async function (this: TestCredentialsHelper, ...args) {
			const request = args[2] as IHttpRequestOptions;
			if (request.method === 'POST' && ++posts === sendsMade + 1) {
				const sendsOnly =
					fault.count === undefined ? {} : { method: 'POST', path: '^/v1/outboundfaxes$' };
				emulator.control.addFault({ api: 'fax', ...sendsOnly, ...fault });
			}
			return await original.apply(this, args);
		});
	try {
		return await run();
	} finally {
		spy.mockRestore();
		emulator.control.clearFaults();
	}
}

/** A text Send of one fax at a time, so the requests go in the items' order. */
export const textSendOneAtATime = (faxNumbers: string, text: string, options = {}) => ({
	faxNumbers,
	content: 'text',
	text,
	options: { requestsAtOnce: 1, ...options },
});

/**
 * The date-window cases of Get Many, shared by both directions: a fax just before the window, one
 * inside and one just after; the filters typed in the workflow's timezone select the one inside.
 * `faxAt` makes a fax whose filtered time (received or updated) is the instant given.
 */
export function testDateWindows(
	{ run, requests }: Pick<ReturnType<typeof useFaxSuite>, 'run' | 'requests'>,
	faxAt: (iso: string) => unknown,
) {
	const shift = (iso: string, minutes: number) =>
		new Date(Date.parse(iso) + minutes * 60_000).toISOString();
	// The filters typed in `timezone`, and the UTC instants the service must be sent for them.
	test.each`
		timezone              | after                          | before                         | wireAfter                 | wireBefore
		${'America/New_York'} | ${'2026-01-20T09:00:00'}       | ${'2026-01-20T10:00:00'}       | ${'2026-01-20T14:00:00Z'} | ${'2026-01-20T15:00:00Z'}
		${'America/New_York'} | ${'2026-07-15T09:00:00'}       | ${'2026-07-15T10:00:00'}       | ${'2026-07-15T13:00:00Z'} | ${'2026-07-15T14:00:00Z'}
		${'Asia/Kolkata'}     | ${'2026-11-24T09:00:00'}       | ${'2026-11-24T10:00:00'}       | ${'2026-11-24T03:30:00Z'} | ${'2026-11-24T04:30:00Z'}
		${'America/New_York'} | ${'2026-11-24T09:00:00+05:30'} | ${'2026-11-24T10:00:00Z'}      | ${'2026-11-24T03:30:00Z'} | ${'2026-11-24T10:00:00Z'}
		${'Asia/Kolkata'}     | ${'2026-01-20T09:00:00Z'}      | ${'2026-01-20T10:00:00-05:00'} | ${'2026-01-20T09:00:00Z'} | ${'2026-01-20T15:00:00Z'}
	`(
		'in $timezone, $after to $before selects the faxes from $wireAfter to $wireBefore',
		async ({ timezone, after, before, wireAfter, wireBefore }: Record<string, string>) => {
			faxAt(shift(wireAfter, -30));
			const inside = faxAt(shift(wireAfter, 30));
			faxAt(shift(wireBefore, 30));
			const filters = { datetimeAfter: after, datetimeBefore: before };
			const result = await run('getAll', { returnAll: true, filters }, { timezone });
			expect(fieldOf(succeeded(result), 'FaxId')).toEqual([inside]);
			expect(requests('GET')[0].query).toMatchObject({
				DatetimeAfter: wireAfter,
				DatetimeBefore: wireBefore,
			});
		},
	);
}
