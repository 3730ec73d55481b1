/**
 * Trigger phase, version 2: the Fax Cloud Trigger as the editor adds it. New Inbound Fax of all
 * users and Outbound Fax Status Changed of alice, each with Simplify on and off, and Mail Merge Job
 * Finished of carol: a job finished before the activation (never emitted), one in process at it and
 * cancelled after, one created after it that completes, one created after it and cancelled.
 */
import { SEED_USERS, type Emulator } from '../../emulator';
import { call, postMailMergeJob } from '../harness/emulatorHttp';
import type { CredentialImport } from '../harness/n8n/n8n-cli';
import { assert } from './lib/assert';
import { faxCredential } from '../harness/n8n/credentials';
import { allAt, assertEachOnce, byId, eventsAt, statusRows } from './lib/sink-events';
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

type Direction = keyof typeof SIMPLIFIED_FAX_FIELDS;
const EVENTS: Record<Direction, { simplified: string; whole: string }> = {
	inbound: { simplified: 'v2InboundSimplified', whole: 'v2InboundWhole' },
	outbound: { simplified: 'v2OutboundSimplified', whole: 'v2OutboundWhole' },
};
const JOB_EVENT = 'mailMergeJobFinished';

export class Version2Triggers {
	private inProcess = 0;
	private completes = 0;
	private cancelled = 0;

	constructor(private readonly emulator: Emulator) {}

	static credentials(urls: Emulator['urls']): CredentialImport[] {
		const name = 'Fax Cloud carol, mail merge (local emulator)';
		return [faxCredential('FaxCloudCarolJob', name, MAIL_MERGE_LOGIN, urls)];
	}

	private createJob(lines: number): Promise<number> {
		return postMailMergeJob(this.emulator, lines, MAIL_MERGE_LOGIN);
	}

	/** Before the activation: the phase then moves the service's clock a minute on. */
	async beforeActivation(): Promise<void> {
		await this.createJob(1); // finished before the activation: never emitted
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
	arrived(sink: Sink, inbound: number[], outbound: number[]): boolean {
		const faxes = (direction: Direction, ids: number[]) =>
			Object.values(EVENTS[direction]).every((event) => allAt(sink, event, ids));
		const jobs = [this.completes, this.cancelled, this.inProcess];
		return (
			faxes('inbound', inbound) &&
			faxes('outbound', outbound) &&
			allAt(sink, JOB_EVENT, jobs, 'jobId')
		);
	}

	/** The fields of the service's own record of a fax, as GET answers the proxy login. */
	private async serviceRecord(direction: Direction, faxId: number): Promise<string[]> {
		const url = `${this.emulator.urls.fax}/${direction}faxes/${faxId}`;
		const { json } = await call('GET', url, { auth: SEED_USERS.acmeAdmin });
		return Object.keys((json as { FaxInfo: Array<Record<string, unknown>> }).FaxInfo[0]);
	}

	/** `expected`: what the version 1 workflows emit (FaxIds; outbound [FaxId, status, number]). */
	checks(
		sink: Sink,
		expected: { inbound: number[]; outbound: Array<[number, string, string]> },
	): Array<{ title: string; body: () => void | Promise<void> }> {
		const faxChecks = (direction: Direction, simplify: boolean) => ({
			title: `Trigger version 2: ${direction === 'inbound' ? 'New Inbound Fax' : 'Outbound Fax Status Changed'}, Simplify ${simplify ? 'on' : 'off'}: each event exactly once, ${simplify ? 'a dozen fields' : 'the whole record'}`,
			body: async () => {
				const name = EVENTS[direction][simplify ? 'simplified' : 'whole'];
				if (direction === 'inbound') assertEachOnce(sink, name, expected.inbound);
				else assert.deepEqual(statusRows(sink, name), byId(expected.outbound));
				for (const event of eventsAt(sink, name)) {
					const record = await this.serviceRecord(direction, Number(event.faxId));
					const want = simplify
						? SIMPLIFIED_FAX_FIELDS[direction].filter((field) => record.includes(field))
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
			...(['inbound', 'outbound'] as const).flatMap((d) =>
				[true, false].map((on) => faxChecks(d, on)),
			),
			{
				title:
					'Trigger version 2: Mail Merge Job Finished: each job that completes or is cancelled after the activation exactly once, one in process at the activation too',
				body: () => {
					// Each job once, and not the one finished before the activation.
					assert.deepEqual(statusRows(sink, JOB_EVENT), [
						[this.inProcess, 'CANCELLED'],
						[this.completes, 'COMPLETE'],
						[this.cancelled, 'CANCELLED'],
					]);
					const complete = eventsAt(sink, JOB_EVENT).find(
						(r) => Number(r.jobId) === this.completes,
					);
					assert.equal(complete?.lastLine, 2, 'the completed job processed both its lines');
				},
			},
		];
	}
}
