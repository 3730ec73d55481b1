import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { SEED_USERS } from '../../../emulator';
import { call } from '../../harness/emulatorHttp';
import type { Sink } from '../../harness/sink';
import { waitUntil } from '../../harness/waitUntil';
import { postWebhook } from '../../harness/webhook';
import type { DeployInstance } from '../lib/instance';
import type { Report } from '../lib/scenario-report';
import { tally } from '../lib/sent-once';

const SCENARIO = 'queue mode: inbound fax downloaded on one worker, saved on the other';
const IMAGE_BYTES = 2_000_000;

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

/**
 * inbound-file.json: Download Fax (a 2 MB PDF), a Code node reading the bytes, then a Wait. The
 * worker that ran this part is stopped, so the other runs the rest: Read/Write Files saves the
 * binary. The file must be the service's image byte for byte, the binary live in the database.
 */
export async function inboundFileAcrossWorkers(
	instance: DeployInstance,
	report: Report,
	sink: Sink,
) {
	const { control, urls } = instance.emulator;
	const [fax] = control.injectInbound({ userId: SEED_USERS.alice.userId });
	const faxId = Number(fax.FaxId);
	control.padInboundImage(faxId, IMAGE_BYTES);
	const { status, body: image } = await call('GET', `${urls.fax}/inboundfaxes/${faxId}/image`, {
		auth: SEED_USERS.acmeAdmin,
		query: { FaxContentType: 'pdf' },
		headers: { accept: 'application/pdf' },
	});
	assert.equal(status, 200);

	const started = await postWebhook(instance.server, 'deploy-inbound-file', { faxId });
	assert.equal(started.status, 200, started.text);
	/** The first report of a stage (that `match` accepts). */
	const reported = (stage: string, match = (d: Record<string, unknown>) => !!d) =>
		sink.received.find((d) => d.stage === stage && match(d));
	const ofFax = (d: Record<string, unknown>) =>
		Number((d.read as { faxId?: unknown })?.faxId) === faxId;
	const readReported = () => !!reported('read', ofFax);
	await waitUntil('the first part (download, read) reported', readReported, 120_000);
	const read = reported('read') as {
		execution: string;
		worker: string;
		resumeUrl: string;
		read: { bytes: number; header: string; pages: number; binaryId: string | null };
	};
	const waiting = async () => (await instance.execution(read.execution)).status === 'waiting';
	await waitUntil(`execution ${read.execution} waiting`, waiting, 60_000, 250);
	const first = read.worker;
	const other = [...instance.workers.keys()].find((name) => name !== first)!;
	await instance.worker(first).stop();
	report.step(`${first} downloaded and read fax ${faxId}; stopped it, resuming the execution`);
	let resume: Response;
	try {
		resume = await fetch(read.resumeUrl, { method: 'POST' });
		await resume.arrayBuffer();
		await waitUntil(
			'the second part (save) reported',
			async () => {
				const ofExecution = (d: Record<string, unknown>) =>
					String(d.execution) === String(read.execution);
				if (reported('saved', ofExecution)) return true;
				const now = await instance.statusOf(read.execution);
				if (['error', 'crashed', 'canceled'].includes(now.status))
					throw new Error(`execution ${read.execution} ended ${now.status}: ${now.error ?? ''}`);
				return false;
			},
			120_000,
		);
	} finally {
		await instance.startWorker(first);
	}
	const saved = reported('saved') as { worker: string; file: string };
	const stored = await instance.execution(read.execution);
	const file = path.join(instance.filesFolder, `inbound-fax-${faxId}.pdf`);
	const written = fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
	const rows = instance.postgres.sql(
		`SELECT count(*) || ' ' || coalesce(max("fileSize"), 0) FROM binary_data WHERE "sourceId" = '${read.execution}'`,
	);
	const figures = {
		faxId,
		execution: read.execution,
		downloadedOn: first,
		savedOn: saved.worker,
		resumeStatus: resume.status,
		bytes: written.length,
		binaryId: read.read.binaryId,
		binaryDataRows: rows,
		status: stored.status,
		startedBy: Object.fromEntries(tally(instance.workerOfExecutions().get(read.execution) ?? [])),
	};
	report.step(JSON.stringify(figures));
	await report.checkAll(SCENARIO, {
		'downloaded and read on one worker, saved by the other': () => {
			assert.equal(saved.worker, other);
			assert.equal(figures.startedBy[first], 1);
			assert.equal(figures.startedBy[other], 1);
			assert.equal(stored.status, 'success');
		},
		"the saved file is the service's image, byte for byte; the Code node read all of it": () => {
			assert.equal(sha256(written), sha256(image));
			assert.equal(read.read.bytes, image.length);
			assert.equal(read.read.header, '%PDF-');
		},
		'the binary lives in the database (binary data mode "database")': () => {
			assert.match(String(read.read.binaryId), /^database:/);
			const [count, size] = rows.split(' ').map(Number);
			assert.ok(count >= 1, `binary_data rows of the execution: ${rows}`);
			assert.equal(size, image.length);
		},
	});
	return figures;
}
