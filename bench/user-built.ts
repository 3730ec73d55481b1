import { SEED_USERS } from '../emulator';
import { bytesOf, lastSeq } from './lib/polls';
import { callWebhook, durationMs, executionsOf, type BenchServer } from './lib/server';
import { median, round } from './lib/stats';

/** Without the trigger: HTTP Request lists the faxes, Remove Duplicates, started by webhook. */

export const USER_BUILT_WORKFLOWS = ['list-and-remove-duplicates.json'];
const WORKFLOW_ID = 'BenchListDedupe1';

/** The runs' medians (`emitted`: the fewest new faxes a run found). */
export type UserBuiltFigures = Awaited<ReturnType<typeof benchUserBuilt>>;

const countOf = (json: unknown): number =>
	Number((json as { count_FaxId?: number } | undefined)?.count_FaxId ?? 0);

export async function benchUserBuilt(
	bench: BenchServer,
	options: { stored: number; fewNew: number; userBuiltRuns: number; log: (line: string) => void },
) {
	const { control } = bench.emulator;
	const users = [SEED_USERS.alice.userId, SEED_USERS.bob.userId];
	control.bulkCreateInbound(options.stored, { users });
	// The first run only fills the deduplication history with every stored fax.
	const primed = await callWebhook(bench, 'bench-list-dedupe', {});
	options.log(
		`    without the trigger: first run saw ${countOf(primed.json)} faxes (${Math.round(primed.ms)} ms)`,
	);
	const requests: number[] = [];
	const bytes: number[] = [];
	const times: number[] = [];
	let emitted = Infinity;
	for (let rep = 1; rep <= options.userBuiltRuns; rep++) {
		bench.clock.advance(60_000);
		control.injectInbound({ userId: SEED_USERS.alice.userId, count: options.fewNew });
		const sinceSeq = lastSeq(bench.emulator);
		const answer = await callWebhook(bench, 'bench-list-dedupe', {});
		const [execution] = await executionsOf(bench, WORKFLOW_ID, 1);
		const sent = control.requests({ sinceSeq });
		requests.push(sent.length);
		bytes.push(bytesOf(sent));
		times.push(durationMs(execution));
		emitted = Math.min(emitted, countOf(answer.json));
		options.log(
			`    without the trigger ${rep}/${options.userBuiltRuns}: ${countOf(answer.json)} new, ${sent.length} requests, ${round(bytesOf(sent) / 1e6, 1)} MB, ${Math.round(times.at(-1)!)} ms`,
		);
	}
	return {
		storedFaxes: options.stored,
		newFaxes: options.fewNew,
		repetitions: options.userBuiltRuns,
		requests: median(requests),
		bytes: median(bytes),
		timeMs: round(median(times), 0),
		emitted,
	};
}
