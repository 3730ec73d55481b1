/** Everything the harness does differently on n8n 1.x and 2.x (read from their installed dist). */
import type { N8nRelease } from './versions';

export interface N8nLine {
	/** Environment this line needs on top of ./env.ts. */
	env: Record<string, string>;
	/** CLI arguments marking a workflow active for the next `n8n start`, and the line it prints once done. */
	activate(workflowId: string): { args: string[]; done: RegExp };
	/**
	 * Body of POST /rest/workflows/:id/run; `saved` is the workflow as saved through POST
	 * /rest/workflows (the id n8n gave it, its pinned data); `start` says where the run starts.
	 */
	manualRunBody(saved: Record<string, unknown>, start: object): object;
	/** The agentRequest of the editor's "Execute step" on a tool: n8n's ToolExecutor calls it with `args`. */
	agentRequest(toolName: string, args: Record<string, unknown>): object;
	/** Whether the Test button shows a declarative credential test's responseCode rule messages. */
	credentialTestRuleMessages: boolean;
}

const LINE_2: N8nLine = {
	env: {
		// Both fetch lists from n8n's servers at startup (no internet here); 1.x refuses the names.
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
	// 1.x has no publish: update:workflow sets `active`, which `n8n start` activates.
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
