import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../../../shared/itemErrors';
import { listJobFaxes, listMailMergeJobs } from '../../../shared/mailMergeLists';
import { normalizeMailMergeJob } from '../../../shared/recordFieldTypes';
import type {
	FilePart,
	RequestParams,
	WrittenFilePart,
} from '../../../shared/transport/httpEncoding';
import { type ItemNotes, itemNotesOf, notedBefore, noteItem } from '../common/itemNotes';
import {
	type Lineage,
	lineageOf,
	UNKNOWN_LINEAGE_ADVICE,
	warnInSubWorkflow,
} from '../common/lineage';
import type { CsvLineFax } from './csvChecks';
import { madeBefore, mayBeMadeSince } from './jobTimes';

/**
 * A job carries no field the client sets, so a Retry recognises its earlier job by what the
 * service shows of it: the job list gives each job's ExpectedFaxCount, and a job's fax list gives
 * each processed line's fax number and keyword, in line order. A job of the same size whose faxes
 * so far are this CSV's first lines is taken for this one, unless it existed before the lineage
 * first ran the create (see common/lineage.ts): before its first create a run notes, in its node
 * context, the jobs of its sizes that already exist, so a recurring mailing of the same list is
 * never taken for this one.
 *
 * Several items of one run may have the same lines (one list, a form per item): each job the run
 * created or found is noted for its item, so a Retry outputs that job for that item and never for
 * another, and in a Retry the items take turns (inRetryTurn), so two items never take one job.
 */

/** Node context entry: per run index, the IDs of the jobs of the run's sizes listed before. */
const JOBS_BEFORE = 'faxCloudJobsBefore';

/** What the creates of one run of the node share. */
export interface JobRun {
	lineage: Lineage;
	/** The job sizes (Expected Faxes) the run creates. */
	sizes: Set<number>;
	/** The jobs of those sizes that are not this lineage's; undefined when nobody noted them. */
	notOurs?: Set<number>;
	/** The list taken before this run's first create, once for all its items. */
	listed?: Promise<void>;
	/** Per item, the job (`JobID`) it created or found in this run or the runs it repeats. */
	made: ItemNotes;
	/** The end of the last item's turn begun (see inRetryTurn). */
	turns: Promise<unknown>;
	/** In a Retry, per item with no job noted, the other such items whose jobs look alike. */
	alike: Map<number, number[]>;
}

/** What one item of a run uploads: what the service shows of its job, and what it does not. */
export interface JobUpload {
	expectedFaxes: number;
	csv: { faxLines(): CsvLineFax[]; file: FilePart | WrittenFilePart };
	template: FilePart;
	params: RequestParams;
}

const sameBytes = (a: FilePart | WrittenFilePart, b: FilePart | WrittenFilePart) =>
	'data' in a && 'data' in b && a.data.equals(b.data);

const sameUpload = (a: JobUpload, b: JobUpload) =>
	sameBytes(a.csv.file, b.csv.file) &&
	a.template.data.equals(b.template.data) &&
	JSON.stringify(a.params) === JSON.stringify(b.params);

/**
 * In a Retry, the items with no job noted whose jobs the service would show alike (same size,
 * same lines) though they upload something else (another form, other settings): a job found for
 * one of them cannot be told to be its own. Items that upload the same are interchangeable.
 */
export function noteAlikeItems(run: JobRun, uploads: Array<JobUpload | undefined>) {
	if (!run.lineage.rerun) return;
	const groups = new Map<string, number[]>();
	uploads.forEach((upload, itemIndex) => {
		if (!upload || ownJob(run, itemIndex) !== undefined) return;
		const shown = JSON.stringify([upload.expectedFaxes, upload.csv.faxLines()]);
		groups.set(shown, [...(groups.get(shown) ?? []), itemIndex]);
	});
	for (const items of groups.values()) {
		for (const item of items) {
			const others = items.filter(
				(other) => other !== item && !sameUpload(uploads[item]!, uploads[other]!),
			);
			if (others.length > 0) run.alike.set(item, others);
		}
	}
}

const SUB_WORKFLOW_HINT =
	'This Create runs in a sub-workflow, which n8n starts anew when the parent execution is retried: it would create a second job and fax its list again. Create mail merge jobs in the parent workflow, where a Retry finds the job it made.';

export function newJobRun(context: IExecuteFunctions, sizes: number[]): JobRun {
	const lineage = lineageOf(context);
	warnInSubWorkflow(context, lineage, SUB_WORKFLOW_HINT);
	const noted = (lineage.nodeContext[JOBS_BEFORE] ?? {}) as Record<string, unknown>;
	const ids = noted[String(lineage.runIndex)];
	const notOurs = Array.isArray(ids) ? new Set(ids.map(Number)) : undefined;
	const made = itemNotesOf(lineage, 'faxCloudJobsMade');
	return {
		lineage,
		sizes: new Set(sizes),
		notOurs,
		made,
		turns: Promise.resolve(),
		alike: new Map(),
	};
}

