/**
 * What the version 2 cases share: the pickers' list search as the editor calls it, and the four ways a user fills an id picker
 * (test/e2e/workflows/v2/: nodes "From List", "By ID", "Expression" and "Bad ID").
 */
import type { RequestRecord } from '../../../emulator/request-log';
import { CREDENTIAL_IDS, CREDENTIAL_NAMES } from '../../harness/n8n/credentials';
import type { WorkflowFile } from '../../harness/n8n/examples';
import type { N8nServer } from '../../harness/n8n/n8n-server';
import { assert, jsonOf } from '../lib/assert';
import type { E2eCase, E2eContext, RunResult } from '../lib/types';

export interface ListSearchAnswer {
	results: Array<{ name: string; value: string }>;
	paginationToken?: string;
}

/** The editor's call when a picker opens, scrolls (token) or is typed into (filter). */
export async function listSearch(
	server: N8nServer,
	methodName: string,
	parameters: Record<string, unknown>,
	more: { filter?: string; paginationToken?: string } = {},
): Promise<ListSearchAnswer> {
	return await server.rest<ListSearchAnswer>(
		'POST',
		'/dynamic-node-parameters/resource-locator-results',
		{
			nodeTypeAndVersion: { name: 'n8n-nodes-fax-cloud.faxCloud', version: 2 },
			path: `parameters.${parameters.resource === 'mailMergeJob' ? 'jobId' : 'faxId'}`,
			methodName,
			currentNodeParameters: parameters,
			credentials: { faxCloudApi: { id: CREDENTIAL_IDS.fax, name: CREDENTIAL_NAMES.fax } },
			...more,
		},
	);
}

const SEARCH_METHOD: Record<string, string> = {
	outboundFax: 'searchOutboundFaxes',
	inboundFax: 'searchInboundFaxes',
	mailMergeJob: 'searchMailMergeJobs',
};

/** Ids of the three good picker nodes, each its own record: a node's request names its record. */
export interface PickerIds {
	list: number;
	byId: number;
	expression: number;
}

/**
 * The values of a picker workflow: what the From List picker offers for `ids.list` when its id is
 * typed into it (the entry a user clicks: value and the name n8n keeps as cachedResultName), the
 * id typed By ID, and the one the expression reads from the trigger's item.
 */
export async function pickerValues(
	ctx: E2eContext,
	resource: string,
	operation: string,
	ids: PickerIds,
): Promise<Record<string, string>> {
	const answer = await listSearch(
		ctx.server,
		SEARCH_METHOD[resource],
		{ resource, operation },
		{ filter: String(ids.list) },
	);
	const entry = answer.results.find((r) => r.value === String(ids.list));
	assert.ok(entry, `the picker offers ${ids.list}: ${JSON.stringify(answer.results)}`);
	return {
		E2E_LIST_ID: entry.value,
		E2E_LIST_ID_NAME: entry.name,
		E2E_BY_ID: String(ids.byId),
		E2E_EXPR_ID: String(ids.expression),
	};
}

/** The picker nodes of a workflow and the id each was given (read from the run's trigger item). */
export function pickedIds(result: RunResult): Array<[node: string, id: number]> {
	const start = result.start();
	return [
		['From List', Number(start.E2E_LIST_ID)],
		['By ID', Number(start.E2E_BY_ID)],
		['Expression', Number(start.E2E_EXPR_ID)],
	];
}

/**
 * A case of an operation on one record picked by id: `fixture` makes three records (one per good
 * picker node), the workflow runs with them, `check` judges each node's output and the service.
 */
export function pickerCase(options: {
	title: string;
	workflow: string;
	resource: 'outboundFax' | 'inboundFax' | 'mailMergeJob';
	operation: string;
	fixture(ctx: E2eContext): Promise<number[]> | number[];
	check(result: RunResult, ctx: E2eContext): Promise<void> | void;
}): E2eCase {
	const label = options.resource === 'mailMergeJob' ? 'Job ID' : 'Fax ID';
	const bad = options.resource === 'mailMergeJob' ? 'job-7' : 'fax-12';
	return {
		title: options.title,
		workflow: options.workflow,
		async prepare(ctx) {
			const [list, byId, expression] = await options.fixture(ctx);
			return await pickerValues(ctx, options.resource, options.operation, {
				list,
				byId,
				expression,
			});
		},
		workflowWith: withPickedIds,
		async check(result, ctx) {
			assertBadIdRefused(result, label, bad);
			await options.check(result, ctx);
		},
	};
}

/** A picker left as the editor saves it: the literal value, for From List with the entry's name. */
export function withPickedIds(
	workflow: WorkflowFile,
	values: Record<string, string>,
): WorkflowFile {
	const copy = JSON.parse(JSON.stringify(workflow)) as WorkflowFile;
	for (const node of copy.nodes) {
		for (const parameter of Object.values(node.parameters ?? {})) {
			if (!parameter || typeof parameter !== 'object' || !('__rl' in parameter)) continue;
			const locator = parameter as unknown as { value: unknown; cachedResultName?: string };
			const key = String(locator.value);
			if (!(key in values)) continue;
			locator.value = values[key];
			if (values[`${key}_NAME`]) locator.cachedResultName = values[`${key}_NAME`];
		}
	}
	return copy;
}

/**
 * The Bad ID node's error names the parameter and what it allows, and no request carried it: the
 * node refused it before sending anything.
 */
export function assertBadIdRefused(result: RunResult, label: string, bad: string): void {
	const [item] = jsonOf(result.items('Bad ID'));
	assert.match(
		String(item.error),
		new RegExp(`^Invalid "${label}": "${bad}" is not an ID; use a whole number greater than 0`),
	);
	assert.ok(
		result.requests.every((r) => !r.path.includes(bad) && !JSON.stringify(r.params).includes(bad)),
		'no request carried the bad id',
	);
}

/** Method and path of every request the workflow sent, sorted. */
export function requestLines(requests: RequestRecord[]): string[] {
	return requests.map((r) => `${r.method} ${r.path}`).sort();
}

/** Every picker node sent exactly its own request, `line(id)` ("METHOD /path"), and nothing else. */
export function assertOneRequestEach(result: RunResult, line: (id: number) => string): void {
	assert.deepEqual(
		requestLines(result.requests),
		pickedIds(result)
			.map(([, id]) => line(id))
			.sort(),
	);
}

/** The output items of the three good picker nodes, for the operation's schema. */
export function pickedOutputs(result: RunResult): Array<Record<string, unknown>> {
	return pickedIds(result).flatMap(([node]) => jsonOf(result.items(node)));
}
