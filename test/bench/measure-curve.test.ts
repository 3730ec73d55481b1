import { measureCurve } from '../../bench/lib/curve';

/** measureCurve's order: the warm-ups first (every size, or the smallest alone), then the rounds. */

async function calls(warmUpSmallestOnly?: boolean) {
	const made: string[] = [];
	const curve = await measureCurve({
		unit: 'fax',
		label: 'test',
		sizes: [100, 1_000, 10_000],
		rounds: 2,
		warmUpSmallestOnly,
		warmUp: async (size) => made.push(`warm ${size}`),
		run: async (size, round) => {
			made.push(`run ${size} in ${round}`);
			return { units: size, ms: size / 10, rssRiseBytes: size };
		},
		log: () => undefined,
	});
	return { made, curve };
}

test('warms up at every size by default, then runs each round smallest first', async () => {
	const { made, curve } = await calls();
	expect(made).toEqual([
		'warm 100',
		'warm 1000',
		'warm 10000',
		'run 100 in 1',
		'run 1000 in 1',
		'run 10000 in 1',
		'run 100 in 2',
		'run 1000 in 2',
		'run 10000 in 2',
	]);
	expect(curve.rounds.map((r) => r.map((run) => run.units))).toEqual([
		[100, 1_000, 10_000],
		[100, 1_000, 10_000],
	]);
});

test('warms up at the smallest size alone when asked, and keeps no warm-up run', async () => {
	const { made, curve } = await calls(true);
	expect(made.filter((m) => m.startsWith('warm'))).toEqual(['warm 100']);
	expect(made).toHaveLength(7);
	expect(curve.rounds.flat()).toHaveLength(6);
});
