/**
 * The raw client of the bulk-send benchmark, run as its own process (like n8n): `count` multipart
 * sends of one PDF with undici, at most `concurrency` at once over as many connections.
 * Config in BENCH_CONFIG (JSON), the password in BENCH_PASSWORD; prints {ok, failed, ms}.
 */
import fs from 'node:fs';

import { FormData, Pool } from 'undici';

interface Config {
	faxUrl: string;
	userId: string;
	pdfPath: string;
	count: number;
	concurrency: number;
	faxNumber: string;
}

async function main(): Promise<void> {
	const config = JSON.parse(process.env.BENCH_CONFIG ?? '{}') as Config;
	const url = new URL(`${config.faxUrl}/outboundfaxes`);
	const auth = `Basic ${Buffer.from(`${config.userId}:${process.env.BENCH_PASSWORD ?? ''}`).toString('base64')}`;
	const pdf = fs.readFileSync(config.pdfPath);
	const pool = new Pool(url.origin, { connections: config.concurrency });
	let next = 0;
	let ok = 0;
	let failed = 0;
	const started = performance.now();
	const worker = async (): Promise<void> => {
		while (next < config.count) {
			next++;
			const form = new FormData();
			form.append('FaxNumber', config.faxNumber);
			form.append('file1', new Blob([pdf], { type: 'application/pdf' }), 'fax.pdf');
			const res = await pool.request({
				path: url.pathname,
				method: 'POST',
				headers: { authorization: auth },
				body: form,
			});
			await res.body.dump();
			if (res.statusCode === 201) ok++;
			else failed++;
		}
	};
	await Promise.all(Array.from({ length: config.concurrency }, worker));
	const ms = performance.now() - started;
	await pool.close();
	process.stdout.write(JSON.stringify({ ok, failed, ms }));
}

main().catch((e) => {
	process.stderr.write(String(e instanceof Error ? e.message : e));
	process.exit(1);
});
