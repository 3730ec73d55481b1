/**
 * Trigger phase, version 2 (issue 27): the Fax Cloud Trigger as the editor adds it, activated and
 * polling beside the version 1 workflows, which keep proving old workflows. Five workflows, each
 * reporting to the sink under its own event name:
 *  - New Inbound Fax of all users, Simplify on (left at its default) and off: the phase's inbound
 *    faxes, each once, with a dozen fields or the whole record;
 *  - Outbound Fax Status Changed of alice (One User, proxy login), Simplify on and off: the phase's
 *    completions, each once, the late one too;
 *  - Mail Merge Job Finished of carol: jobs created through the service's POST /Job. One finished
 *    before the activation (never emitted), one in process at the activation and cancelled after
 *    it, one created after it that completes, one created after it and cancelled at once.
 */
import { PDFDocument } from 'pdf-lib';

import { basicAuthorization, SEED_USERS, type Emulator } from '../../emulator';
import type { CredentialImport } from '../harness/n8n/n8n-cli';
import { assert } from './lib/assert';
import type { Sink } from '../harness/sink';
import { SIMPLIFIED_FAX_FIELDS } from '../../nodes/shared/simplifiedFax';

export const VERSION2_WORKFLOWS = [
	'v2-trigger-inbound-simplified.json',
	'v2-trigger-inbound-whole.json',
	'v2-trigger-outbound-simplified.json',
	'v2-trigger-outbound-whole.json',
	'v2-trigger-mail-merge-job-finished.json',
];

const MAIL_MERGE_LOGIN = SEED_USERS.carol;
/** Lines of a job that must still be in process minutes later (2 emulator seconds a line). */
const LONG_JOB_LINES = 1000;

/** The fields Simplify keeps (README, Node versions), in their order; the rest are left out. */
const SIMPLIFIED = SIMPLIFIED_FAX_FIELDS;

type Direction = keyof typeof SIMPLIFIED;
const EVENTS: Record<Direction, { simplified: string; whole: string }> = {
	inbound: { simplified: 'v2InboundSimplified', whole: 'v2InboundWhole' },
	outbound: { simplified: 'v2OutboundSimplified', whole: 'v2OutboundWhole' },
};
const JOB_EVENT = 'mailMergeJobFinished';

const at = (sink: Sink, event: string) => sink.received.filter((r) => r.event === event);
const sorted = (ids: number[]): number[] => [...ids].sort((a, b) => a - b);
const repeated = (ids: number[]): number[] =>
	sorted([...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]);

/** A PDF form with one field, the smallest template the mail merge service takes. */
async function formTemplate(): Promise<Uint8Array> {
	const doc = await PDFDocument.create();
	const page = doc.addPage([612, 792]);
	doc.getForm().createTextField('Name').addToPage(page, { x: 72, y: 700, width: 300, height: 24 });
	return await doc.save();
}

let template: Promise<Uint8Array> | undefined;

/** POST /Job as `login`, one line per fax, on `emulator`; returns the JobID. */
export async function createMailMergeJob(
	emulator: Emulator,
	login: { userId: string; password: string },
	lines: number,
): Promise<number> {
	template ??= formTemplate();
	const rows = Array.from({ length: lines }, (_, i) => `Line ${i + 1},12125550000`);
	const form = new FormData();
	form.append('FaxNumerColumnName', 'Fax');
	form.append('CSV', new Blob([`Name,Fax\n${rows.join('\n')}\n`]), 'data.csv');
	form.append('Template', new Blob([await template], { type: 'application/pdf' }), 'form.pdf');
	const res = await fetch(`${emulator.urls.mailMerge}/Job`, {
		method: 'POST',
		headers: { authorization: basicAuthorization(login) },
		body: form,
	});
	const body = (await res.json()) as { JobID?: number };
	assert.equal(res.status, 201, `POST /Job: ${JSON.stringify(body)}`);
	return Number(body.JobID);
}

export class Version2Triggers {
	/** Finished before the activation; never to be emitted. */
	private finishedBefore = 0;
	/** In process at the activation, cancelled after it. */
	private inProcess = 0;
	/** Created after the activation: one completes, one is cancelled at once. */
	private completes = 0;
	private cancelled = 0;

	constructor(private readonly emulator: Emulator) {}

	static credentials(urls: Emulator['urls']): CredentialImport[] {
		return [
			{
				id: 'FaxCloudCarolJob',
				name: 'Fax Cloud carol, mail merge (local emulator)',
				type: 'faxCloudApi',
				data: { ...MAIL_MERGE_LOGIN, faxBaseUrl: urls.fax, mailMergeBaseUrl: urls.mailMerge },
			},
		];
	}

	private async createJob(lines: number): Promise<number> {
		return await createMailMergeJob(this.emulator, MAIL_MERGE_LOGIN, lines);
	}

