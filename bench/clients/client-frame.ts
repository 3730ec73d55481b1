/** A raw client's process (lib/child.ts): BENCH_CONFIG and BENCH_PASSWORD in, `run`'s JSON out. */
export function clientFrame<C extends { userId: string }>(
	run: (config: C, authorization: string) => Promise<object>,
): void {
	const config = JSON.parse(process.env.BENCH_CONFIG ?? '{}') as C;
	const login = `${config.userId}:${process.env.BENCH_PASSWORD ?? ''}`;
	run(config, `Basic ${Buffer.from(login).toString('base64')}`).then(
		(out) => process.stdout.write(JSON.stringify(out)),
		(e: unknown) => {
			process.stderr.write(String(e instanceof Error ? e.message : e));
			process.exit(1);
		},
	);
}
