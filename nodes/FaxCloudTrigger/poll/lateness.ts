// The lateness allowance option: how late after its own time a record may appear and still count.
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';

import { validateInteger } from '../../shared/validation/valueChecks';

const DEFAULT_LATENESS_MINUTES = 10;
/** A day: the window, and the keys kept for it, grow with the allowance. */
const MAX_LATENESS_MINUTES = 24 * 60;

export const latenessOption: INodeProperties = {
	displayName: 'Lateness Allowance (Minutes)',
	name: 'latenessMinutes',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_LATENESS_MINUTES },
	default: DEFAULT_LATENESS_MINUTES,
	description:
		'How long after its own time (ReceivedTime, CompleteTime) a fax record may appear on the service and still be emitted, once. A long reception or conversion makes a fax appear minutes late. Each poll reads this many minutes back, measured on the service’s clock; a record that appears later than this is not emitted. Mail merge jobs are found by their ID, whenever they appear.',
};

/** The allowance in milliseconds, checked before any request. */
export function readLatenessMs(
	this: IPollFunctions,
	options: { latenessMinutes?: unknown },
): number {
	const minutes = validateInteger(
		this,
		options.latenessMinutes ?? DEFAULT_LATENESS_MINUTES,
		'Lateness Allowance (Minutes)',
		{ min: 1, max: MAX_LATENESS_MINUTES },
	);
	return minutes * 60_000;
}
