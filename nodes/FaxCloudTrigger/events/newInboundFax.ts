// Event "New Inbound Fax": a fax was received (optionally marked as retrieved).
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import { validateBoolean } from '../../shared/validation/valueChecks';
import { baselineFaxes, pollFaxes } from '../fax/faxPoll';
import { sampleFax } from '../fax/faxSample';
import { faxScopeParameters, readFaxScope } from '../fax/faxScope';
import type { FaxWatch } from '../fax/faxEventSearch';
import { faxEventItem, imageParameters, readImageSettings } from '../fax/eventImage';
import { markRetrieved } from '../fax/retrievedMarks';
import { readEventSimplify, eventSimplifyParameters } from '../fax/eventSimplify';
import type { PreparedEvent, TriggerEvent } from '../poll/triggerEvent';

const NEW_INBOUND_FAX = 'newInboundFax';

const properties: INodeProperties[] = [
	...faxScopeParameters([NEW_INBOUND_FAX]),
	...imageParameters([NEW_INBOUND_FAX]),
	...eventSimplifyParameters([NEW_INBOUND_FAX]),
	{
		displayName: 'Mark as Retrieved',
		name: 'markAsRetrieved',
		type: 'boolean',
		displayOptions: { show: { event: [NEW_INBOUND_FAX] } },
		default: false,
		description:
			'Whether to set Mark, the service’s own "retrieved" flag, on each fax the trigger emits (the trigger emits each fax once either way)',
	},
];

function prepare(this: IPollFunctions): PreparedEvent {
	const scope = readFaxScope.call(this);
	const image = readImageSettings.call(this);
	const simplify = readEventSimplify.call(this);
	const markAsRetrieved = validateBoolean(
		this,
		this.getNodeParameter('markAsRetrieved', false),
		'Mark as Retrieved',
	);
	const watch: FaxWatch = {
		direction: 'inbound',
		scope,
		accepts: () => true,
		toItem: (fax) => faxEventItem.call(this, 'inbound', fax, image, simplify),
	};
	return {
		watching: `${NEW_INBOUND_FAX}:${scope.faxUserId ?? ''}`,
		sample: async () => await sampleFax.call(this, watch),
		baseline: async (latenessMs) => await baselineFaxes.call(this, watch, latenessMs),
		poll: async (state, budget, latenessMs) => {
			const found = await pollFaxes.call(this, watch, state, budget, latenessMs);
			if (!markAsRetrieved) return { items: found.items, state: found.state };
			// A fax emitted without its image stays unmarked, so a "Mark = false" sweep still finds it.
			const faxIds = found.items
				.filter((item) => item.json.imageError === undefined)
				.map((item) => Number(item.json.FaxId));
			const marks = await markRetrieved.call(this, faxIds, state.marks ?? [], budget);
			for (const item of found.items) {
				if (marks.marked.has(Number(item.json.FaxId))) item.json.Mark = true;
			}
			return {
				items: found.items,
				state: { ...found.state, marks: marks.retry.length > 0 ? marks.retry : undefined },
			};
		},
	};
}

export const newInboundFax: TriggerEvent = {
	value: NEW_INBOUND_FAX,
	name: 'New Inbound Fax',
	description: 'A fax was received',
	properties,
	prepare,
};
