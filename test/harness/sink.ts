import http from 'node:http';
import { text } from 'node:stream/consumers';

import { listenLocal } from './ports';

/** One JSON body a workflow posted, and when it arrived. */
export interface Delivery {
	body: Record<string, unknown>;
	at: number;
}

/**
 * A local HTTP endpoint on 127.0.0.1 that test workflows report to, one POST of JSON per event.
 * `received` holds what `keep` makes of each delivery, in order of arrival.
 */
export interface Sink<T = Record<string, unknown>> {
	url: string;
	received: T[];
	close(): Promise<void>;
}

export interface SinkOptions<T> {
	/** What `received` keeps of each delivery; the body unless given. */
	keep?: (delivery: Delivery) => T;
}

export async function startSink<T = Record<string, unknown>>(
	options: SinkOptions<T> = {},
): Promise<Sink<T>> {
	const keep = options.keep ?? ((delivery: Delivery) => delivery.body as T);
	const received: T[] = [];
	const server = http.createServer(async (req, res) => {
		let body: Record<string, unknown>;
		try {
			body = JSON.parse(await text(req));
		} catch {
			res.writeHead(400).end();
			return;
		}
		received.push(keep({ body, at: Date.now() }));
		res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
	});
	const { url, close } = await listenLocal(server);
	return { url: `${url}/events`, received, close };
}