	/** Before the activation: the phase then moves the service's clock a minute on. */
	async beforeActivation(): Promise<void> {
		this.finishedBefore = await this.createJob(1);
		this.inProcess = await this.createJob(LONG_JOB_LINES);
	}

	/** With the phase's first batch. */
	async injectFirst(): Promise<void> {
		this.completes = await this.createJob(2);
		this.cancelled = await this.createJob(LONG_JOB_LINES);
		this.emulator.control.cancelJob(this.cancelled);
		this.emulator.control.cancelJob(this.inProcess);
	}

	/** Whether each fax and job expected so far has reached the sink through every workflow. */
	arrived(sink: Sink, inbound: number[], outbound: number[], jobs = true): boolean {
		const has = (event: string, ids: number[]) => {
			const got = at(sink, event).map((r) => Number(r.faxId));
			return ids.every((id) => got.includes(id));
		};
		const jobIds = at(sink, JOB_EVENT).map((r) => Number(r.jobId));
		return (
			has(EVENTS.inbound.simplified, inbound) &&
			has(EVENTS.inbound.whole, inbound) &&
			has(EVENTS.outbound.simplified, outbound) &&
			has(EVENTS.outbound.whole, outbound) &&
			(!jobs || [this.completes, this.cancelled, this.inProcess].every((id) => jobIds.includes(id)))
		);
	}

	/** The service's own record of a fax, as GET /{direction}faxes/{id} answers the proxy login. */
	private async serviceRecord(direction: Direction, faxId: number): Promise<string[]> {
		const res = await fetch(`${this.emulator.urls.fax}/${direction}faxes/${faxId}`, {
			headers: { authorization: basicAuthorization(SEED_USERS.acmeAdmin) },
		});
		const body = (await res.json()) as { FaxInfo: Array<Record<string, unknown>> };
		return Object.keys(body.FaxInfo[0]);
	}

	/**
	 * `expected`: the faxes the version 1 workflows must emit too (inbound FaxIds; outbound
	 * [FaxId, status, number] of alice).
	 */
	checks(
		sink: Sink,
		expected: { inbound: number[]; outbound: Array<[number, string, string]> },
	): Array<{ title: string; body: () => void | Promise<void> }> {
		const faxChecks = (direction: Direction, simplify: boolean) => ({
			title: `Trigger version 2: ${direction === 'inbound' ? 'New Inbound Fax' : 'Outbound Fax Status Changed'}, Simplify ${simplify ? 'on' : 'off'}: each event exactly once, ${simplify ? 'a dozen fields' : 'the whole record'}`,
			body: async () => {
				const events = at(sink, EVENTS[direction][simplify ? 'simplified' : 'whole']);
				const ids = events.map((r) => Number(r.faxId));
				assert.deepEqual(repeated(ids), [], `emitted twice: ${repeated(ids).join(', ')}`);
				if (direction === 'inbound') {
					assert.deepEqual(sorted(ids), sorted(expected.inbound));
				} else {
					const got = events
						.map((r) => [Number(r.faxId), r.status, r.number])
						.sort((a, b) => Number(a[0]) - Number(b[0]));
					assert.deepEqual(
						got,
						[...expected.outbound].sort((a, b) => a[0] - b[0]),
					);
				}
				for (const event of events) {
					const record = await this.serviceRecord(direction, Number(event.faxId));
					const want = simplify
						? SIMPLIFIED[direction].filter((field) => record.includes(field))
						: [...record].sort();
					const fields = event.fields as string[];
					assert.deepEqual(
						simplify ? fields : [...fields].sort(),
						want,
						`fax ${String(event.faxId)}: the fields of the emitted item`,
					);
				}
			},
		});
		return [
			faxChecks('inbound', true),
			faxChecks('inbound', false),
			faxChecks('outbound', true),
			faxChecks('outbound', false),
			{
				title:
					'Trigger version 2: Mail Merge Job Finished: each job that completes or is cancelled after the activation exactly once, one in process at the activation too',
				body: () => {
					const events = at(sink, JOB_EVENT);
					const ids = events.map((r) => Number(r.jobId));
					assert.deepEqual(repeated(ids), [], `emitted twice: ${repeated(ids).join(', ')}`);
					const got = events
						.map((r) => [Number(r.jobId), r.status])
						.sort((a, b) => Number(a[0]) - Number(b[0]));
					assert.deepEqual(got, [
						[this.inProcess, 'CANCELLED'],
						[this.completes, 'COMPLETE'],
						[this.cancelled, 'CANCELLED'],
					]);
					assert.ok(!ids.includes(this.finishedBefore), 'the job finished before the activation');
					const complete = events.find((r) => Number(r.jobId) === this.completes);
					assert.equal(complete?.lastLine, 2, 'the completed job processed both its lines');
				},
			},
		];
	}
}
