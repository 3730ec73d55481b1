import type { IDataObject } from 'n8n-workflow';

import { ZONE_LESS_TIMES, ZONED_TIMES_IN_TWO_ZONES } from '../../../harness/jest/workflow-times';
import { type RunOptions, useFaxSuite } from './faxHelpers';
import { succeeded } from '../faxCloudExpect';

/**
 * Send After from n8n's date picker carries no zone and means the workflow's timezone, as in n8n's
 * own nodes; the service gets UTC with Z. Runs in n8n-core with the workflow's Timezone setting.
 */

const { emulator, requests, sendText, refused } = useFaxSuite();

const sendAfter = (value: unknown, options: RunOptions = {}) =>
	sendText({ options: { sendAfter: value } as IDataObject }, options);

describe('Outbound Fax: Send After in the workflow’s timezone', () => {
	/** Sends with Send After `value` and the run's options: `wire` goes out and is stored. */
	async function expectSentAndStored(value: string, options: RunOptions, wire: string) {
		await sendAfter(value, options).then(succeeded);
		expect(requests('POST')[0].params.SendAfter).toBe(wire);
		expect(emulator().control.outboundFax(1)?.SendAfter).toBe(wire);
	}
	const expectSentAndStoredAs = (timezone: string, value: string, wire: string) =>
		expectSentAndStored(value, { timezone }, wire);

	test.each(ZONE_LESS_TIMES)('in %s, the picker’s %s goes out as %s (%s)', expectSentAndStoredAs);

	test.each(ZONED_TIMES_IN_TWO_ZONES)('in %s, %s keeps its own zone: %s', expectSentAndStoredAs);

	test.each<[string, string, RunOptions, string]>([
		[
			'without a workflow Timezone, n8n’s instance timezone (GENERIC_TIMEZONE) applies',
			'2026-11-24T09:00:00',
			{ instanceTimezone: 'Asia/Kolkata' },
			'2026-11-24T03:30:00Z',
		],
		[
			'the workflow’s Timezone setting wins over the instance timezone',
			'2026-11-24T09:00:00',
			{ timezone: 'America/New_York', instanceTimezone: 'Asia/Kolkata' },
			'2026-11-24T14:00:00Z',
		],
		[
			'a Luxon DateTime from an expression is an instant and agrees with n8n’s own conversion',
			'={{ DateTime.fromObject({ year: 2026, month: 11, day: 24, hour: 9 }) }}',
			{ timezone: 'Asia/Kolkata' },
			'2026-11-24T03:30:00Z',
		],
		[
			'an ISO string with an offset from an expression keeps it',
			'={{ $json.due }}',
			{ timezone: 'America/New_York', items: [{ json: { due: '2026-07-15T09:00:00.000+05:30' } }] },
			'2026-07-15T03:30:00Z',
		],
		[
			'an unknown workflow timezone does not stop a time with Z',
			'2026-11-24T09:00:00Z',
			{ timezone: 'Mars/Olympus_Mons' },
			'2026-11-24T09:00:00Z',
		],
	])('%s', (_name, value, options, wire) => expectSentAndStored(value, options, wire));

	test('an unknown workflow timezone refuses a zone-less time instead of reading it as UTC', async () => {
		refused(
			await sendAfter('2026-11-24T09:00:00', { timezone: 'Mars/Olympus_Mons' }),
			'Invalid "Send After": "2026-11-24T09:00:00" has no timezone and the workflow\'s timezone "Mars/Olympus_Mons" is unknown; add Z or an offset such as +01:00, or choose a timezone in the workflow settings',
		);
	});
});

/**
 * The service uses FaxHeader only when FaxHeaderEnabled is true: what goes on the wire is what
 * takes effect on the fax.
 */

const HEADER = '%d %t From %i Page %P of %p';

describe('Outbound Fax: Send, Fax Header', () => {
	// [test, options, [FaxHeader, FaxHeaderEnabled] sent, the same stored, the item's JSON]
	test.each(
		Object.entries<[IDataObject, unknown[], unknown[], IDataObject?]>({
			'a Fax Header alone turns the header on, so the text is used': [
				{ faxHeader: HEADER },
				[HEADER, 'true'],
				[HEADER, 'true'],
			],
			'Fax Header with Fax Header Enabled on sends both': [
				{ faxHeader: HEADER, faxHeaderEnabled: true },
				[HEADER, 'true'],
				[HEADER, 'true'],
			],
			'Fax Header Enabled off leaves the Fax Header text off the wire: it would not be used': [
				{ faxHeader: HEADER, faxHeaderEnabled: false },
				[undefined, 'false'],
				['', 'false'],
			],
			'Fax Header Enabled on without a text asks for the default header': [
				{ faxHeaderEnabled: true },
				[undefined, 'true'],
				['', 'true'],
			],
			'neither option sends neither parameter': [{}, [undefined, undefined], ['', 'false']],
			'a header from an expression that is empty for this item sends no header': [
				{ faxHeader: '={{ $json.header }}' },
				[undefined, undefined],
				['', 'false'],
				{ header: '' },
			],
		}),
	)('%s', async (_name, [options, wire, stored, json = {}]) => {
		await sendText({ options }, { items: [{ json }] }).then(succeeded);
		const { params } = requests('POST')[0];
		const fax = emulator().control.outboundFax(1);
		expect([params.FaxHeader, params.FaxHeaderEnabled]).toEqual(wire);
		expect([fax?.FaxHeader, fax?.FaxHeaderEnabled]).toEqual(stored);
	});

	test('a Fax Header Enabled that is not a boolean is refused before any request', async () => {
		const options = { faxHeader: HEADER, faxHeaderEnabled: '={{ "maybe" }}' };
		refused(await sendText({ options }), /^Invalid "Fax Header Enabled": "maybe" is not allowed/);
	});
});