/**
 * In a run that repeats one, each item looks up and creates in its turn, in item order, so that
 * no item takes for its own a job that another item of the run has just created.
 */
export async function inRetryTurn<T>(run: JobRun, work: () => Promise<T>): Promise<T> {
	if (!run.lineage.rerun) return await work();
	const turn = run.turns.then(work);
	run.turns = turn.catch(() => undefined);
	return await turn;
}

/** The job the item created or found before, when this run repeats one. */
function ownJob(run: JobRun, itemIndex: number): number | undefined {
	const noted = notedBefore(run.made, itemIndex);
	return noted === undefined ? undefined : Number(noted.JobID);
}

/** Notes that this item of the run created or found the job. */
export function noteJobMade(run: JobRun, itemIndex: number, jobId: number) {
	if (Number.isInteger(jobId)) noteItem(run.made, itemIndex, { JobID: jobId });
}

/**
 * Before a run's first create, the jobs of its sizes that exist: none of them is this lineage's.
 * Kept from the run a Retry repeats when that run noted them.
 */
async function noteJobsBefore(this: IExecuteFunctions, run: JobRun, itemIndex: number) {
	if (run.notOurs) return;
	run.listed ??= (async () => {
		let jobs: IDataObject[] | undefined;
		try {
			jobs = await listMailMergeJobs.call(this, itemIndex);
		} catch (error) {
			const failure = asNodeError(this, error, itemIndex);
			failure.description = `Nothing was created: before creating a job the node lists the jobs that exist, so that a Retry never takes one of them for its own. Run it again once the service answers.`;
			throw failure;
		}
		// An answer without `Jobs` (an account with none, or a list left out) notes nothing: a
		// Retry then looks at the jobs made since the execution began, as after a failed listing.
		if (!jobs) return;
		const ids = jobs
			.filter((job) => run.sizes.has(Number(job.ExpectedFaxCount)))
			.map((job) => Number(job.ID));
		const noted = (run.lineage.nodeContext[JOBS_BEFORE] ?? {}) as Record<string, unknown>;
		run.lineage.nodeContext[JOBS_BEFORE] = { ...noted, [String(run.lineage.runIndex)]: ids };
	})();
	await run.listed;
}

interface Candidate {
	job: IDataObject;
	faxes: IDataObject[];
}

const WHOLE_NUMBER = /^[+-]?\d+$/;

/**
 * Whether the Keyword the service shows is the line's: the description types it integer while its
 * sample shows a string, so a whole number may come back as a number (`007` as 7).
 */
function sameKeyword(shown: unknown, sent: string): boolean {
	const text = String(shown ?? '').trim();
	const written = sent.trim();
	const bothWhole = WHOLE_NUMBER.test(text) && WHOLE_NUMBER.test(written);
	return bothWhole ? Number(text) === Number(written) : text === written;
}

function sameLines(faxes: IDataObject[], lines: CsvLineFax[]): boolean {
	return faxes.every(
		(fax, index) =>
			index < lines.length &&
			String(fax.FaxNumber ?? '').trim() === lines[index].faxNumber &&
			sameKeyword(fax.Keyword, lines[index].keyword),
	);
}

/**
 * In a Retry with no note of the jobs that existed before the run it repeats created (that run
 * failed before or while listing them, or n8n was stopped while the node ran: n8n keeps a node's
 * notes only once it ends) but with the lineage's start, the jobs that may be that run's: those
 * created since the lineage began. A job whose CreatedOn cannot be read may be one.
 */
function mayBeOurs(run: JobRun, job: IDataObject): boolean {
	const { startedAt } = run.lineage;
	return run.notOurs !== undefined || startedAt === undefined || mayBeMadeSince(job, startedAt);
}

/** The jobs that may be this item's, newest first; with its own noted job, only that one. */
function candidates(
	jobs: IDataObject[],
	run: JobRun,
	itemIndex: number,
	expectedFaxes: number,
): IDataObject[] {
	const own = ownJob(run, itemIndex);
	const othersMade = new Set(Object.values(run.made.made).map((note) => Number(note.JobID)));
	const live = jobs.filter((job) => job.Status !== 'CANCELLED');
	if (own !== undefined) return live.filter((job) => Number(job.ID) === own);
	return live
		.filter((job) => Number(job.ExpectedFaxCount) === expectedFaxes)
		.filter((job) => !run.notOurs?.has(Number(job.ID)) && !othersMade.has(Number(job.ID)))
		.filter((job) => mayBeOurs(run, job))
		.sort((a, b) => Number(b.ID) - Number(a.ID));
}

function foundJob(job: IDataObject, expectedFaxes: number): INodeExecutionData[] {
	const { ID, ...record } = normalizeMailMergeJob(job);
	return [{ json: { JobID: ID, ExpectedFaxes: expectedFaxes, sendOnce: 'found', ...record } }];
}

/**
 * The earlier job of these lines, newest first, as the create's output marked `sendOnce: 'found'`;
 * undefined when there is none. A job of the same size that has made no fax yet cannot be told
 * apart, so the create stops rather than risk a second job.
 */
