import http from 'node:http';

import { listenLocal } from './ports';
import { sleep } from './waitUntil';
import { postWebhook } from './webhook';

/**
 * The webhook caller opens a connection per call: a kept-alive one that n8n closes as idle just as
 * the next call goes out fails that call ("other side closed"), as the bench's mail merge calls did.
 */
test('each webhook call goes out on a connection of its own, answered in full', async () => {
	const sockets = new Set<unknown>();
	const server = http.createServer((req, res) => {
		sockets.add(req.socket);
		req.resume();
		req.on('end', () => res.end(JSON.stringify({ path: req.url })));
	});
	// A server that would keep connections alive for a minute: a pooled client would reuse one.
	server.keepAliveTimeout = 60_000;
	const { url, close } = await listenLocal(server);
	try {
		const first = await postWebhook({ url }, 'one', { rows: [1, 2] });
		// Long enough for a pooled client to have its connection back, idle, for the next call.
		await sleep(200);
		const second = await postWebhook({ url }, 'two', { rows: [3] }, 10_000, true);
		expect([first.status, first.json]).toEqual([200, { path: '/webhook/one' }]);
		expect([second.status, second.json]).toEqual([200, { path: '/webhook/two' }]);
		expect(sockets.size).toBe(2);
	} finally {
		await close();
	}
});
