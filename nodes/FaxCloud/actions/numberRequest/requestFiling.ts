import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../../../shared/itemErrors';
import { mayHaveReachedService } from '../../../shared/transport/apiErrors';
import { faxCloudRequest } from '../../../shared/transport/exchanges';
import type { FilePart } from '../../../shared/transport/httpEncoding';
import { apiPath } from '../../../shared/transport/httpEncoding';
import {
	forgetItem,
	type ItemNotes,
	itemNotesOf,
	notedBefore,
	noteItem,
} from '../common/itemNotes';
import { lineageOf, UNKNOWN_LINEAGE_ADVICE, warnInSubWorkflow } from '../common/lineage';
import type { CheckAllItems, ItemExecute } from '../common/operationShape';
import { ItemPlanFailure, planEachItem } from '../common/planEachItem';

export const REQUEST_PATHS = {
	nonTollFree: apiPath('api', 'numbers', 'add-new-number-request', 'non-toll-free'),
	tollFree: apiPath('api', 'numbers', 'add-new-number-request', 'toll-free'),
	portIn: apiPath('api', 'numbers', 'add-port-request'),
} as const;

/** A request ready to be filed: its endpoint and its JSON body, or its data and PDF files. */
export type NumberRequestPlan = { path: string } & (
	| { json: IDataObject }
	| { data: IDataObject; files: FilePart[] }
);

/** A planned request with the run's notes of what its items filed. */
type FilingPlan = NumberRequestPlan & { notes: ItemNotes };

/**
 * A number request operation's `checkAllItems` and `execute` from its `plan`: every item's request
 * is planned before the first is filed (common/planEachItem.ts), with the run's notes, since a
 * number request is a ticket the service does not list and a Retry knows what its execution filed
 * only from them (common/itemNotes.ts).
 */
export function filedOnce(
	plan: (this: IExecuteFunctions, itemIndex: number) => Promise<NumberRequestPlan>,
): { checkAllItems: CheckAllItems<FilingPlan>; execute: ItemExecute<FilingPlan> } {
	return {
		async checkAllItems(items) {
			const plans = await planEachItem(this, items, plan);
			const lineage = lineageOf(this);
			warnInSubWorkflow(this, lineage, SUB_WORKFLOW_HINT);
			const notes = itemNotesOf(lineage, 'faxCloudNumberRequests');
			return plans.map((planned) =>
				planned instanceof ItemPlanFailure ? planned : { ...planned, notes },
			);
		},
		execute: fileNumberRequest,
	};
}

const SUB_WORKFLOW_HINT =
	'This number request runs in a sub-workflow, which n8n starts anew when the parent execution is retried: it would be filed again. File number requests in the parent workflow, where a Retry knows what it filed.';

const UNKNOWN_FILING_ADVICE =
	'Nothing was filed. The run this Retry repeats sent this request and got no answer, so the service may have filed it, and it lists no requests to look in. Check the Notification Email (it hears of every request) or ask the provider; if it was not filed, file it in a new execution, which files without looking back.';

/**
 * Files one request; the answer (the provider's ticket) becomes the output item. In a Retry (or
 * Retry On Fail's later try) a request the run filed is output as found, and one whose answer
 * never came stops the item: filing it again could open a second ticket. So does a Retry of an
 * execution n8n kept nothing of, which has no notes to go by.
 */
async function fileNumberRequest(
	this: IExecuteFunctions,
	itemIndex: number,
	request: FilingPlan,
): Promise<INodeExecutionData[]> {
	const { notes } = request;
	if (notes.lineage.rerun && notes.lineage.id === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			'This Retry cannot tell which number requests the execution it repeats filed',
			{ itemIndex, description: UNKNOWN_LINEAGE_ADVICE },
		);
	}
	const before = notedBefore(notes, itemIndex);
	if (before?.pending) {
		throw new NodeOperationError(
			this.getNode(),
			`This Retry cannot tell whether the number request of item ${itemIndex + 1} was filed`,
			{ itemIndex, description: UNKNOWN_FILING_ADVICE },
		);
	}
	if (before) return [{ json: { ...(before.answer as IDataObject), sendOnce: 'found' } }];
	noteItem(notes, itemIndex, { pending: true });
	let answer: IDataObject;
	try {
		answer = await faxCloudRequest.call(this, {
			api: 'numbers',
			method: 'POST',
			path: request.path,
			...('json' in request
				? { json: request.json }
				: {
						multipart: {
							fields: { data: JSON.stringify(request.data) },
							files: request.files,
						},
					}),
			itemIndex,
		});
	} catch (error) {
		const failure = asNodeError(this, error, itemIndex);
		if (!mayHaveReachedService(failure)) forgetItem(notes, itemIndex);
		throw failure;
	}
	noteItem(notes, itemIndex, { answer });
	return [{ json: notes.lineage.rerun ? { ...answer, sendOnce: 'sent' } : answer }];
}