async function findEarlierJob(
	this: IExecuteFunctions,
	run: JobRun,
	itemIndex: number,
	lines: CsvLineFax[],
	expectedFaxes: number,
): Promise<INodeExecutionData[] | undefined> {
	const jobs = await listMailMergeJobs.call(this, itemIndex);
	if (!jobs) {
		throw new NodeOperationError(
			this.getNode(),
			'The service listed no jobs (its answer to GET /Job had no Jobs)',
			{
				itemIndex,
				description:
					'Nothing was created. In a Retry the node looks for the job its first run may have created, and without the list it cannot tell. Retry again once the service lists its jobs (Get Many shows them); if the login has no job at all, create the mailing in a new execution.',
			},
		);
	}
	if (ownJob(run, itemIndex) !== undefined) {
		const [own] = candidates(jobs, run, itemIndex, expectedFaxes);
		// Its job cancelled since is not taken, as one found by its lines would not be.
		return own && foundJob(own, expectedFaxes);
	}
	for (const job of candidates(jobs, run, itemIndex, expectedFaxes)) {
		const found: Candidate = {
			job,
			faxes: await listJobFaxes.call(this, String(job.ID), itemIndex),
		};
		if (found.faxes.length === 0) {
			throw new NodeOperationError(
				this.getNode(),
				`Job ${String(job.ID)} expects ${expectedFaxes} faxes like this one and has made none yet`,
				{
					itemIndex,
					description:
						'Nothing was created. In a Retry the node looks for the job its first run may have created, and it cannot tell yet whether this job is that one. Retry again once the job has made its first fax (Get Faxes shows it).',
				},
			);
		}
		if (sameLines(found.faxes, lines)) {
			const alike = run.alike.get(itemIndex);
			if (alike) {
				const items = [itemIndex, ...alike].sort((a, b) => a - b).map((item) => item + 1);
				throw new NodeOperationError(
					this.getNode(),
					`This Retry cannot tell which of items ${items.join(', ')} job ${String(job.ID)} belongs to`,
					{
						itemIndex,
						description: `Nothing was created. These items have the same recipients but different forms or settings, and the service shows nothing of the form, so a guess could fax one form twice and another never. Look at what job ${String(job.ID)} faxed (Get Faxes, or the service's portal), then create the missing mailings in a new execution: a new execution creates without looking for earlier jobs.`,
					},
				);
			}
			if (!run.notOurs) {
				const { startedAt } = run.lineage;
				const unnoted = startedAt !== undefined;
				if (
					unnoted &&
					(await madeBefore.call(this, found.job, found.faxes[0], startedAt, itemIndex))
				) {
					continue; // A mailing of the same list made before the execution began.
				}
				throw new NodeOperationError(
					this.getNode(),
					`This Retry cannot tell whether job ${String(job.ID)}, of the same lines, is the one the execution it repeats created`,
					{ itemIndex, description: unnoted ? unnotedAdvice(job) : UNKNOWN_LINEAGE_ADVICE },
				);
			}
			return foundJob(found.job, expectedFaxes);
		}
	}
	return undefined;
}

/** What to do when a Retry has no note of the jobs before the run it repeats and a job may be that run's. */
const unnotedAdvice = (job: IDataObject) =>
	`Nothing was created. n8n keeps what this node notes of a run only once the node ends, and it kept no note of the jobs that existed before the run this Retry repeats: that run failed before its create, or n8n was stopped while the node ran. Job ${String(job.ID)} has the same lines and was created since that execution began. If it is that execution's mailing (Get Faxes shows what it faxed), nothing is missing; if not, create the mailing in a new execution, which creates without looking back.`;

/**
 * Before a create: in a run that repeats one that reached this node (a Retry, Retry On Fail) the job this lineage created
 * for these lines, as the create's output marked `sendOnce: 'found'`; undefined when the job is to
 * be created. In every run, the jobs that existed before are noted first.
 */
export async function jobBeforeCreate(
	this: IExecuteFunctions,
	run: JobRun,
	itemIndex: number,
	csv: { faxLines(): CsvLineFax[] },
	expectedFaxes: number,
): Promise<INodeExecutionData[] | undefined> {
	const { rerun, began, id, startedAt } = run.lineage;
	// A Retry whose node noted its run finds its job. One with no note of the node's run (the run
	// failed before reaching it, or n8n was stopped while it ran) looks among the jobs created
	// since the lineage began, and one whose record n8n lost (no lineage) among all; either stops
	// rather than guess if a job of these lines is there.
	if (rerun && (began || id === undefined || startedAt !== undefined)) {
		// Only a Retry reads the lines: a first run does not build one record per line.
		const lines = csv.faxLines();
		const found = await findEarlierJob.call(this, run, itemIndex, lines, expectedFaxes);
		if (found) {
			noteJobMade(run, itemIndex, Number(found[0].json.JobID));
			return found;
		}
	}
	await noteJobsBefore.call(this, run, itemIndex);
	return undefined;
}
