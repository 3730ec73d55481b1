/**
 * The helper floor of `npm run bench`: what any node must pay to put the Fax Cloud node's requests
 * on the wire from inside n8n. Every community node has to send through n8n's request helper
 * (`httpRequestWithAuthentication`), so this node does that and nothing else: it resolves the
 * credential once per run (as the Fax Cloud node does; n8n's helper would otherwise resolve it on
 * every request), builds the same bytes, sends them at the Fax Cloud node's default of 5 requests
 * at once, and outputs the parsed answers. No validation, no parameters per item, no error
 * mapping, no retries, no recovery search. "Send Once" makes the lookup the Fax Cloud node makes
 * before each send when Send Once per Key is set (one search by the send's key), then the send;
 * its key is the item's Send Key parameter, the same expression the node's workflow gives, since
 * n8n evaluates a per-item key for whichever node reads it (the one parameter read per item).
 *
 * Benchmark only: installed next to the package in the bench's n8n, never published. Types only
 * from n8n-workflow (erased at build), so the built file needs nothing at run time but Node.
 */
import { randomBytes } from 'node:crypto';

import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	NodeConnectionType,
} from 'n8n-workflow';

/** As nodes/shared/transport/requestBuilding.ts sets them for every request of the Fax Cloud nodes. */
const TRANSPORT_OPTIONS: Omit<IHttpRequestOptions, 'url'> = {
	json: false,
	encoding: 'arraybuffer',
	returnFullResponse: true,
	ignoreHttpStatusErrors: true,
	disableFollowRedirect: true,
	timeout: 60_000,
};

/** The Fax Cloud node's "Requests at Once" default. */
const REQUESTS_AT_ONCE = 5;
const CREDENTIAL = 'faxCloudApi';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Letters and digits, as n8n-workflow's randomString gives the node for its boundary and key. */
function randomText(length: number): string {
	const bytes = randomBytes(length);
	let text = '';
	for (const byte of bytes) text += ALPHANUMERIC[byte % ALPHANUMERIC.length];
	return text;
}

/** The multipart layout of the Fax Cloud node: fields, then the file, CRLF after each part. */
function multipart(
	fields: Array<[string, string]>,
	file: { field: string; fileName: string; mimeType: string; data: Buffer },
): { body: Buffer; contentType: string } {
	const boundary = `----FaxCloudBoundary${randomText(24)}`;
	let head = '';
	for (const [name, value] of fields) {
		head += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
	}
	head +=
		`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ` +
		`filename="${file.fileName}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`;
	return {
		body: Buffer.concat([
			Buffer.from(head, 'utf8'),
			file.data,
			Buffer.from(`\r\n--${boundary}--\r\n`),
		]),
		contentType: `multipart/form-data; boundary=${boundary}`,
	};
}

/** Runs `task` for every index, at most REQUESTS_AT_ONCE at a time, results in input order. */
async function inParallel<T>(count: number, task: (index: number) => Promise<T>): Promise<T[]> {
	const results = new Array<T>(count);
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < count) {
			const index = next++;
			results[index] = await task(index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(REQUESTS_AT_ONCE, count) }, worker));
	return results;
}

/** The floor's operations: each the Fax Cloud node's requests for one path, nothing else. */
const OPERATIONS = [
	['Send', 'send', 'One fax per item (POST /outboundfaxes)'],
	[
		'Send Once',
		'sendOnce',
		'Per item a search by the send key (GET /outboundfaxes), then the send',
	],
	['Page', 'page', 'Every page of one fax search'],
].map(([name, value, description]) => ({ name, value, description }));

