import { faxesMadePerNumber } from '../../../emulator/request-log';
import type { DeployInstance } from './instance';

/**
 * What a Retry or a re-run of a send left on the service, and what its items say. The emulator's
 * request log is the ground truth: a send it processed created its fax, whether or not n8n lived
 * to read the answer.
 */

/** The output field saying whether an item's fax was sent by this run or found from an earlier one. */
export const OUTCOME_FIELD = 'sendOnce';
export type Outcome = 'found' | 'sent';

/** Faxes created per fax number by the sends the service processed since `sinceSeq`. */
export function faxesPerNumber(instance: DeployInstance, sinceSeq: number): Map<string, number> {
	return faxesMadePerNumber(instance.emulator, sinceSeq);
}

/** What notExactlyOnce gives when every number asked for has exactly one fax. */
export const EACH_ONCE = { missing: [], twice: [], foreign: [] };

/** Numbers with no fax, with more than one, and faxes to numbers not asked for. */
export function notExactlyOnce(
	counts: Map<string, number>,
	numbers: string[],
): { missing: string[]; twice: string[]; foreign: string[] } {
	const asked = new Set(numbers);
	return {
		missing: numbers.filter((n) => !counts.has(n)),
		twice: [...counts].filter(([, n]) => n > 1).map(([number]) => number),
		foreign: [...counts.keys()].filter((n) => !asked.has(n)),
	};
}

/**
 * What one run (a Retry, a re-run) of the send node did: its output items by outcome, and the
 * sends and outbound searches (lookups of what exists) the service received since `sinceSeq`.
 */
export function whatTheRunDid(
	instance: DeployInstance,
	sinceSeq: number,
	items: Array<Record<string, unknown>>,
) {
	const split = byOutcome(items);
	const count = (method: string) =>
		instance.emulator.control.requests({ method, path: '^/v1/outboundfaxes$', sinceSeq }).length;
	return {
		split,
		counts: {
			items: items.length,
			found: split.found.length,
			sent: split.sent.length,
			unmarked: split.unmarked.length,
			sends: count('POST'),
			searches: count('GET'),
		},
	};
}

/** The fax numbers of a send node's output items, by what each item says it is. */
export function byOutcome(
	items: Array<Record<string, unknown>>,
): Record<Outcome | 'unmarked', string[]> {
	const split: Record<Outcome | 'unmarked', string[]> = { found: [], sent: [], unmarked: [] };
	for (const item of items) {
		const outcome = item[OUTCOME_FIELD];
		const number = String(item.FaxNumber);
		if (outcome === 'found' || outcome === 'sent') split[outcome].push(number);
		else split.unmarked.push(number);
	}
	return split;
}

/** Sorted copies, for comparing sets of numbers in an assertion. */
export function sorted(numbers: Iterable<string>): string[] {
	return [...numbers].sort();
}
