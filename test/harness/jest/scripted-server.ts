import http from 'node:http';
import { buffer } from 'node:stream/consumers';

import { listenLocal } from '../ports';
import { closedAfterEach } from './closedAfterEach';

export interface ReceivedRequest {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}

export type ScriptedAnswer = (
	request: ReceivedRequest,
	count: number,
	socket: http.ServerResponse,
) => void;

/**
 * A bare HTTP server whose every answer the test scripts (a 503 then a 200, a socket closed after
 * the body was read), recording every request it received.
 */
export async function startScriptedServer(answer: ScriptedAnswer) {
	const received: ReceivedRequest[] = [];
	const server = http.createServer(async (req, res) => {
		const { method = '', url = '', headers } = req;
		// A request the client dropped before its end is neither recorded nor answered.
		const body = await buffer(req).catch(() => undefined);
		if (!body) return;
		const request = { method, url, headers, body };
		received.push(request);
		answer(request, received.length, res);
	});
	return { ...(await listenLocal(server)), received };
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown) {
	res.writeHead(status, { 'Content-Type': 'application/json' });
	res.end(JSON.stringify(body));
}

/**
 * Scripted servers for one test file, each closed after the test that started it: the suites of
 * the credentials and the transport start several per test and must not leave one listening.
 */
export function useScriptedServers() {
	const keep = closedAfterEach();
	return async (answer: ScriptedAnswer) => keep(await startScriptedServer(answer));
}
