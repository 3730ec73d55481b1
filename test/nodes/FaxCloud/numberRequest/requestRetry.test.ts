import type { FaultSpec } from '../../../../emulator/faults';
import { useNumbersSuite } from './numbersHelpers';
import { fieldOf, succeeded } from '../faxCloudExpect';

/**
 * Number requests in n8n's Retry and in Retry On Fail: a request is a ticket the service does not
 * list, so the run notes what each item filed; a Retry outputs those as found and files the rest,
 * and one whose answer never came stops rather than open a second ticket.
 */

const { emulator, fileNumberRequest } = useNumbersSuite();

const WHO = ['Ann', 'Ben', 'Cid'];
const items = (who = WHO) => who.map((name) => ({ json: { name } }));
const tollFree = { options: { comment: '={{ $json.name }}' } };
/** Per item, the tickets the service opened (its comment tells whose). */
const ticketsPer = (who = WHO) =>
	who.map(
		(name) =>
			emulator()
				.control.numberRequests()
				.filter((ticket) => (ticket as { request: { comment?: string } }).request.comment === name)
				.length,
	);

test.each([
	['Retry', {}],
	['Retry On Fail', { retryOnFail: true, maxTries: 2, waitBetweenTries: 0 }],
])('%s outputs the requests filed as found and files only the rest', async (path, settings) => {
	// The third request to arrive is refused (429, too many requests): no ticket is opened for it.
	const third = { count: 1, after: 2, kind: 'http500', status: 429 } as const;
	emulator().control.addFault({ api: 'numbers', method: 'POST', ...third });
	let result = await fileNumberRequest('tollFree', tollFree, { items: items(), settings });
	if (path === 'Retry') {
		expect(result.error?.message).toMatch(/HTTP 429/);
		result = await fileNumberRequest('tollFree', tollFree, { items: items(), retryOf: result.run });
	}

	expect(fieldOf(succeeded(result), 'sendOnce').sort()).toEqual(['found', 'found', 'sent']);
	expect(ticketsPer()).toEqual([1, 1, 1]);
});

test.each<[string, Pick<FaultSpec, 'kind' | 'status'>, number]>([
	['a request whose answer was lost', { kind: 'resetAfterProcessing' }, 1],
	['a request answered 503 (a gateway may have passed it on)', { kind: 'http500', status: 503 }, 0],
])('%s: the Retry stops, no second ticket', async (_what, fault, tickets) => {
	emulator().control.addFault({ api: 'numbers', method: 'POST', count: 1, ...fault });
	const first = await fileNumberRequest('tollFree', tollFree, { items: items(['Ann']) });
	expect(first.error).toBeDefined();

	const retry = await fileNumberRequest('tollFree', tollFree, {
		items: items(['Ann']),
		retryOf: first.run,
	});

	expect(retry.error?.message).toBe(
		'This Retry cannot tell whether the number request of item 1 was filed',
	);
	expect(retry.error?.description).toMatch(/^Nothing was filed/);
	expect(ticketsPer(['Ann'])).toEqual([tickets]);
});

test('a Retry of an execution n8n kept nothing of files nothing: it cannot tell what was filed', async () => {
	const retry = await fileNumberRequest('tollFree', tollFree, {
		items: items(['Ann']),
		mode: 'retry',
	});

	expect(retry.error?.message).toBe(
		'This Retry cannot tell which number requests the execution it repeats filed',
	);
	expect(ticketsPer(['Ann'])).toEqual([0]);
});
