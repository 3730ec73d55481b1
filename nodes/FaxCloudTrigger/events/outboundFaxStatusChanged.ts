// Event "Outbound Fax Status Changed": a sent fax changed to a watched status.
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import { SEND_FAX_STATUSES } from '../../shared/faxStatuses';
import { invalidParameter } from '../../shared/validation/parameterErrors';
import { validateChoice } from '../../shared/validation/valueChecks';
import { baselineFaxes, pollFaxes } from '../fax/faxPoll';
import { sampleFax } from '../fax/faxSample';
import { faxScopeParameters, readFaxScope } from '../fax/faxScope';
import type { FaxWatch } from '../fax/faxEventSearch';
import { faxEventItem, imageParameters, readImageSettings } from '../fax/eventImage';
import { readEventSimplify, eventSimplifyParameters } from '../fax/eventSimplify';
import type { PreparedEvent, TriggerEvent } from '../poll/triggerEvent';

const OUTBOUND_FAX_STATUS_CHANGED = 'outboundFaxStatusChanged';

const properties: INodeProperties[] = [
	...faxScopeParameters([OUTBOUND_FAX_STATUS_CHANGED]),
	{
		displayName: 'Statuses',
		name: 'statuses',
		type: 'multiOptions',
		displayOptions: { show: { event: [OUTBOUND_FAX_STATUS_CHANGED] } },
		options: [
			{
				name: 'Awaiting Conversion',
				value: 'awaitingConversion',
				description: 'Waiting to be converted to the fax format (a new fax)',
			},
			{
				name: 'Awaiting Cover Page',
				value: 'awaitingCoverpage',
				description: 'Waiting for a cover page template',
			},
			{ name: 'Scheduled', value: 'scheduled', description: 'Waiting to be sent' },
			{ name: 'Send Failed', value: 'sendFailed', description: 'The fax cannot be sent' },
			{ name: 'Sending', value: 'sending', description: 'Being sent' },
			{ name: 'Sent', value: 'sent', description: 'The fax was sent' },
		],
		default: ['sent', 'sendFailed'],
		description:
			'Which new statuses to emit; Sent and Send Failed together mean "the fax is completed"',
	},
	...imageParameters([OUTBOUND_FAX_STATUS_CHANGED]),
	...eventSimplifyParameters([OUTBOUND_FAX_STATUS_CHANGED]),
];

function readStatuses(this: IPollFunctions): Set<string> {
	const value = this.getNodeParameter('statuses', ['sent', 'sendFailed']);
	const list = Array.isArray(value) ? value : [value];
	if (list.length === 0) {
		throw invalidParameter(this, 'Statuses', 'choose at least one status to emit');
	}
	return new Set(list.map((status) => validateChoice(this, status, 'Statuses', SEND_FAX_STATUSES)));
}

function prepare(this: IPollFunctions): PreparedEvent {
	const scope = readFaxScope.call(this);
	const statuses = readStatuses.call(this);
	const image = readImageSettings.call(this);
	const simplify = readEventSimplify.call(this);
	const watch: FaxWatch = {
		direction: 'outbound',
		scope,
		accepts: (status) => statuses.has(status),
		sampleStatus: statuses.size === 1 ? [...statuses][0] : undefined,
		toItem: (fax) => faxEventItem.call(this, 'outbound', fax, image, simplify),
	};
	return {
		watching: `${OUTBOUND_FAX_STATUS_CHANGED}:${scope.faxUserId ?? ''}`,
		sample: async () => await sampleFax.call(this, watch),
		baseline: async (latenessMs) => await baselineFaxes.call(this, watch, latenessMs),
		poll: async (state, budget, latenessMs) => {
			const found = await pollFaxes.call(this, watch, state, budget, latenessMs);
			return { items: found.items, state: found.state };
		},
	};
}

export const outboundFaxStatusChanged: TriggerEvent = {
	value: OUTBOUND_FAX_STATUS_CHANGED,
	name: 'Outbound Fax Status Changed',
	description: 'A sent fax reached a new status, e.g. sent or send failed',
	properties,
	prepare,
};
