/** What the Fax Cloud node suites share: their runs and the checks they repeat. */
import type { IDataObject, IExecuteFunctions, IRun } from 'n8n-workflow';

import { lineageOf } from '../../../nodes/FaxCloud/actions/common/lineage';

import { useEmulator } from '../../harness/jest/emulator';
import {
	expectSecretHidden,
	runFaxCloudNode,
	type RunOptions,
} from '../../harness/jest/fax-cloud-node';
import type { RunNodeResult } from '../../harness/jest/run-node';

/**
 * A suite of one resource: its emulator, runs of an operation, the requests the interface `api`
 * received, and the check that the node refused a run before any request.
 */
export function useNodeSuite(api: 'fax' | 'mailMerge' | 'numbers', resource: string) {
	const emulator = useEmulator();
	const requests = (method?: string, path?: string) =>
		emulator().control.requests({ api, method, path });
	return {
		emulator,
		requests,
		run: (operation: string, parameters: IDataObject = {}, options: RunOptions = {}) =>
			runFaxCloudNode(emulator(), { resource, operation, ...parameters }, options),
		/** The node's own refusal (NodeOperationError), `message` the exact text or a pattern. */
		refused(result: Pick<RunNodeResult, 'error'>, message: string | RegExp) {
			expect(result.error?.name).toBe('NodeOperationError');
			if (typeof message === 'string') expect(result.error?.message).toBe(message);
			else expect(result.error?.message).toMatch(message);
			expect(requests()).toHaveLength(0);
		},
	};
}

export function succeeded<T extends Pick<RunNodeResult, 'error'>>(result: T): T {
	expect(result.error).toBeUndefined();
	return result;
}

/** Checks that the service's answer stopped the run (NodeApiError) with a message like `message`. */
export function refusedByService(result: Pick<RunNodeResult, 'error'>, message: RegExp): void {
	expect(result.error?.name).toBe('NodeApiError');
	expect(result.error?.message).toMatch(message);
}

/** Checks that a wrong `password` stopped the run with the service's 401, the secret hidden. */
export function unauthorizedHidingSecret(result: Pick<RunNodeResult, 'error'>, password: string) {
	refusedByService(result, /^Authorization failed \(HTTP 401\)/);
	expectSecretHidden(result.error, password);
}

/** An execution as n8n stored it: a context with `runtimeData` and no note of the node's. */
export const storedRun = (runtimeData: IDataObject) =>
	({ data: { executionData: { contextData: {}, runtimeData } } }) as unknown as IRun;

/**
 * The lineage of one run of a node as n8n gives it: the node context (the same object for every
 * turn of a loop, a copy in a Retry), the run index and the mode. The engine of the jest suites
 * runs a node once, so loops and their Retries are given this way.
 */
export const lineageOfRun = (nodeContext: IDataObject, runIndex: number, mode = 'manual') =>
	lineageOf({
		getContext: () => nodeContext,
		getWorkflowDataProxy: () => ({ $runIndex: runIndex }),
		getMode: () => mode,
		getExecutionId: () => mode,
		getExecutionContext: () => ({ source: 'manual', establishedAt: 1_000 }),
	} as unknown as IExecuteFunctions);

/** What n8n gives a sub-workflow's execution: a context of its own, naming the parent. */
export const calledByParent = {
	mode: 'integrated',
	retryOf: storedRun({
		version: 1,
		establishedAt: 1,
		source: 'integrated',
		parentExecutionId: '41',
	}),
} as const;

/** The warnings n8n shows under the node's output. */
export const hintsOf = (result: { run: IRun }) =>
	(Object.values(result.run.data.resultData.runData)[0]?.[0]?.hints ?? []).map(
		(hint) => hint.message,
	);

export const jsonOf = (result: Pick<RunNodeResult, 'items'>) =>
	result.items.map(({ json }) => json);

export const fieldOf = (result: Pick<RunNodeResult, 'items'>, field: string) =>
	result.items.map(({ json }) => json[field]);

/** Each output item's pairing and its `field`, or its error (Continue On Fail). */
export const pairedOutcomes = (result: Pick<RunNodeResult, 'items'>, field: string) =>
	result.items.map(({ json, pairedItem }) => [pairedItem, json[field] ?? json.error]);
