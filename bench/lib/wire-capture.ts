import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Requests as the emulator's server receives them (its log has no bytes): a tap on one port. */

export interface WireRequest {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

type Emit = (event: string, ...args: any[]) => boolean;

/** Calls `onRequest` synchronously as each request on `port` arrives, before the emulator. */
export async function tapRequests(
	port: number,
	onRequest: (req: http.IncomingMessage) => void,
	run: () => Promise<void>,
): Promise<void> {
	// Typed loosely: Node's emit overloads do not take an event name held in a variable.
	const original = http.Server.prototype.emit as Emit;
	const tapped: Emit = function (this: http.Server, event, ...args) {
		if (event === 'request' && (this.address() as AddressInfo | null)?.port === port) {
			onRequest(args[0] as http.IncomingMessage);
		}
		return original.apply(this, [event, ...args]);
	};
	http.Server.prototype.emit = tapped as typeof http.Server.prototype.emit;
	try {
		await run();
	} finally {
		http.Server.prototype.emit = original as typeof http.Server.prototype.emit;
	}
}

/** Every request on `port` while `run` goes on, with its body's bytes. */
export async function captureRequests(
	port: number,
	run: () => Promise<void>,
): Promise<WireRequest[]> {
	const captured: Array<Promise<WireRequest>> = [];
	await tapRequests(
		port,
		(req) => {
			captured.push(
				new Promise((resolve) => {
					const chunks: Buffer[] = [];
					// A second 'data' listener sees the same chunks as the emulator's own body reader.
					req.on('data', (chunk: Buffer) => chunks.push(chunk));
					req.on('end', () =>
						resolve({
							method: req.method ?? '',
							url: req.url ?? '',
							headers: req.headers,
							body: Buffer.concat(chunks),
						}),
					);
				}),
			);
		},
		run,
	);
	return await Promise.all(captured);
}

/** A multipart body with its boundary and the given random values (recovery keys) named. */
export function normalizedBody(request: WireRequest, randomValues: string[]): string {
	const boundary = /boundary=([^;]+)/.exec(String(request.headers['content-type']))?.[1];
	let text = request.body.toString('latin1');
	if (boundary) text = text.split(boundary).join('<boundary>');
	for (const value of randomValues) text = text.split(value).join('<random>');
	return text;
}

/** The keys of a Fax Cloud send (`n8n-` or `n8n-run-` and 20 letters or digits), wherever they are. */
export function recoveryKeys(request: WireRequest): string[] {
	return request.body.toString('latin1').match(/n8n-(?:run-)?[A-Za-z0-9]{20}/g) ?? [];
}
