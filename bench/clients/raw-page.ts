/**
 * The raw client of the polling benchmark, run as its own process: one search with the query the
 * trigger sent, then GetNextResults with each ResultsReference until HasMoreResults is no longer
 * true. Config in BENCH_CONFIG (JSON), the password in BENCH_PASSWORD; prints {requests, records, ms}.
 */
import { Pool } from 'undici';

interface Config {
	url: string;
	userId: string;
	query: Record<string, string>;
	pageSize: number;
}

interface Page {
	FaxInfo?: unknown[];
	HasMoreResults?: string | boolean;
	ResultsReference?: string;
}

async function main(): Promise<void> {
	const config = JSON.parse(process.env.BENCH_CONFIG ?? '{}') as Config;
	const url = new URL(config.url);
	const auth = `Basic ${Buffer.from(`${config.userId}:${process.env.BENCH_PASSWORD ?? ''}`).toString('base64')}`;
	const pool = new Pool(url.origin, { connections: 1 });
	let query: Record<string, string> = { ...config.query, ResultLimit: String(config.pageSize) };
	let requests = 0;
	let records = 0;
	const started = performance.now();
	for (;;) {
		const res = await pool.request({
			path: `${url.pathname}?${new URLSearchParams(query).toString()}`,
			method: 'GET',
			headers: { authorization: auth },
		});
		requests++;
		const page = (await res.body.json()) as Page;
		if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}`);
		records += page.FaxInfo?.length ?? 0;
		if (String(page.HasMoreResults) !== 'true' || !page.ResultsReference) break;
		query = { GetNextResults: page.ResultsReference, ResultLimit: String(config.pageSize) };
	}
	const ms = performance.now() - started;
	await pool.close();
	process.stdout.write(JSON.stringify({ requests, records, ms }));
}

main().catch((e) => {
	process.stderr.write(String(e instanceof Error ? e.message : e));
	process.exit(1);
});
