import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery a workflow made: the JSON it posted, when it arrived. */
export interface Delivery {
	body: Record<string, unknown>;
	at: number;
}

/**
 * A local HTTP endpoint the test workflows report to, one POST per item. Each answer can be held
 * a little (`delayMs`), so that an execution delivering hundreds of items lasts long enough to be
 * killed in the middle.
 */
export interface Sink {
	url: string;
	received: Delivery[];
	delayMs: number;
	close(): Promise<void>;
}

export async function startSink(delayMs = 0): Promise<Sink> {
	const received: Delivery[] = [];
	const sockets = new Set<import('node:net').Socket>();
	const sink: Sink = {
		url: '',
		received,
		delayMs,
		close: () =>
			new Promise((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			let body: Record<string, unknown>;
			try {
				body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
			} catch {
				res.writeHead(400).end();
				return;
			}
			received.push({ body, at: Date.now() });
			setTimeout(() => {
				res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
			}, sink.delayMs);
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.once('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	sink.url = `http://127.0.0.1:${port}/events`;
	return sink;
}

export async function waitUntil(
	what: string,
	condition: () => boolean | Promise<boolean>,
	timeoutMs: number,
	intervalMs = 250,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!(await condition())) {
		if (Date.now() > deadline)
			throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
	}
}
