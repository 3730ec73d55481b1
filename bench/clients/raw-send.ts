/** Bulk send's raw client: `count` undici sends, `concurrency` at once. Prints {ok, failed, ms}. */
import fs from 'node:fs';

import { FormData, Pool } from 'undici';

import { clientFrame } from './client-frame';

interface Config {
	faxUrl: string;
	userId: string;
	pdfPath: string;
	count: number;
	concurrency: number;
	faxNumber: string;
}

clientFrame<Config>(async (config, auth) => {
	const url = new URL(`${config.faxUrl}/outboundfaxes`);
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
	return { ok, failed, ms };
});
