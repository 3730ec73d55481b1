import assert from 'node:assert/strict';

import { faxesMadePerNumber, lastSeq, type RequestRecord } from '../../../emulator/request-log';
import type { DeployInstance } from './instance';
import type { Report } from './scenario-report';

/**
 * What a Retry or a re-run of a send left on the service (the emulator's request log: a send it
 * processed created its fax, whether or not n8n lived to read the answer), and what its items say.
 */

/** The output field saying whether an item's fax was sent by this run or found from an earlier one. */
const OUTCOME_FIELD = 'sendOnce';
const OUTBOUND = '^/v1/outboundfaxes$';
/** The Fax Cloud node of the send workflows. */
const SEND_NODE = 'Send Fax';

/** The sends (outbound fax creations) the service received since `sinceSeq`. */
export function sendsSince(instance: DeployInstance, sinceSeq: number): RequestRecord[] {
	return instance.emulator.control.requests({ method: 'POST', path: OUTBOUND, sinceSeq });
}

export function tally<T>(values: Iterable<T>): Map<T, number> {
	const counts = new Map<T, number>();
	for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
	return counts;
}

/** What notExactlyOnce gives when every number asked for has exactly one fax. */
export const EACH_ONCE = { missing: [], twice: [], foreign: [] };

/** Numbers with no fax, with more than one, and faxes to numbers not asked for. */
export function notExactlyOnce(counts: Map<string, number>, numbers: string[]) {
	const asked = new Set(numbers);
	return {
		missing: numbers.filter((n) => !counts.has(n)),
		twice: [...counts].filter(([, n]) => n > 1).map(([number]) => number),
		foreign: [...counts.keys()].filter((n) => !asked.has(n)),
	};
}

/** The fax numbers of a send node's output items, by what each item says it is. */
function byOutcome(items: Array<Record<string, unknown>>) {
	const split = { found: [] as string[], sent: [] as string[], unmarked: [] as string[] };
	for (const item of items) {
		const outcome = item[OUTCOME_FIELD];
		split[outcome === 'found' || outcome === 'sent' ? outcome : 'unmarked'].push(
			String(item.FaxNumber),
		);
	}
	return split;
}

const sorted = (numbers: Iterable<string>): string[] => [...numbers].sort();

export type SendRun = Awaited<ReturnType<typeof sendAgain>>;

/**
 * One run (a Retry, a re-run) of a send workflow, `run` naming its execution: its items by
 * outcome, the sends and searches meanwhile, the faxes it created and those since `sinceSeq`.
 */
export async function sendAgain(
	instance: DeployInstance,
	sinceSeq: number,
	run: () => Promise<{ id?: string; figures: Record<string, unknown> & { status?: string } }>,
) {
	const fromSeq = lastSeq(instance.emulator);
	const started = performance.now();
	const { id, figures } = await run();
	const ms = Math.round(performance.now() - started);
	const items = id ? await instance.nodeOutput(id, SEND_NODE) : [];
	const split = byOutcome(items);
	const count = (method: string) =>
		instance.emulator.control.requests({ method, path: OUTBOUND, sinceSeq: fromSeq }).length;
	return {
		split,
		after: faxesMadePerNumber(instance.emulator, sinceSeq),
		created: faxesMadePerNumber(instance.emulator, fromSeq),
		figures: {
			...figures,
			ms,
			items: items.length,
			found: split.found.length,
			sent: split.sent.length,
			unmarked: split.unmarked.length,
			sends: count('POST'),
			searches: count('GET'),
		},
	};
}

/**
 * The checks of a run sending `numbers` again after a crash (`again`; `also` first): it finds the
 * faxes that existed `before`, sends the rest, its items say which; one more run (`onceMore`)
 * sends nothing, finds all; each fax exists exactly once after each.
 */
export async function checkSentAgain(
	report: Report,
	scenario: string,
	runs: { what: string; numbers: string[]; before: Map<string, number> },
	again: SendRun & { title: string; itemsTitle: string; also?: () => void },
	onceMore: SendRun & { title: string },
): Promise<void> {
	const { what, numbers, before } = runs;
	await report.checkAll(scenario, {
		[again.title]: () => {
			again.also?.();
			assert.equal(again.figures.status, 'success', JSON.stringify(again.figures));
			assert.deepEqual(notExactlyOnce(again.after, numbers), EACH_ONCE);
			assert.equal(again.created.size, numbers.length - before.size, `faxes the ${what} created`);
		},
		[again.itemsTitle]: () => {
			assert.deepEqual(again.split.unmarked, [], 'items marked neither found nor sent');
			assert.equal(again.figures.items, numbers.length, 'one item per fax');
			assert.deepEqual(sorted(again.split.found), sorted(before.keys()), 'found');
			assert.deepEqual(sorted(again.split.sent), sorted(again.created.keys()), 'sent');
		},
		[onceMore.title]: () => {
			assert.equal(onceMore.figures.status, 'success', JSON.stringify(onceMore.figures));
			assert.equal(onceMore.figures.sends, 0, 'sends');
			assert.deepEqual(notExactlyOnce(onceMore.after, numbers), EACH_ONCE);
			assert.equal(onceMore.figures.found, numbers.length, 'items found');
		},
	});
}
