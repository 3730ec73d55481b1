/** What a case of the case phase is, and what it is given. */
import type { Emulator } from '../../../emulator';
import type { RequestRecord } from '../../../emulator/request-log';
import type { ExecutionRun, OutputItem } from '../../harness/n8n/n8n-cli';
import type { WorkflowFile } from '../../harness/n8n/examples';
import type { N8nServer } from '../../harness/n8n/n8n-server';

export interface E2eContext {
	emulator: Emulator;
	/** Values one case leaves for a later one (e.g. the id of a fax it created). */
	state: Map<string, unknown>;
	/** Folder n8n's Read/Write Files node may use. */
	filesFolder: string;
	/** The running n8n, for what a case sets up as a user would in it (e.g. a credential). */
	server: N8nServer;
}

/** One successful workflow execution as a case sees it. */
export interface RunResult {
	run: ExecutionRun;
	/** Requests the emulator received while the workflow ran. */
	requests: RequestRecord[];
	/** Output items of a node (first run), of output `output` (0 = main / true branch). */
	items(node: string, output?: number): OutputItem[];
	/** The Start trigger's item: the values the case's prepare gave the workflow. */
	start(): Record<string, unknown>;
}

export interface E2eCase {
	/** What a user would call it, e.g. "Outbound fax: send to two recipients". */
	title: string;
	/** File name under test/e2e/workflows/. */
	workflow: string;
	/**
	 * Sets the emulator up and returns values the workflow reads as `$env.<NAME>` (names start
	 * with E2E_), for things a workflow cannot find itself, like a fax id the harness created.
	 */
	prepare?(ctx: E2eContext): Promise<Record<string, string> | void> | Record<string, string> | void;
	/** The workflow as the user left it, with what prepare made (e.g. the id a picker gave). */
	workflowWith?(workflow: WorkflowFile, values: Record<string, string>): WorkflowFile;
	check(result: RunResult, ctx: E2eContext): Promise<void> | void;
}