export class FaxCloudFloor implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax Cloud Helper Floor (benchmark)',
		name: 'faxCloudFloor',
		group: ['transform'],
		version: 1,
		description: "Sends the Fax Cloud node's requests through n8n's request helper, nothing else",
		defaults: { name: 'Helper Floor' },
		inputs: ['main' as NodeConnectionType],
		outputs: ['main' as NodeConnectionType],
		credentials: [{ name: CREDENTIAL, required: true }],
		properties: [
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				options: OPERATIONS,
				default: 'send',
			},
			{
				displayName: 'Fax Number',
				name: 'faxNumber',
				type: 'string',
				default: '',
				displayOptions: { show: { operation: ['send', 'sendOnce'] } },
			},
			{
				displayName: 'Input Binary Field',
				name: 'binaryPropertyName',
				type: 'string',
				default: 'data',
				displayOptions: { show: { operation: ['send', 'sendOnce'] } },
			},
			{
				// The Fax Cloud node's Send Once per Key, as the user gives it: usually an expression,
				// which n8n evaluates for every item whichever node reads it.
				displayName: 'Send Key',
				name: 'sendKey',
				type: 'string',
				default: '',
				displayOptions: { show: { operation: ['sendOnce'] } },
			},
			{
				displayName: 'Collection',
				name: 'collection',
				type: 'string',
				default: 'inboundfaxes',
				displayOptions: { show: { operation: ['page'] } },
			},
			{
				displayName: 'Query (JSON)',
				name: 'query',
				type: 'json',
				default: '{}',
				displayOptions: { show: { operation: ['page'] } },
				description: 'The first search, as the trigger sent it; later pages add GetNextResults',
			},
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				default: 250,
				displayOptions: { show: { operation: ['page'] } },
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const data = await this.getCredentials(CREDENTIAL);
		const selected = this.getNode().credentials?.[CREDENTIAL];
		const credential = (): ICredentialsDecrypted => ({
			id: String(selected?.id ?? ''),
			name: selected?.name ?? '',
			type: CREDENTIAL,
			// A copy per request: the helper may add to it (preAuthentication).
			data: { ...data } as ICredentialDataDecryptedObject,
		});
		const baseUrl = String(data.faxBaseUrl).replace(/\/+$/, '');
		const send = async (options: IHttpRequestOptions): Promise<IDataObject> => {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL,
				{ ...TRANSPORT_OPTIONS, ...options },
				{ credentialsDecrypted: credential() },
			)) as IN8nHttpFullResponse;
			return JSON.parse(Buffer.from(response.body as ArrayBuffer).toString('utf8')) as IDataObject;
		};
		if (this.getNodeParameter('operation', 0) === 'page') {
			return [await pageSearch.call(this, baseUrl, send)];
		}
		const items = this.getInputData();
		const faxNumber = String(this.getNodeParameter('faxNumber', 0));
		const field = String(this.getNodeParameter('binaryPropertyName', 0));
		const lookUpFirst = this.getNodeParameter('operation', 0) === 'sendOnce';
		// The Fax Cloud node's Batch Name at its defaults: one key for the run (send/keys.ts newSendRun).
		const runKey = `n8n-run-${randomText(20)}`;
		const output = await inParallel(items.length, async (index) => {
			const binary = items[index].binary![field];
			// With Send Once the item's own key, read as the node reads it; otherwise a key per send.
			const key = lookUpFirst
				? `n8n-${String(this.getNodeParameter('sendKey', index))}`
				: `n8n-${randomText(20)}`;
			if (lookUpFirst) {
				// The node's search by key (send/earlierSends.ts searchAsSender), one page of 100.
				const query = new URLSearchParams({
					BatchUniqueId: key,
					SortColumn: 'faxId',
					SortOrder: 'asc',
					ResultLimit: '100',
				});
				await send({
					method: 'GET',
					url: `${baseUrl}/outboundfaxes?${query.toString()}`,
					headers: { Accept: 'application/json' },
				});
			}
			const { body, contentType } = multipart(
				// The Fax Cloud node's fields at its defaults: the number, the run's key, the send's key.
				[
					['FaxNumber', faxNumber],
					['BatchName', runKey],
					['BatchUniqueId', key],
				],
				{
					field: 'file1',
					fileName: binary.fileName ?? field,
					mimeType: binary.mimeType,
					data: await this.helpers.getBinaryDataBuffer(index, field),
				},
			);
			const answer = await send({
				method: 'POST',
				url: `${baseUrl}/outboundfaxes`,
				headers: { Accept: 'application/json', 'Content-Type': contentType },
				body,
			});
			const created = (answer.FaxInfo as IDataObject[] | undefined)?.[0] ?? answer;
			return { json: created, pairedItem: { item: index } };
		});
		return [output];
	}
}

/** Every page of one search, as the trigger reads it: the same query again with GetNextResults. */
async function pageSearch(
	this: IExecuteFunctions,
	baseUrl: string,
	send: (options: IHttpRequestOptions) => Promise<IDataObject>,
): Promise<INodeExecutionData[]> {
	const collection = String(this.getNodeParameter('collection', 0));
	const rawQuery = this.getNodeParameter('query', 0);
	const query = (typeof rawQuery === 'string' ? JSON.parse(rawQuery) : rawQuery) as IDataObject;
	const pageSize = String(this.getNodeParameter('pageSize', 0));
	const records: INodeExecutionData[] = [];
	let reference = '';
	for (;;) {
		const params = new URLSearchParams({ ...(query as Record<string, string>) });
		params.set('ResultLimit', pageSize);
		if (reference) params.set('GetNextResults', reference);
		const page = await send({
			method: 'GET',
			url: `${baseUrl}/${collection}?${params.toString()}`,
			headers: { Accept: 'application/json' },
		});
		for (const record of (page.FaxInfo as IDataObject[] | undefined) ?? []) {
			records.push({ json: record, pairedItem: { item: 0 } });
		}
		if (String(page.HasMoreResults) !== 'true' || !page.ResultsReference) return records;
		reference = String(page.ResultsReference);
	}
}
