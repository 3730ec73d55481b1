/**
 * The helper floor of `npm run bench`: what any node pays to put the Fax Cloud node's requests on
 * the wire from inside n8n. It sends through n8n's request helper (`httpRequestWithAuthentication`)
 * with the credential resolved once per run, the same bytes at the node's 5 requests at once, and
 * outputs the parsed answers: no validation, per-item parameters (but Send Once's key), error
 * mapping, retries or recovery search. "Send Once" makes the node's lookup by key before each send.
 * "Mail Merge Items" makes one request and holds only the items n8n gives it: n8n's share of a run.
 * Benchmark only, never published; types only from n8n-workflow, so the built file needs just Node.
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
	INodeProperties,
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
	[
		'Mail Merge Items',
		'mailMergeItems',
		"One list of the jobs (GET /Job), holding nothing but the items n8n gives it: n8n's share of a mail merge run",
	],
].map(([name, value, description]) => ({ name, value, description }));

/** A parameter shown for the given operations. */
const parameter = (
	displayName: string,
	name: string,
	type: 'string' | 'json' | 'number',
	value: string | number,
	operation: string[],
): INodeProperties => ({
	displayName,
	name,
	type,
	default: value,
	displayOptions: { show: { operation } },
});

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
			parameter('Fax Number', 'faxNumber', 'string', '', ['send', 'sendOnce']),
			parameter('Input Binary Field', 'binaryPropertyName', 'string', 'data', ['send', 'sendOnce']),
			// The node's Send Once per Key, usually an expression n8n evaluates per item for any node.
			parameter('Send Key', 'sendKey', 'string', '', ['sendOnce']),
			parameter('Collection', 'collection', 'string', 'inboundfaxes', ['page']),
			{
				...parameter('Query (JSON)', 'query', 'json', '{}', ['page']),
				description:
					'The first search, as the trigger sent it (later pages add GetNextResults), or a list of {query, pages}: the searches of one trigger poll',
			},
			parameter('Page Size', 'pageSize', 'number', 250, ['page']),
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
		if (this.getNodeParameter('operation', 0) === 'mailMergeItems') {
			const mailMergeUrl = String(data.mailMergeBaseUrl).replace(/\/+$/, '');
			await send({
				method: 'GET',
				url: `${mailMergeUrl}/Job`,
				headers: { Accept: 'application/json' },
			});
			return [[{ json: { items: this.getInputData().length } }]];
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

/** One search of a trigger's poll: its first query and how many pages of it the trigger read. */
interface PollSearch {
	query: Record<string, string>;
	pages: number;
}

/**
 * Every page of one search, as the trigger reads it: the same query again with GetNextResults, at
 * the page size. Or, given a list, the searches of one trigger poll in order, each with its own
 * ResultLimit and only as many pages as the trigger read of it: the poll's requests, nothing else.
 */
async function pageSearch(
	this: IExecuteFunctions,
	baseUrl: string,
	send: (options: IHttpRequestOptions) => Promise<IDataObject>,
): Promise<INodeExecutionData[]> {
	const collection = String(this.getNodeParameter('collection', 0));
	const rawQuery = this.getNodeParameter('query', 0);
	const parsed = (typeof rawQuery === 'string' ? JSON.parse(rawQuery) : rawQuery) as
		| Record<string, string>
		| PollSearch[];
	const pageSize = String(this.getNodeParameter('pageSize', 0));
	const searches: PollSearch[] = Array.isArray(parsed)
		? parsed
		: [{ query: { ...parsed, ResultLimit: pageSize }, pages: Infinity }];
	const records: INodeExecutionData[] = [];
	for (const search of searches) {
		let reference = '';
		for (let read = 0; read < search.pages; read++) {
			const params = new URLSearchParams(search.query);
			if (reference) params.set('GetNextResults', reference);
			const page = await send({
				method: 'GET',
				url: `${baseUrl}/${collection}?${params.toString()}`,
				headers: { Accept: 'application/json' },
			});
			for (const record of (page.FaxInfo as IDataObject[] | undefined) ?? []) {
				records.push({ json: record, pairedItem: { item: 0 } });
			}
			if (String(page.HasMoreResults) !== 'true' || !page.ResultsReference) break;
			reference = String(page.ResultsReference);
		}
	}
	return records;
}
