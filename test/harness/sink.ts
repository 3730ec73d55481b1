import http from 'node:http';
import { text } from 'node:stream/consumers';

import { listenLocal } from './ports';

/**
 * A local HTTP endpoint on 127.0.0.1 that test workflows report to, one POST of JSON per event.
 * `received` holds each JSON body, in order of arrival.
 */
export interface Sink {
	url: string;
	received: Array<Record<string, unknown>>;
	close(): Promise<void>;
}

export async function startSink(): Promise<Sink> {
	const received: Sink['received'] = [];
	const server = http.createServer(async (req, res) => {
		try {
			received.push(JSON.parse(await text(req)));
		} catch {
			res.writeHead(400).end();
			return;
		}
		res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
	});
	const { url, close } = await listenLocal(server);
	return { url: `${url}/events`, received, close };
}
