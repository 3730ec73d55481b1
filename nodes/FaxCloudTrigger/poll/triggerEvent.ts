// What an event gives the poll: its dropdown entry, parameters, and sample, baseline and poll.
import type { INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';

import type { PollBudget } from './pollBudget';
import type { EventState } from '../state/triggerState';

/** One event of the trigger: an entry of the Event dropdown, its parameters and its polls. */
export interface TriggerEvent {
	/** Value of the Event parameter. */
	value: string;
	/** Name and description in the Event dropdown. */
	name: string;
	description: string;
	/** The event's own parameters, each shown only for this event. */
	properties: INodeProperties[];
	/** Reads and checks the event's parameters (before any request) for one poll. */
	prepare(this: IPollFunctions): PreparedEvent;
}

/** One event with its parameters read and checked, bound to the poll's context. */
export interface PreparedEvent {
	/** What the stored state belongs to: the event and whose records it watches. */
	watching: string;
	/** "Fetch Test Event": the most recent matching event, nothing stored. */
	sample(): Promise<INodeExecutionData | undefined>;
	/** First activation: where "now" is on the service; emits nothing. */
	baseline(latenessMs: number): Promise<EventState>;
	/**
	 * Every event after the stored state, each once, and the state to store. `latenessMs`: how late
	 * after its own time a record may appear and still be emitted.
	 */
	poll(
		state: EventState,
		budget: PollBudget,
		latenessMs: number,
	): Promise<{ items: INodeExecutionData[]; state: EventState }>;
}
