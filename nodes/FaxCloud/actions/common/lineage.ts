import type { IContextObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * What creates a fax or a job belongs to its execution lineage: the execution n8n started and
 * every Retry of it (with the original or the current workflow, a Retry of a Retry). A later
 * execution is another lineage, however identical its items. Only what a lineage created may be
 * taken for a lost answer's result or skipped by a Retry.
 *
 * Both supported n8n lines (1.123 and 2.x) give a node the execution context
 * (`getExecutionContext()`), established once when an execution starts and copied into a Retry
 * with the rest of the stored execution (`runtimeData`, with `establishedAt`). Its `source` is
 * the mode it was established in: `retry` means n8n had kept no context to copy, which happens
 * when the execution retried stopped before n8n saved anything of its run (n8n killed while it
 * ran, without Save Execution Progress). The node also keeps its lineage in its node context
 * (`getContext('node')`), which n8n stores with the execution and copies into a Retry as well:
 * it is what n8n's Retry On Fail, run inside the same execution, sees of the earlier try.
 */

/** Node context entry; stored with the execution, so it stays a plain object of numbers and text. */
const MARK = 'faxCloudLineage';

interface LineageMark {
	id: string;
	/** Run indexes of this node that began creating in this lineage. */
	runs: number[];
}

export interface Lineage {
	/** Part of every key the lineage derives; undefined when this Retry cannot know it. */
	id?: string;
	/**
	 * When n8n established the lineage (epoch ms of n8n's clock), as the execution context tells
	 * it; undefined when n8n kept no context from the start.
	 */
	startedAt?: number;
	/** n8n's run index of the node: a node in a loop runs several times in one execution. */
	runIndex: number;
	/**
	 * This run repeats one that may have created something already: n8n's Retry, or a later try
	 * of Retry On Fail. Its sends are looked up before they are made.
	 */
	rerun: boolean;
	/**
	 * This run of the node had begun in the lineage before (n8n kept its note): false in a Retry
	 * of an execution that failed before reaching the node, or that n8n stopped while the node ran
	 * without saving it.
	 */
	began: boolean;
	/**
	 * The execution is a sub-workflow's. n8n runs a sub-workflow as a new execution each time its
	 * parent calls it, a parent's Retry included, and tells it nothing of the parent's lineage.
	 */
	subWorkflow: boolean;
	/** The node context the lineage is kept in; operations keep their own notes beside it. */
	nodeContext: IContextObject;
}

function markOf(value: unknown): LineageMark | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const { id, runs } = value as Partial<LineageMark>;
	if (typeof id !== 'string' || !Array.isArray(runs)) return undefined;
	return { id, runs: runs.filter((run) => typeof run === 'number') };
}

function executionContextOf(context: IExecuteFunctions) {
	return typeof context.getExecutionContext === 'function'
		? context.getExecutionContext()
		: undefined;
}

/** When the execution context says the lineage began, when n8n kept that context from the start. */
function establishedAt(context: IExecuteFunctions): number | undefined {
	const established = executionContextOf(context);
	if (!established || established.source === 'retry') return undefined;
	return typeof established.establishedAt === 'number' ? established.establishedAt : undefined;
}

function runIndexOf(context: IExecuteFunctions): number {
	const runIndex = Number(context.getWorkflowDataProxy(0).$runIndex);
	return Number.isInteger(runIndex) && runIndex >= 0 ? runIndex : 0;
}

/**
 * This run's lineage, noted in the node context so that Retry On Fail and a Retry find it. Called
 * once per run of the node, before any item creates anything.
 */
export function lineageOf(context: IExecuteFunctions): Lineage {
	const nodeContext = context.getContext('node');
	const runIndex = runIndexOf(context);
	const mark = markOf(nodeContext[MARK]);
	const retry = context.getMode() === 'retry';
	const startedAt = establishedAt(context);
	const established = startedAt === undefined ? undefined : `t${startedAt}`;
	const id = mark?.id ?? established ?? (retry ? undefined : `e${context.getExecutionId()}`);
	const began = mark?.runs.includes(runIndex) ?? false;
	const rerun = retry || began;
	if (id !== undefined) {
		const runs = mark?.runs ?? [];
		nodeContext[MARK] = { id, runs: runs.includes(runIndex) ? runs : [...runs, runIndex] };
	}
	const subWorkflow = executionContextOf(context)?.parentExecutionId !== undefined;
	return { id, startedAt, runIndex, rerun, began, subWorkflow, nodeContext };
}

/**
 * Shows `message` as a warning under the node's output when the node runs in a sub-workflow, where
 * a Retry of the parent makes again what the node made (see `subWorkflow`).
 */
export function warnInSubWorkflow(context: IExecuteFunctions, lineage: Lineage, message: string) {
	if (!lineage.subWorkflow) return;
	context.addExecutionHints({ message, type: 'warning', location: 'outputPane' });
}

/** What a user can do when a Retry cannot know its lineage; every such error ends with it. */
export const UNKNOWN_LINEAGE_ADVICE =
	'n8n kept no record of the run this Retry repeats: it stopped before n8n saved any of it (n8n was killed or ran out of memory while it ran). Nothing was created, so nothing is sent twice. Look on the service for what that run created before creating it again (Get Many by time). To have a Retry after such a stop find its work, turn on Save Execution Progress in the Workflow Settings (or EXECUTIONS_DATA_SAVE_ON_PROGRESS=true).';
