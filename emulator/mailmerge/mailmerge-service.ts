import type { TimerHandle } from '../clock';
import type { EmulatorContext } from '../context';
import type { OutboundFax } from '../fax/records';
import type { SeedUser } from '../seed-data';
import { MailMergeError } from './codes';
import { keywordType, keywordView, type KeywordType } from './keyword-type';
import type { JobRequest } from './validate';
import { MailMergeClock } from './wall-clock';

/** Emulator seconds between two CSV lines of a job (one line per step). */
export const LINE_SECONDS = 2;

/** The order of interface B's lists (`Jobs`, `Faxes`): the description gives none. */
export const LIST_ORDERS = ['oldest-first', 'newest-first'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

export interface MailMergeJob {
	id: number;
	owner: SeedUser;
	createdAt: number;
	status: 'INPROCESS' | 'COMPLETE' | 'CANCELLED';
	lastCompletedLine: number;
	cancelledAt?: number;
	expectedFaxCount: number;
	request: JobRequest;
	faxes: Array<{ fax: OutboundFax; keyword: string }>;
	timer?: TimerHandle;
}

export class MailMergeService {
	private jobs = new Map<number, MailMergeJob>();
	private nextId = 1;
	/** The job store is down (control.setMailMergeOutage): every call of interface B fails. */
	down = false;
	/** Jobs the next list answer of their owner leaves out (control.omitJobOnce). */
	private omitted = new Set<number>();
	/** List answers still to be sent without `Jobs` (control.listWithoutJobsOnce). */
	private listsWithoutJobs = 0;
	/** HTTP status of the 2001 answers while lookups fail (control.failJobLookups); none: off. */
	lookupsFailing: number | undefined;
	readonly clock: MailMergeClock;
	/** The order of the lists (control.setMailMergeListOrder). */
	private order: ListOrder;
	/** How a fax's Keyword is written (control.setMailMergeKeywordType). */
	private keywords: KeywordType;

	constructor(
		private readonly ctx: EmulatorContext,
		timeZone?: string,
		private readonly initialOrder: ListOrder = 'oldest-first',
		private readonly initialKeywords: KeywordType = 'string',
	) {
		this.clock = new MailMergeClock(timeZone);
		this.order = listOrder(initialOrder);
		this.keywords = keywordType(initialKeywords);
	}

	setListOrder(order: ListOrder): void {
		this.order = listOrder(order);
	}

	setKeywordType(type: KeywordType): void {
		this.keywords = keywordType(type);
	}

	/** `items` (oldest first, as kept) in the order of the lists. */
	inListOrder<T>(items: T[]): T[] {
		return this.order === 'newest-first' ? [...items].reverse() : items;
	}

	reset(): void {
		for (const job of this.jobs.values()) job.timer?.cancel();
		this.jobs.clear();
		this.nextId = 1;
		this.down = false;
		this.omitted.clear();
		this.listsWithoutJobs = 0;
		this.lookupsFailing = undefined;
		this.clock.reset();
		this.order = this.initialOrder;
		this.keywords = this.initialKeywords;
	}

	count(): number {
		return this.jobs.size;
	}

	create(owner: SeedUser, request: JobRequest): MailMergeJob {
		const job: MailMergeJob = {
			id: this.nextId++,
			owner,
			createdAt: this.ctx.clock.now(),
			status: 'INPROCESS',
			lastCompletedLine: 0,
			expectedFaxCount: request.expectedFaxes ?? request.lines.length,
			request,
			faxes: [],
		};
		this.jobs.set(job.id, job);
		this.planNextLine(job);
		return job;
	}

	get(owner: SeedUser, rawId: string, what: 'jobError' | 'faxListError'): MailMergeJob {
		if (!/^\d+$/.test(rawId)) {
			throw new MailMergeError(what, { details: `Invalid job id ${rawId}` }, 400);
		}
		const job = this.jobs.get(Number(rawId));
		if (!job || job.owner.userId !== owner.userId) {
			throw new MailMergeError(what, { details: `Job ${rawId} not found` });
		}
		return job;
	}

	/** The jobs of one list answer (undefined: no `Jobs`); an omitJobOnce job is left out once. */
	list(owner: SeedUser): MailMergeJob[] | undefined {
		if (this.lookupsFailing !== undefined) return [];
		if (this.listsWithoutJobs > 0) {
			this.listsWithoutJobs--;
			return undefined;
		}
		const jobs = [...this.jobs.values()].filter((j) => j.owner.userId === owner.userId);
		const shown = jobs.filter((j) => !this.omitted.has(j.id));
		for (const job of jobs) this.omitted.delete(job.id);
		return this.inListOrder(shown);
	}

	private job(jobId: number): MailMergeJob {
		const job = this.jobs.get(jobId);
		if (!job) throw new Error(`no mail merge job ${jobId}`);
		return job;
	}

	omitOnce(jobId: number): void {
		this.omitted.add(this.job(jobId).id);
	}

	/** The next `count` list answers (any login) carry RequestStatus only. */
	listWithoutJobs(count: number): void {
		this.listsWithoutJobs += count;
	}

	/** The job is gone from the service: no longer listed, and GET by its id answers 2001 (404). */
	remove(jobId: number): void {
		this.job(jobId).timer?.cancel();
		this.jobs.delete(jobId);
		this.omitted.delete(jobId);
	}

	cancel(jobId: number): void {
		const job = this.job(jobId);
		if (job.status !== 'INPROCESS') throw new Error(`job ${jobId} is ${job.status}, not INPROCESS`);
		job.timer?.cancel();
		job.status = 'CANCELLED';
		job.cancelledAt = this.ctx.clock.now();
	}

	private dt(ms: number): string {
		return this.clock.write(ms, this.ctx.precision);
	}

	jobView(job: MailMergeJob): Record<string, unknown> {
		return {
			ID: job.id,
			CreatedOn: this.dt(job.createdAt),
			LastCompletedLine: job.lastCompletedLine,
			Status: job.status,
			CancelledOn: job.cancelledAt === undefined ? null : this.dt(job.cancelledAt),
			ExpectedFaxCount: job.expectedFaxCount,
		};
	}

	faxView(entry: { fax: OutboundFax; keyword: string }): Record<string, unknown> {
		const { fax } = entry;
		return {
			ID: fax.id,
			CreatedOn: this.dt(fax.createdAt),
			// The description's sample shows "Submitted": that is what a fax not yet converted reads as.
			Status: fax.status === 'awaitingConversion' ? 'Submitted' : fax.status,
			ErrorCode: String(fax.errorCode),
			ErrorText: fax.errorText,
			Keyword: keywordView(this.keywords, entry.keyword),
			FaxNumber: fax.faxNumber,
			ModifiedOn: this.dt(fax.updatedAt),
			Owner: fax.userId,
		};
	}

	private planNextLine(job: MailMergeJob): void {
		job.timer = this.ctx.clock.after(LINE_SECONDS * 1000, () => {
			job.timer = undefined;
			if (job.status !== 'INPROCESS') return;
			this.processLine(job);
			if (job.lastCompletedLine >= job.request.lines.length) job.status = 'COMPLETE';
			else this.planNextLine(job);
		});
	}

	private processLine(job: MailMergeJob): void {
		const r = job.request;
		const line = job.lastCompletedLine + 1;
		const values = r.lines[line - 1];
		const keyword = r.keywordColumn ? (values[r.keywordColumn] ?? '') : '';
		const coverPageEnabled = r.coverPage !== undefined;
		const { owner } = job;
		const org = this.ctx.accounts.organization(owner.userId);
		const sendTo = [{ number: values[r.faxNumberColumn].trim() }];
		const options: Partial<OutboundFax> = {
			sendAfter: r.sendAfter,
			coverPageEnabled,
			coverPageName: coverPageEnabled ? r.coverPage : '',
			coverMessage: coverPageEnabled ? r.coverPageMessage : '',
			notifySuccess: r.notifyOnSuccess ?? false,
			notifyFailed: r.notifyOnFailure ?? true,
			notifyEmailAddress: r.notifyEmail ?? owner.email,
			description: `Mail merge job ${job.id}, line ${line}`,
			tsi: owner.tsi,
			projectCodes: [org?.accountNumber ?? '', keyword, '', '', ''],
			merge: { jobId: job.id, line, template: r.template, values },
		};
		const [fax] = this.ctx.outbound.createGroup(owner, owner, sendTo, [], options, r.templatePages);
		job.faxes.push({ fax, keyword });
		job.lastCompletedLine = line;
	}
}

function listOrder(order: string): ListOrder {
	if (!(LIST_ORDERS as readonly string[]).includes(order)) {
		throw new Error(`list order must be one of ${LIST_ORDERS.join(', ')}`);
	}
	return order as ListOrder;
}
