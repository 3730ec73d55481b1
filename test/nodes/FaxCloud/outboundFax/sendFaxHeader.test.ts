import type { IDataObject } from 'n8n-workflow';

import { useFaxSuite } from './faxHelpers';
import { succeeded } from '../faxCloudExpect';

/**
 * The service uses FaxHeader only when FaxHeaderEnabled is true: what goes on the wire is what
 * takes effect on the fax.
 */

const { emulator, requests, sendText, refused } = useFaxSuite();

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
