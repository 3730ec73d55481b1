import http from 'node:http';

import {
	captureRequests,
	normalizedBody,
	recoveryKeys,
	type WireRequest,
} from '../../bench/lib/wire-capture';
import { listenLocal } from '../harness/ports';

/**
 * The helper floor counts only if it sends the Fax Cloud node's bytes: the bench compares bodies
 * as the emulator's server received them, with the random parts (boundary, recovery key) named.
 */

function multipartSend(boundary: string, key: string, pdf: string): WireRequest {
	const body =
		`--${boundary}\r\nContent-Disposition: form-data; name="FaxNumber"\r\n\r\n12125550000\r\n` +
		`--${boundary}\r\nContent-Disposition: form-data; name="BatchUniqueId"\r\n\r\n${key}\r\n` +
		`--${boundary}\r\nContent-Disposition: form-data; name="file1"; filename="a.pdf"\r\n` +
		`Content-Type: application/pdf\r\n\r\n${pdf}\r\n--${boundary}--\r\n`;
	return {
		method: 'POST',
		url: '/v1/outboundfaxes',
		headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
		body: Buffer.from(body, 'latin1'),
	};
}

/** The body with its own recovery keys named, as the bench compares it. */
const normalized = (request: WireRequest) => normalizedBody(request, recoveryKeys(request));

const NODE_KEY = 'n8n-abcdefghij0123456789';
const FLOOR_KEY = 'n8n-ZYXWVUTSRQ9876543210';

test('two sends with their own boundary and recovery key are the same bytes; one other byte is not', () => {
	const node = multipartSend(`----FaxCloudBoundary${'A'.repeat(24)}`, NODE_KEY, '%PDF-1.7 x');
	const floorBoundary = `----FaxCloudBoundary${'B'.repeat(24)}`;
	const floor = multipartSend(floorBoundary, FLOOR_KEY, '%PDF-1.7 x');
	expect(recoveryKeys(node)).toEqual([NODE_KEY]);
	expect(normalized(node)).toBe(normalized(floor));
	expect(normalized(node)).not.toBe(
		normalized(multipartSend(floorBoundary, FLOOR_KEY, '%PDF-1.7 y')),
	);
});

test("the run's key in Batch Name is named as random too, so the run key alone does not make sends differ", () => {
	const withRunKey = (boundary: string, runKey: string, key: string): WireRequest => {
		const send = multipartSend(boundary, key, '%PDF-1.7 x');
		const text = send.body
			.toString('latin1')
			.replace(
				`name="BatchUniqueId"`,
				`name="BatchName"\r\n\r\n${runKey}\r\n--${boundary}\r\nContent-Disposition: form-data; name="BatchUniqueId"`,
			);
		return { ...send, body: Buffer.from(text, 'latin1') };
	};
	const node = withRunKey('----FaxCloudBoundaryA', 'n8n-run-1r8uovd0noq2mq1gda93', NODE_KEY);
	const floor = withRunKey('----FaxCloudBoundaryB', 'n8n-run-ZYXWVUTSRQ9876543210', FLOOR_KEY);
	expect(recoveryKeys(node)).toEqual(['n8n-run-1r8uovd0noq2mq1gda93', NODE_KEY]);
	expect(normalized(node)).toBe(normalized(floor));
});

test('the tap sees the bytes of requests to its port only, beside the server, and is removed afterwards', async () => {
	const received: string[] = [];
	const listen = async () => {
		const server = http.createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', () => {
				received.push(Buffer.concat(chunks).toString());
				res.end('ok');
			});
		});
		return await listenLocal(server);
	};
	const tapped = await listen();
	const other = await listen();
	const emit = http.Server.prototype.emit;
	try {
		const captured = await captureRequests(Number(new URL(tapped.url).port), async () => {
			await fetch(tapped.url, { method: 'POST', body: 'to the tapped port' });
			await fetch(other.url, { method: 'POST', body: 'elsewhere' });
		});
		expect(captured.map((r) => [r.method, r.body.toString()])).toEqual([
			['POST', 'to the tapped port'],
		]);
		// The server itself still read every body.
		expect(received).toEqual(['to the tapped port', 'elsewhere']);
		expect(http.Server.prototype.emit).toBe(emit);
	} finally {
		// fetch keeps its connections alive: closing them lets the test's process end at once.
		await Promise.all([tapped.close(), other.close()]);
	}
});
