// The items a poll emits: each event's item and its record, emitted one way for every source.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { PollBudget } from '../poll/pollBudget';
import type { FaxEvent, FaxWatch } from './faxEventSearch';
import { faxOf } from './faxEventSearch';

/** The items a poll emits and their records, normalised once, for the image retry. */
export interface Emitted {
	items: INodeExecutionData[];
	faxes: IDataObject[];
}

/**
 * Emits one event, read on a page or held by the last poll: its record normalised, its item
 * (the image download goes here), counted against Max Events per Poll. Returns a promise only
 * while an image is on its way: an event without one is emitted at once.
 */
export function emitRecord(
	watch: FaxWatch,
	event: Pick<FaxEvent, 'record'>,
	budget: PollBudget,
	emitted: Emitted,
): Promise<void> | undefined {
	const fax = faxOf(watch.direction, event);
	const emit = (item: INodeExecutionData) => {
		emitted.items.push(item);
		emitted.faxes.push(fax);
		budget.countEvent();
	};
	const item = watch.toItem(fax);
	if (item instanceof Promise) return item.then(emit);
	emit(item);
	return undefined;
}
