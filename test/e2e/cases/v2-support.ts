/**
 * What the version 2 cases share: the pickers' list search as the editor calls it, and the four
 * ways a user fills an id picker (workflows/v2/: nodes "From List", "By ID", "Expression", "Bad ID").
 */
import { CREDENTIAL_IDS, CREDENTIAL_NAMES } from '../../harness/n8n/credentials';
import type { WorkflowFile } from '../../harness/n8n/examples';
import type { N8nServer } from '../../harness/n8n/n8n-server';
import { assert, jsonOf } from '../lib/assert';
import { assertMatchesSchema } from '../lib/schema-check';
import type { E2eCase, E2eContext, RunResult } from '../lib/run-cases';

export interface ListSearchAnswer {
	results: Array<{ name: string; value: string }>;
	paginationToken?: string;
}

const RESOURCE_LOCATOR_RESULTS = '/dynamic-node-parameters/resource-locator-results';

/** The editor's call when a picker opens, scrolls (token) or is typed into (filter). */
export async function listSearch(
	server: N8nServer,
	methodName: string,
	parameters: Record<string, unknown>,
	more: { filter?: string; paginationToken?: string } = {},
): Promise<ListSearchAnswer> {
	return await server.rest<ListSearchAnswer>('POST', RESOURCE_LOCATOR_RESULTS, {
		nodeTypeAndVersion: { name: 'n8n-nodes-fax-cloud.faxCloud', version: 2 },
		path: `parameters.${parameters.resource === 'mailMergeJob' ? 'jobId' : 'faxId'}`,
		methodName,
		currentNodeParameters: parameters,
		credentials: { faxCloudApi: { id: CREDENTIAL_IDS.fax, name: CREDENTIAL_NAMES.fax } },
		...more,
	});
}

const SEARCH_METHOD = {
	outboundFax: 'searchOutboundFaxes',
	inboundFax: 'searchInboundFaxes',
	mailMergeJob: 'searchMailMergeJobs',
};

/**
 * A picker workflow's values for three records: the From List entry offered when `list` is typed
 * (value, and the name n8n keeps as cachedResultName), the By ID id, and the expression's id.
 */
async function pickerValues(
	ctx: E2eContext,
	resource: keyof typeof SEARCH_METHOD,
	operation: string,
	[list, byId, expression]: number[],
): Promise<Record<string, string>> {
	const answer = await listSearch(
		ctx.server,
		SEARCH_METHOD[resource],
		{ resource, operation },
		{ filter: String(list) },
	);
	const entry = answer.results.find((r) => r.value === String(list));
	assert.ok(entry, `the picker offers ${list}: ${JSON.stringify(answer.results)}`);
	return {
		E2E_LIST_ID: entry.value,
		E2E_LIST_ID_NAME: entry.name,
		E2E_BY_ID: String(byId),
		E2E_EXPR_ID: String(expression),
	};
}

/**
 * A case of an operation on one record picked by id: `fixture` makes three records (one per good
 * picker node) and the workflow runs with them. Checked: the Bad ID node refused its id; with
 * `requestLine`, each good node sent exactly its own request ("METHOD /path"); `eachPicked` on
 * each good node's output; `check`; and, unless `schema` is false, the outputs match the
 * operation's version 2 schema.
 */
export function pickerCase(options: {
	title: string;
	workflow: string;
	resource: keyof typeof SEARCH_METHOD;
	operation: string;
	fixture(ctx: E2eContext): Promise<number[]> | number[];
	requestLine?: (id: number) => string;
	eachPicked?(
		items: Array<Record<string, unknown>>,
		node: string,
		id: number,
		ctx: E2eContext,
		result: RunResult,
	): Promise<void> | void;
	check?(result: RunResult, ctx: E2eContext): Promise<void> | void;
	schema?: false;
}): E2eCase {
	const { resource, operation, requestLine } = options;
	const label = resource === 'mailMergeJob' ? 'Job ID' : 'Fax ID';
	const bad = resource === 'mailMergeJob' ? 'job-7' : 'fax-12';
	return {
		title: options.title,
		workflow: options.workflow,
		prepare: async (ctx) =>
			await pickerValues(ctx, resource, operation, await options.fixture(ctx)),
		workflowWith: withPickedIds,
		async check(result, ctx) {
			assertBadIdRefused(result, label, bad);
			const start = result.start();
			const picked = [
				['From List', Number(start.E2E_LIST_ID)],
				['By ID', Number(start.E2E_BY_ID)],
				['Expression', Number(start.E2E_EXPR_ID)],
			] as const;
			if (requestLine) {
				const sent = result.requests.map((r) => `${r.method} ${r.path}`).sort();
				assert.deepEqual(sent, picked.map(([, id]) => requestLine(id)).sort());
			}
			for (const [node, id] of picked)
				await options.eachPicked?.(jsonOf(result.items(node)), node, id, ctx, result);
			await options.check?.(result, ctx);
			if (options.schema !== false) {
				const outputs = picked.flatMap(([node]) => jsonOf(result.items(node)));
				assertMatchesSchema(outputs, { version: 2, resource, operation });
			}
		},
	};
}

/** A picker left as the editor saves it: the literal value, for From List with the entry's name. */
function withPickedIds(workflow: WorkflowFile, values: Record<string, string>): WorkflowFile {
	const copy = structuredClone(workflow);
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

/** The Bad ID node's error names the parameter and what it allows; no request carried the id. */
function assertBadIdRefused(result: RunResult, label: string, bad: string): void {
	const [item] = jsonOf(result.items('Bad ID'));
	assert.match(
		String(item.error),
		new RegExp(`^Invalid "${label}": "${bad}" is not an ID; use a whole number greater than 0`),
	);
	const carried = result.requests.some(
		(r) => r.path.includes(bad) || JSON.stringify(r.params).includes(bad),
	);
	assert.ok(!carried, 'no request carried the bad id');
}
