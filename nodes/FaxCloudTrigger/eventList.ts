// Every event of the trigger, in one list: the Event dropdown, its parameters and the dispatch.
import { mailMergeJobFinished } from './events/mailMergeJobFinished';
import { newInboundFax } from './events/newInboundFax';
import { outboundFaxStatusChanged } from './events/outboundFaxStatusChanged';
import type { TriggerEvent } from './poll/triggerEvent';

/**
 * Every event of the Fax Cloud Trigger. The node builds the Event dropdown (sorted by name), the
 * event parameters and the poll's dispatch from this list.
 */
export const EVENTS: TriggerEvent[] = [
	newInboundFax,
	outboundFaxStatusChanged,
	mailMergeJobFinished,
];
