/** Polling's raw client: the trigger's search, paged to its end. Prints {requests, records, ms}. */
import { Pool } from 'undici';

import { clientFrame } from './client-frame';

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

clientFrame<Config>(async (config, auth) => {
	const url = new URL(config.url);
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
	return { requests, records, ms };
});
