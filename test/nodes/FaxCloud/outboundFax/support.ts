import type { IDataObject, INodeExecutionData, WorkflowExecuteMode } from 'n8n-workflow';

import type { Emulator } from '../../../../emulator';
import { FaxCloud } from '../../../../nodes/FaxCloud/FaxCloud.node';
import { credentialsFor, SEED_USERS, type SeedUser } from '../../../support/emulator';
import { runNode } from '../../../support/run-node';

/** Helpers shared by the outbound and inbound fax suites of the Fax Cloud node. */

export const faxCloudNode = new FaxCloud();

export interface RunOptions {
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	user?: SeedUser;
	/** Replaces the password of the login, for authentication failures. */
	password?: string;
	/** The workflow's Timezone setting (see runNode). */
	timezone?: string;
	/** n8n's GENERIC_TIMEZONE (see runNode). */
	instanceTimezone?: string;
	/** The node's version; 1 (the round-1 parameters) unless a test of version 2 says so. */
	typeVersion?: number;
	/** How n8n started the execution; 'retry' is n8n's Retry (see runNode). */
	mode?: WorkflowExecuteMode;
}

export async function runFaxCloud(
	emulator: Emulator,
	resource: 'outboundFax' | 'inboundFax',
	parameters: IDataObject,
	options: RunOptions = {},
) {
	const credentials = credentialsFor(emulator, options.user ?? 'alice');
	if (options.password !== undefined) credentials.faxCloudApi!.password = options.password;
	return await runNode({
		node: faxCloudNode,
		parameters: { resource, ...parameters },
		credentials,
		items: options.items,
		continueOnFail: options.continueOnFail,
		timezone: options.timezone,
		instanceTimezone: options.instanceTimezone,
		typeVersion: options.typeVersion,
		mode: options.mode,
	});
}

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

export const ALICE = SEED_USERS.alice;

/** What an error shows the user, in one string, to check that no secret leaks. */
export function errorText(error: unknown): string {
	const e = error as { message?: string; description?: string; context?: unknown };
	return JSON.stringify({ message: e?.message, description: e?.description, context: e?.context });
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
