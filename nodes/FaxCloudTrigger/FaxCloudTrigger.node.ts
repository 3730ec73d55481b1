// The Fax Cloud Trigger node: its description, built from the event list, and its poll entry.
import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { OPTIONS_COLLECTION } from '../shared/optionsCollection';
import { faxCloudApiConnectionTest } from '../shared/transport/faxCloudApiConnectionTest';
import { startCredentialRun } from '../shared/transport/credentialRun';
import { NODE_VERSIONS } from '../shared/nodeVersions';
import { validateChoice, validateInteger } from '../shared/validation/valueChecks';
import { EVENTS } from './eventList';
import { latenessOption, readLatenessMs } from './poll/lateness';
import { triggerPoll } from './poll/triggerPoll';

const DEFAULT_MAX_EVENTS = 1_000;

export class FaxCloudTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax Cloud Trigger',
		name: 'faxCloudTrigger',
		icon: { light: 'file:icons/faxCloud.svg', dark: 'file:icons/faxCloud.dark.svg' },
		group: ['trigger'],
		// Version 2 emits simplified fax records by default; version 1 workflows keep whole records.
		version: NODE_VERSIONS,
		// The event's name, e.g. "New Inbound Fax", rather than its value.
		subtitle: `={{ ${JSON.stringify(Object.fromEntries(EVENTS.map((event) => [event.value, event.name])))}[$parameter["event"]] }}`,
		description:
			'Starts the workflow when a fax arrives, an outbound fax changes status or a mail merge job finishes',
		defaults: { name: 'Fax Cloud Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// The Test button of the credential opened from this node runs the same check as the action node's.
		credentials: [{ name: 'faxCloudApi', required: true, testedBy: 'faxCloudApiConnectionTest' }],
		properties: [
			{
				displayName:
					'The service asks to be polled every 10 to 15 minutes: set Poll Times accordingly. Each event is emitted once, however long the interval.',
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				// Sorted by name, as n8n's lint asks of every options list.
				options: EVENTS.map(({ name, value, description }) => ({ name, value, description })).sort(
					(a, b) => a.name.localeCompare(b.name),
				),
				default: 'newInboundFax',
				description: 'What starts the workflow',
			},
			...EVENTS.flatMap((event) => event.properties),
			{
				...OPTIONS_COLLECTION,
				options: [
					{
						displayName: 'Max Events per Poll',
						name: 'maxEventsPerPoll',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: 10_000 },
						default: DEFAULT_MAX_EVENTS,
						description:
							'Largest number of events one poll emits, oldest first; a larger backlog continues at the next polls, none lost',
					},
					latenessOption,
				],
			},
		],
	};

	methods = { credentialTest: { faxCloudApiConnectionTest } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		// n8n keeps this context for every poll: each poll resolves the credential afresh, once.
		startCredentialRun(this);
		const value = validateChoice(
			this,
			this.getNodeParameter('event'),
			'Event',
			EVENTS.map((event) => event.value),
		);
		const prepared = EVENTS.find((event) => event.value === value)!.prepare.call(this);
		const options = this.getNodeParameter('options', {}) as {
			maxEventsPerPoll?: unknown;
			latenessMinutes?: unknown;
		};
		const maxEvents = validateInteger(
			this,
			options.maxEventsPerPoll ?? DEFAULT_MAX_EVENTS,
			'Max Events per Poll',
			{ min: 1, max: 10_000 },
		);
		const latenessMs = readLatenessMs.call(this, options);

		if (this.getMode() === 'manual') {
			const sample = await prepared.sample();
			return sample ? [[sample]] : null;
		}

		// The allowance is not part of `watching`: changing it keeps the state and applies from the
		// next poll on.
		return await triggerPoll.call(this, value, prepared, maxEvents, latenessMs);
	}
}
