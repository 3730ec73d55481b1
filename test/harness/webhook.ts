import { gzipSync } from 'node:zlib';

import { Agent, fetch } from 'undici';

import { watchFor } from './waitUntil';

export interface WebhookAnswer {
	status: number;
	text: string;
	/** The answer read as JSON; the text itself when it is not JSON. */
	json: unknown;
	ms: number;
}

/**
 * Each call on a connection of its own: a kept-alive one that n8n closes as idle just as the next
 * call goes out fails it ("other side closed"). The caller's timeoutMs bounds the wait.
 */
const ONE_CONNECTION_PER_CALL = new Agent({ pipelining: 0, headersTimeout: 0, bodyTimeout: 0 });

/** How long after n8n answers REST a published workflow's webhook may still be missing. */
const REGISTRATION_MS = 60_000;

/**
 * Calls a published workflow's production webhook (POST, JSON) on an n8n at `n8n.url` and returns
 * its answer, whatever its status. A 404 is asked again for a minute: n8n answers REST before it
 * has registered every active workflow's webhooks.
 */
export async function postWebhook(
	n8n: { url: string },
	webhookPath: string,
	body: unknown,
	timeoutMs = 10 * 60_000,
	/** Sent gzip-compressed (n8n inflates it): a large body, as a client on a slow link sends it. */
	compressed = false,
): Promise<WebhookAnswer> {
	let answer: WebhookAnswer | undefined;
	const json = JSON.stringify(body);
	const payload = compressed ? gzipSync(json) : json;
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (compressed) headers['content-encoding'] = 'gzip';
	const registered = async () => {
		const started = performance.now();
		const res = await fetch(`${n8n.url}/webhook/${webhookPath}`, {
			method: 'POST',
			headers,
			body: payload,
			signal: AbortSignal.timeout(timeoutMs),
			dispatcher: ONE_CONNECTION_PER_CALL,
		});
		const text = await res.text();
		answer = { status: res.status, text, json: jsonOrText(text), ms: performance.now() - started };
		return res.status !== 404;
	};
	await watchFor(`webhook ${webhookPath} registered`, registered, REGISTRATION_MS, 500);
	return answer!;
}

function jsonOrText(text: string): unknown {
	try {
		return text ? JSON.parse(text) : undefined;
	} catch {
		return text;
	}
}
