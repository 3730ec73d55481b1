import type { IDataObject } from 'n8n-workflow';

import { useEmulator } from '../../../harness/jest/emulator';
import { faxRequests, sendTextFax } from './faxHelpers';

/**
 * The service uses FaxHeader only when FaxHeaderEnabled is true: what goes on the wire is what
 * takes effect on the fax.
 */

const emulator = useEmulator();

const HEADER = '%d %t From %i Page %P of %p';

async function sendWith(options: IDataObject, items?: Array<{ json: IDataObject }>) {
	const result = await sendTextFax(emulator(), { options }, { items });
	expect(result.error).toBeUndefined();
	const [request] = faxRequests(emulator(), 'POST');
	const stored = emulator().control.outboundFax(1);
	return {
		wire: {
			FaxHeader: request.params.FaxHeader,
			FaxHeaderEnabled: request.params.FaxHeaderEnabled,
		},
		stored: { FaxHeader: stored?.FaxHeader, FaxHeaderEnabled: stored?.FaxHeaderEnabled },
	};
}

describe('Outbound Fax: Send, Fax Header', () => {
	test('a Fax Header alone turns the header on, so the text is used', async () => {
		expect(await sendWith({ faxHeader: HEADER })).toEqual({
			wire: { FaxHeader: HEADER, FaxHeaderEnabled: 'true' },
			stored: { FaxHeader: HEADER, FaxHeaderEnabled: 'true' },
		});
	});

	test('Fax Header with Fax Header Enabled on sends both', async () => {
		expect(await sendWith({ faxHeader: HEADER, faxHeaderEnabled: true })).toEqual({
			wire: { FaxHeader: HEADER, FaxHeaderEnabled: 'true' },
			stored: { FaxHeader: HEADER, FaxHeaderEnabled: 'true' },
		});
	});

	test('Fax Header Enabled off leaves the Fax Header text off the wire: it would not be used', async () => {
		expect(await sendWith({ faxHeader: HEADER, faxHeaderEnabled: false })).toEqual({
			wire: { FaxHeader: undefined, FaxHeaderEnabled: 'false' },
			stored: { FaxHeader: '', FaxHeaderEnabled: 'false' },
		});
	});

	test('Fax Header Enabled on without a text asks for the default header', async () => {
		expect(await sendWith({ faxHeaderEnabled: true })).toEqual({
			wire: { FaxHeader: undefined, FaxHeaderEnabled: 'true' },
			stored: { FaxHeader: '', FaxHeaderEnabled: 'true' },
		});
	});

	test('neither option sends neither parameter', async () => {
		expect(await sendWith({})).toEqual({
			wire: { FaxHeader: undefined, FaxHeaderEnabled: undefined },
			stored: { FaxHeader: '', FaxHeaderEnabled: 'false' },
		});
	});

	test('a header from an expression that is empty for this item sends no header', async () => {
		expect(
			await sendWith({ faxHeader: '={{ $json.header }}' }, [{ json: { header: '' } }]),
		).toEqual({
			wire: { FaxHeader: undefined, FaxHeaderEnabled: undefined },
			stored: { FaxHeader: '', FaxHeaderEnabled: 'false' },
		});
	});

	test('a Fax Header Enabled that is not a boolean is refused before any request', async () => {
		const result = await sendTextFax(emulator(), {
			options: { faxHeader: HEADER, faxHeaderEnabled: '={{ "maybe" }}' },
		});
		expect(result.error?.message).toMatch(/^Invalid "Fax Header Enabled": "maybe" is not allowed/);
		expect(faxRequests(emulator())).toHaveLength(0);
	});
});
