import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxCloudRequest } from '../../../shared/transport/exchanges';
import type { FilePart } from '../../../shared/transport/httpEncoding';
import { apiPath } from '../../../shared/transport/httpEncoding';
import { ItemPlanFailure, planEachItem } from '../common/planEachItem';
import { type CheckAllItems, type ItemExecute, showOnlyFor } from '../common/operationShape';
import type { MailMergeCsv } from './csvSource';
import {
	csvFromBinary,
	csvFromItems,
	csvSourceProperties,
	readTemplate,
	findTemplateItem,
} from './csvSource';
import {
	inRetryTurn,
	jobBeforeCreate,
	type JobRun,
	newJobRun,
	noteAlikeItems,
	noteJobMade,
} from './createOnce';
import type { JobSettings } from './jobSettings';
import { jobSettingProperties, readJobSettings } from './jobSettings';

const properties: INodeProperties[] = [...csvSourceProperties, ...jobSettingProperties];

const displayOptions = showOnlyFor('mailMergeJob', 'create');

export const description = updateDisplayOptions(displayOptions, properties);

const expectedFaxesOf = (settings: JobSettings, csv: MailMergeCsv) =>
	settings.expectedFaxes ?? csv.dataLines;

/**
 * In a run that repeats one (n8n's Retry, Retry On Fail) the job its lineage created is looked
 * for first and output as found; every run first notes the jobs that are not its own. See
 * createOnce.ts.
 */
async function createJob(
	this: IExecuteFunctions,
	itemIndex: number,
	plan: JobPlan,
): Promise<INodeExecutionData[]> {
	const { settings, csv, template, run } = plan;
	const expectedFaxes = expectedFaxesOf(settings, csv);
	const retry = run.lineage.rerun;
	return await inRetryTurn(run, async () => {
		const found = await jobBeforeCreate.call(this, run, itemIndex, csv, expectedFaxes);
		if (found) return found;
		const body = await faxCloudRequest.call(this, {
			api: 'mailMerge',
			method: 'POST',
			path: apiPath('Job'),
			multipart: {
				fields: { ...settings.params, ExpectedFaxes: expectedFaxes },
				files: [csv.file, template],
			},
			itemIndex,
		});
		const jobId = Number(body.JobID);
		noteJobMade(run, itemIndex, jobId);
		return [
			{
				json: {
					JobID: Number.isFinite(jobId) ? jobId : (body.JobID ?? null),
					ExpectedFaxes: expectedFaxes,
					...(retry ? { sendOnce: 'sent' } : {}),
				},
			},
		];
	});
}

interface JobPlan {
	settings: JobSettings;
	csv: MailMergeCsv;
	template: FilePart;
	run: JobRun;
}

async function planJob(this: IExecuteFunctions, itemIndex: number): Promise<Omit<JobPlan, 'run'>> {
	const settings = readJobSettings.call(this, itemIndex);
	const csv = await csvFromBinary.call(this, itemIndex, settings);
	const template = await readTemplate.call(this, itemIndex);
	return { settings, csv, template };
}

/**
 * Binary File: every item's files are checked before the first job is created, since a node
 * stopped halfway would be run again and fax the first items' lines twice. Each item's plan is
 * made here once and handed to its `execute`.
 */
export const checkAllItems: CheckAllItems<JobPlan> = async function (items) {
	const plans = await planEachItem(this, items, planJob);
	const sizes = plans.flatMap((plan) =>
		plan instanceof ItemPlanFailure ? [] : [expectedFaxesOf(plan.settings, plan.csv)],
	);
	const run = newJobRun(this, sizes);
	noteAlikeItems(
		run,
		plans.map((plan) =>
			plan instanceof ItemPlanFailure
				? undefined
				: {
						...plan,
						expectedFaxes: expectedFaxesOf(plan.settings, plan.csv),
						params: plan.settings.params,
					},
		),
	);
	return plans.map((plan) => (plan instanceof ItemPlanFailure ? plan : { ...plan, run }));
};

/** Binary File: one job per input item, from the item's own CSV and template. */
export const execute: ItemExecute<JobPlan> = async function (itemIndex, planned) {
	return await createJob.call(this, itemIndex, planned);
};

/** Input Items: every item is one CSV line and all of them make one job. */
export function runsOnce(this: IExecuteFunctions): boolean {
	return this.getNodeParameter('csvSource', 0, 'binary') === 'items';
}

export async function executeOnce(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const settings = readJobSettings.call(this, 0);
	const csv = csvFromItems.call(this, items, settings);
	const holder = findTemplateItem.call(this, items);
	const template = await readTemplate.call(this, holder.itemIndex, holder.field);
	const run = newJobRun(this, [expectedFaxesOf(settings, csv)]);
	return await createJob.call(this, 0, { settings, csv, template, run });
}
