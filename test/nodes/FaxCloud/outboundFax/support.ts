import type { IDataObject } from 'n8n-workflow';

import type { Emulator } from '../../../../emulator';
import type { SeedUser } from '../../../support/emulator';
import { runFaxCloudNode, type RunOptions } from '../../../support/fax-cloud-node';

/** Helpers shared by the outbound and inbound fax suites of the Fax Cloud node. */

export { ALICE, errorText, faxCloudNode, type RunOptions } from '../../../support/fax-cloud-node';

export const runFaxCloud = (
	emulator: Emulator,
	resource: 'outboundFax' | 'inboundFax',
	parameters: IDataObject,
	options: RunOptions = {},
) => runFaxCloudNode(emulator, { resource, ...parameters }, options);

export { itemWithFiles, type BinaryFile } from '../../../support/binary-items';

export async function pdfBuffer(pages = 1): Promise<Buffer> {
	const { PDFDocument } = await import('pdf-lib');
	const doc = await PDFDocument.create();
	for (let i = 0; i < pages; i++) {
		doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 50, y: 700 });
	}
	return Buffer.from(await doc.save());
}

/** Requests the emulator received on the fax interface, optionally one method and path pattern. */
export function faxRequests(emulator: Emulator, method?: string, path?: string) {
	return emulator.control.requests({ api: 'fax', method, path });
}

/** Sends one fax as alice through the emulator's own API shape, returning its FaxId. */
export async function sendViaNode(
	emulator: Emulator,
	faxNumbers: string,
	options: IDataObject = {},
	user: SeedUser = 'alice',
): Promise<number[]> {
	const result = await runFaxCloud(
		emulator,
		'outboundFax',
		{ operation: 'send', faxNumbers, content: 'text', text: 'Hello', options },
		{ user },
	);
	if (result.error) throw result.error;
	return result.items.map((item) => item.json.FaxId as number);
}
