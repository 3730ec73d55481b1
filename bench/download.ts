import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { SEED_USERS } from '../emulator';
import { PeakRss } from './lib/proc';
import { callWebhook, latestNodeMs, type BenchServer } from './lib/server';
import { mb } from './lib/stats';

/** Download: one fax image into a binary field, against the HTTP Request node and curl. */

export const DOWNLOAD_WORKFLOWS = ['download-large-image.json', 'download-http-request.json'];
const WORKFLOW_ID = 'BenchDownload001';
/** The same download by n8n's HTTP Request node (response as a file): n8n's own floor. */
const HTTP_REQUEST_WORKFLOW_ID = 'BenchDownloadHttp';

/** One download by each, one after the other (ratios per round, lib/stats.ts). */
interface DownloadRound {
	nodeMs: number;
	httpRequestMs: number;
	curlMs: number;
	rssRiseBytes: number;
}

export interface DownloadFigures {
	bytes: number;
	rounds: DownloadRound[];
	rssSource: string;
	storedBytes: number;
}

function curlOnce(url: string, target: string): Promise<number> {
	const { userId, password } = SEED_USERS.alice;
	return new Promise((resolve, reject) => {
		const started = performance.now();
		// The login goes in through stdin (-K -), never on the command line.
		const child = execFile(
			'curl',
			['-sS', '--fail', '-K', '-', '-o', target, url],
			(error, _stdout, stderr) => {
				if (error) reject(new Error(`curl failed: ${stderr}`));
				else resolve(performance.now() - started);
			},
		);
		child.stdin?.end(`user = "${userId}:${password}"\n`);
	});
}

/** Size of the newest file n8n stored in its binary data folder (storage, binaryData before 2.x). */
function newestStoredFile(userFolder: string): number {
	let newest = { at: 0, size: 0 };
	const walk = (dir: string): void => {
		for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (!entry.name.endsWith('.metadata')) {
				const stat = fs.statSync(full);
				if (stat.mtimeMs > newest.at) newest = { at: stat.mtimeMs, size: stat.size };
			}
		}
	};
	for (const name of ['storage', 'binaryData']) {
		const root = path.join(userFolder, '.n8n', name);
		if (fs.existsSync(root)) walk(root);
	}
	return newest.size;
}

export async function benchDownload(
	bench: BenchServer,
	options: { bytes: number; rounds: number; log: (line: string) => void },
): Promise<DownloadFigures> {
	const { control, urls } = bench.emulator;
	const [fax] = control.injectInbound({ userId: SEED_USERS.alice.userId });
	control.padInboundImage(fax.FaxId, options.bytes);
	const url = `${urls.fax}/inboundfaxes/${fax.FaxId}/image?FaxContentType=pdf`;
	const curlTarget = path.join(
		fs.mkdtempSync(path.join(os.tmpdir(), 'fax-cloud-curl-')),
		'fax.pdf',
	);
	// Warm-up: the emulator builds the image once; n8n loads the node's code.
	await curlOnce(url, curlTarget);
	await callWebhook(bench, 'bench-download', { faxId: fax.FaxId });

	await callWebhook(bench, 'bench-download-http-request', { faxId: fax.FaxId });
	const rounds: DownloadRound[] = [];
	let rssSource = '';
	let storedBytes = 0;
	for (let i = 1; i <= options.rounds; i++) {
		const peak = new PeakRss(bench.pid);
		await callWebhook(bench, 'bench-download', { faxId: fax.FaxId });
		const memory = peak.stop();
		rssSource = memory.source;
		const nodeMs = await latestNodeMs(bench, WORKFLOW_ID, 'Download Fax');
		storedBytes = newestStoredFile(bench.environment.userFolder);
		await callWebhook(bench, 'bench-download-http-request', { faxId: fax.FaxId });
		const httpRequestMs = await latestNodeMs(bench, HTTP_REQUEST_WORKFLOW_ID, 'HTTP Request');
		const curlMs = await curlOnce(url, curlTarget);
		if (fs.statSync(curlTarget).size !== options.bytes) throw new Error('curl got a short file');
		rounds.push({ nodeMs, httpRequestMs, curlMs, rssRiseBytes: memory.riseBytes });
		options.log(
			`    download ${i}/${options.rounds}: n8n ${Math.round(nodeMs)} ms, +${mb(memory.riseBytes)} MB RSS; HTTP Request node ${Math.round(httpRequestMs)} ms; curl ${Math.round(curlMs)} ms`,
		);
	}
	fs.rmSync(path.dirname(curlTarget), { recursive: true, force: true });
	return { bytes: options.bytes, rounds, rssSource, storedBytes };
}
