import type { IDataObject, INodeExecutionData, IRun, WorkflowExecuteMode } from 'n8n-workflow';

import type { Emulator } from '../../../emulator';
import { FaxCloud } from '../../../nodes/FaxCloud/FaxCloud.node';
import { loginCredentials, SEED_USERS, type Login } from './emulator';
import { runNode, type RunNodeOptions } from './run-node';

/** The one run wrapper of the Fax Cloud node's suites, whatever the resource. */

export const faxCloudNode = new FaxCloud();

export const ALICE = SEED_USERS.alice;

export interface RunOptions extends Login {
	items?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** The workflow's Timezone setting (see runNode). */
	timezone?: string;
	/** n8n's GENERIC_TIMEZONE (see runNode). */
	instanceTimezone?: string;
	/** The node's version; 1 (the round-1 parameters) unless a test of version 2 says so. */
	typeVersion?: number;
	/** How n8n started the execution; 'retry' is n8n's Retry (see runNode). */
	mode?: WorkflowExecuteMode;
	/** The earlier run this one retries (see runNode). */
	retryOf?: IRun;
	/** Node settings such as Retry On Fail (see runNode). */
	settings?: RunNodeOptions['settings'];
	executionId?: string;
}

/** Runs the Fax Cloud node once against the emulator in n8n-core's engine (see runNode). */
export async function runFaxCloudNode(
	emulator: Emulator,
	parameters: IDataObject,
	options: RunOptions = {},
) {
	const { items, continueOnFail, timezone, instanceTimezone, typeVersion, mode } = options;
	const { retryOf, settings, executionId } = options;
	return await runNode({
		retryOf,
		settings,
		executionId,
		node: faxCloudNode,
		parameters,
		credentials: loginCredentials(emulator, options),
		items,
		continueOnFail,
		timezone,
		instanceTimezone,
		typeVersion,
		mode,
	});
}

/** Runs an operation of one resource: the resource-wrappers of the suites' files. */
export const runFaxCloudResource = (
	emulator: Emulator,
	resource: 'outboundFax' | 'inboundFax' | 'numberRequest' | 'numberLookup',
	parameters: IDataObject,
	options: RunOptions = {},
) => runFaxCloudNode(emulator, { resource, ...parameters }, options);

/** What an error shows the user, in one string, to check that no secret leaks. */
export function errorText(error: unknown): string {
	const e = error as { message?: string; description?: string; context?: unknown };
	return JSON.stringify({ message: e?.message, description: e?.description, context: e?.context });
}
