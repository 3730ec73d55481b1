import { mailMergeJobFinished } from './events/mailMergeJobFinished';
import { newInboundFax } from './events/newInboundFax';
import { outboundFaxStatusChanged } from './events/outboundFaxStatusChanged';
import type { TriggerEvent } from './triggerEvent';

/**
 * Every event of the Fax Cloud Trigger. The node builds the Event dropdown (sorted by name), the
 * event parameters and the poll's dispatch from this list.
 */
export const EVENTS: TriggerEvent[] = [
	newInboundFax,
	outboundFaxStatusChanged,
	mailMergeJobFinished,
];
