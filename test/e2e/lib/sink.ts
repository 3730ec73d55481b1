import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny HTTP endpoint on 127.0.0.1 that keeps every JSON body POSTed to it. */
export interface Sink {
	url: string;
	received: Array<Record<string, unknown>>;
	close(): Promise<void>;
}

export async function startSink(): Promise<Sink> {
	const received: Array<Record<string, unknown>> = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			try {
				received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
				res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
			} catch {
				res.writeHead(400).end();
			}
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/faxes`,
		received,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

export { freePort } from '../../../scripts/services/ports';

export async function waitFor(
	what: string,
	condition: () => boolean,
	timeoutMs: number,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (!condition()) {
		if (Date.now() > deadline)
			throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}
