import type { N8nServer } from '../../../scripts/n8n/server';

export interface WebhookAnswer {
	status: number;
	text: string;
	ms: number;
}

/** How long after n8n answers REST a published workflow's webhook may still be missing. */
const REGISTRATION_MS = 60_000;

/** Calls a production webhook (POST, JSON) and returns its answer, whatever its status. */
export async function postWebhook(
	server: N8nServer,
	webhookPath: string,
	body: unknown,
	timeoutMs = 10 * 60_000,
): Promise<WebhookAnswer> {
	const firstTry = Date.now();
	for (;;) {
		const started = performance.now();
		const res = await fetch(`${server.url}/webhook/${webhookPath}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(timeoutMs),
		});
		const text = await res.text();
		// n8n answers REST before it has registered every active workflow's webhooks.
		if (res.status === 404 && Date.now() - firstTry < REGISTRATION_MS) {
			await new Promise((resolve) => setTimeout(resolve, 500));
			continue;
		}
		return { status: res.status, text, ms: performance.now() - started };
	}
}
