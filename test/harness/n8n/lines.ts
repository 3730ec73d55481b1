/**
 * Everything the harness does differently on n8n 1.x and 2.x, in one place. Each entry was read
 * from the installed dist of the release named in ./versions.ts (n8n 2.40.7, n8n 1.123.81).
 */
import type { N8nRelease } from './versions';

export interface N8nLine {
	/** Environment this line needs, on top of ./env.ts (which holds what both lines take). */
	env: Record<string, string>;
	/**
	 * CLI arguments marking a workflow active for the next `n8n start`, and the line the command
	 * prints once the database holds it (the process may then die with a signal while exiting).
	 */
	activate(workflowId: string): { args: string[]; done: RegExp };
	/**
	 * Body of POST /rest/workflows/:id/run: `start` says where the run starts (the same fields on
	 * both lines: triggerToStartFrom, or destinationNode and agentRequest for a tool).
	 */
	manualRunBody(saved: SavedWorkflow, start: object): object;
	/**
	 * The agentRequest that runs one tool on its own (the editor's "Execute step" on a tool): n8n
	 * swaps the agent for its ToolExecutor, which calls the tool named `toolName` with `args`.
	 */
	agentRequest(toolName: string, args: Record<string, unknown>): object;
	/**
	 * Whether the Test button shows the messages of a declarative credential test's responseCode
	 * rules (Fax Cloud Numbers API); false: n8n's generic text for the HTTP status instead.
	 */
	credentialTestRuleMessages: boolean;
}

/** A workflow as saved through POST /rest/workflows: the id n8n gave it, and its pinned data. */
export interface SavedWorkflow {
	id: string;
	pinData: Record<string, unknown>;
	[key: string]: unknown;
}

const LINE_2: N8nLine = {
	env: {
		// Both fetch lists from n8n's servers at startup (no internet here). n8n 1.x knows neither
		// module and refuses to start when they are named (UnknownModuleError).
		N8N_DISABLED_MODULES: 'mcp-registry,instance-ai',
	},
	activate: (workflowId) => ({
		args: ['publish:workflow', `--id=${workflowId}`],
		done: /Changes will not take effect/,
	}),
	// 2.x runs the saved workflow (pinned data included); its ManualRunDto drops any other field.
	manualRunBody: (_saved, start) => start,
	// 2.x's ToolExecutor reads each tool's arguments under the tool's name.
	agentRequest: (toolName, args) => ({ query: { [toolName]: args }, tool: { name: toolName } }),
	credentialTestRuleMessages: true,
};

const LINE_1: N8nLine = {
	env: {},
	// 1.x has no publish: update:workflow sets `active` and `activeVersionId`, which `n8n start`
	// activates, as publish does in 2.x.
	activate: (workflowId) => ({
		args: ['update:workflow', `--id=${workflowId}`, '--active=true'],
		done: /Activation or deactivation will not take effect/,
	}),
	// 1.x runs the workflow sent in the body (its id must match the URL's), not the saved one.
	manualRunBody: (saved, start) => ({ workflowData: saved, ...start }),
	// 1.x's ToolExecutor hands the whole query to the tool as its arguments.
	agentRequest: (toolName, args) => ({ query: args, tool: { name: toolName } }),
	// The credential tester matches rules on error.cause.response, but n8n-workflow 1.120's
	// ExecutionBaseError declares `cause` as a class field, which wipes the HTTP client's error.
	credentialTestRuleMessages: false,
};

export function lineOf(release: N8nRelease): N8nLine {
	return release.line === 1 ? LINE_1 : LINE_2;
}
