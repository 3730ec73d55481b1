import type { IDataObject } from 'n8n-workflow';

import { clearNumbersCache } from '../../../../nodes/shared/numbersCache';
import { SEED_TOKENS } from '../../../harness/jest/emulator';
import { errorText, type RunOptions, useNumbersSuite } from './numbersHelpers';
import { pairedOutcomes, succeeded } from '../faxCloudExpect';

const { emulator, fileNumberRequest, requests, refused } = useNumbersSuite();
beforeEach(() => clearNumbersCache());

const PATH = '/api/numbers/add-new-number-request/non-toll-free';

/** A non-toll-free request for a number in New York, with what the test adds. */
const nonTollFree = (parameters: IDataObject = {}, options: RunOptions = {}) =>
	fileNumberRequest('nonTollFree', { country: 'US', region: 'NY', ...parameters }, options);

test('a non-toll-free request sends the JSON fields as the description names them', async () => {
	const result = await nonTollFree({
		city: 'New York',
		areaCodes: ['212', '646'],
		notifyEmails: 'it@acme.example, ops@acme.example',
		assignToUser: 'alice@acme',
		options: {
			comment: 'Second line for billing',
			departmentName: 'Billing',
			forwardFrom: '12125550100',
		},
	}).then(succeeded);

	const payload = {
		country_code: 'US',
		department_name: 'Billing',
		assign_to_user: 'alice@acme',
		notify_email: ['it@acme.example', 'ops@acme.example'],
		comment: 'Second line for billing',
		forward_from: '12125550100',
		region: 'NY',
		city: 'New York',
		area_code: ['212', '646'],
	};
	const posts = requests('POST');
	expect(posts.map((r) => [r.path, r.status, r.auth.userId])).toEqual([[PATH, 201, 'admin@acme']]);
	expect(posts[0].params).toEqual(payload);
	const [ticket] = emulator().control.numberRequests() as Array<{ id: number }>;
	expect(ticket).toMatchObject({ type: 'non_toll_free', request: payload });
	expect(result.items).toEqual([
		{
			json: expect.objectContaining({
				id: ticket.id,
				type: 'non_toll_free',
				status: 'submitted',
				warnings: [],
			}),
			pairedItem: { item: 0 },
		},
	]);
});

test('only the region: empty department, user and forward number, no city, no area code', async () => {
	await nonTollFree().then(succeeded);
	expect(requests('POST')[0].params).toEqual({
		country_code: 'US',
		department_name: '',
		assign_to_user: '',
		notify_email: ['it@acme.example'],
		forward_from: '',
		region: 'NY',
		area_code: [],
	});
});

test('region, city and area codes typed by hand are matched to the provider’s spelling', async () => {
	const typedByHand = { country: 'CA', region: 'quebec', city: 'montreal', areaCodes: '514, 438' };
	await nonTollFree(typedByHand).then(succeeded);
	expect(requests('POST')[0].params).toMatchObject({
		country_code: 'CA',
		region: 'QC',
		city: 'Montréal',
		area_code: ['514', '438'],
	});
});

test('a user who does not exist yet: the provider’s warning reaches the output', async () => {
	const result = await nonTollFree({ assignToUser: 'newhire@acme' });
	expect(result.items[0].json.warnings).toEqual([
		'User newhire@acme does not exist yet; faxes received on the new number go to the default user until it is created',
	]);
});

describe('bad input is refused before the request is filed', () => {
	test.each(
		Object.entries<[IDataObject, string]>({
			'a notify address that is not one': [
				{ notifyEmails: 'it@acme.example, ops at acme' },
				'Invalid "Notification Email": "ops" is not an e-mail address; use name@example.com',
			],
			'a region expression that gives nothing': [
				{ region: '={{ "" }}' },
				'Invalid "Region": choose a region (state or province) of US',
			],
		}),
	)('%s (no request at all)', async (_name, [parameters, message]) => {
		refused(await nonTollFree(parameters), message);
	});

	test.each(
		Object.entries<[IDataObject, string]>({
			'a region of the other country': [
				{ country: 'CA', region: 'NY' },
				'Invalid "Region": "NY" is not a region of CA; use one of AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK',
			],
			'a city outside the region': [
				{ city: 'Chicago' },
				'Invalid "City": "Chicago" is not a city of NY, US in the provider\'s list',
			],
			'an area code of another region': [
				{ areaCodes: ['212', '312'] },
				'Invalid "Area Codes": 312 is not an area code of NY; the region has',
			],
		}),
	)('%s (lookups only, nothing filed)', async (_name, [parameters, message]) => {
		const result = await nonTollFree(parameters);
		expect(result.error?.message.startsWith(message)).toBe(true);
		expect(requests('POST')).toHaveLength(0);
		expect(requests('GET').length).toBeGreaterThan(0);
	});
});

test('a token of a user who may not manage numbers: access denied, no token in the error', async () => {
	const result = await nonTollFree({}, { token: SEED_TOKENS.acmeNotAdmin, continueOnFail: true });
	expect(result.items[0].json).toMatchObject({ httpCode: '403' });
	expect(String(result.items[0].json.error)).toMatch(/^Access denied \(HTTP 403\)/);
	expect(JSON.stringify(result.items)).not.toContain(SEED_TOKENS.acmeNotAdmin);
	expect(requests('POST')).toHaveLength(0);
});

test('a wrong token: authorization failed, pointing at the access token, no token in the error', async () => {
	const result = await nonTollFree({}, { token: 'not-a-token' });
	expect(result.error?.message).toMatch(/^Authorization failed \(HTTP 401\)/);
	expect(result.error?.description).toMatch(/Access Token of the Fax Cloud Numbers API credential/);
	expect(errorText(result.error)).not.toContain('not-a-token');
});

describe('several items', () => {
	const items = ['it@acme.example', 'not-an-address', 'ops@acme.example'].map((email) => ({
		json: { email },
	}));
	const emailOfItem = { notifyEmails: '={{ $json.email }}' };

	test('a bad later item stops the node before the first request is filed', async () => {
		const result = await nonTollFree(emailOfItem, { items });
		expect(result.error?.message).toBe(
			'Invalid "Notification Email": "not-an-address" is not an e-mail address; use name@example.com',
		);
		expect(result.error?.context.itemIndex).toBe(1);
		expect(requests('POST')).toHaveLength(0);
	});

	test('with Continue On Fail the good items are filed and the bad one is an error item', async () => {
		const result = await nonTollFree(emailOfItem, { items, continueOnFail: true });
		expect(pairedOutcomes(result, 'type')).toEqual([
			[{ item: 0 }, 'non_toll_free'],
			[{ item: 1 }, expect.stringMatching(/^Invalid "Notification Email"/)],
			[{ item: 2 }, 'non_toll_free'],
		]);
		expect(requests('POST').map((r) => r.params.notify_email)).toEqual([
			['it@acme.example'],
			['ops@acme.example'],
		]);
	});
});

test('an address given twice in Notification Email is sent once', async () => {
	await nonTollFree({ notifyEmails: 'it@acme.example; it@acme.example' }).then(succeeded);
	expect(requests('POST')[0].params.notify_email).toEqual(['it@acme.example']);
});
