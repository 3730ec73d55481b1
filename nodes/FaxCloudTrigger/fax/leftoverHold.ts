// Leftovers held: the few events a poll left at Max Events per Poll, kept for the next poll.
import type { PollBudget } from '../poll/pollBudget';
import { floorMinute } from '../state/eventWindow';
import type { HeldEvent } from '../state/heldEvents';
import { heldOf, MAX_HELD } from '../state/heldEvents';
import type { Emitted } from './emitted';
import { emitRecord } from './emitted';
import type { FaxEvent, FaxWatch } from './faxEventSearch';

/**
 * Emits the events the last poll held, oldest first, until Max Events per Poll or the time
 * budget; returns those still held.
 */
export async function emitHeld(
	watch: FaxWatch,
	held: HeldEvent[],
	budget: PollBudget,
	emitted: Emitted,
): Promise<HeldEvent[]> {
	for (let index = 0; index < held.length; index++) {
		if (budget.eventsFull || budget.emittingOver) return held.slice(index);
		const imageOnItsWay = emitRecord(watch, held[index], budget, emitted);
		if (imageOnItsWay) await imageOnItsWay;
	}
	return [];
}

/**
 * The events a slice read whole left at Max Events per Poll, when the next poll may take them
 * from the state instead of paging their minute again: the slice ends past the lateness
 * allowance (no record can still appear in it), there are at most MAX_HELD, and each has its own
 * time with a zone, before the slice's end. Undefined: the next poll reads them again, as it
 * reads any events left.
 */
export function eventsToHold(
	left: FaxEvent[],
	budget: PollBudget,
	upTo: number | undefined,
	serviceTime: number | undefined,
	latenessMs: number,
): HeldEvent[] | undefined {
	if (left.length === 0 || left.length > MAX_HELD || !budget.eventsFull) return undefined;
	if (upTo === undefined || serviceTime === undefined) return undefined;
	if (upTo > floorMinute(serviceTime - latenessMs)) return undefined;
	// DatetimeBefore is "at or before": a record at the slice's end is read again after it.
	const readAgain = (event: FaxEvent) => event.time >= upTo;
	if (left.some((e) => e.undated !== undefined || e.zoneless !== undefined || readAgain(e))) {
		return undefined;
	}
	return left.map(heldOf);
}
