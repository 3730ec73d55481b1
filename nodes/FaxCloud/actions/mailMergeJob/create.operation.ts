import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { faxCloudRequest } from '../../../shared/transport';
import type { FilePart } from '../../../shared/httpEncoding';
import { apiPath } from '../../../shared/httpEncoding';
import { type ItemPlanFailure, planEachItem } from '../common/planEachItem';
import type { OperationDisplayOptions } from '../node.type';
import type { MailMergeCsv } from './csvSource';
import {
	csvFromBinary,
	csvFromItems,
	csvSourceProperties,
	readTemplate,
	findTemplateItem,
} from './csvSource';
import { findEarlierJob } from './createOnce';
import type { JobSettings } from './jobSettings';
import { jobSettingProperties, readJobSettings } from './jobSettings';

const properties: INodeProperties[] = [...csvSourceProperties, ...jobSettingProperties];

const displayOptions: OperationDisplayOptions<'mailMergeJob'> = {
	show: { resource: ['mailMergeJob'], operation: ['create'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * In n8n's Retry (the same items again) a job the first run created is looked for first and
 * output as found; see createOnce.ts. A first run asks nothing more than the create.
 */
async function createJob(
	this: IExecuteFunctions,
	itemIndex: number,
	settings: JobSettings,
	csv: MailMergeCsv,
	template: FilePart,
): Promise<INodeExecutionData[]> {
	const expectedFaxes = settings.expectedFaxes ?? csv.dataLines;
	const retry = this.getMode() === 'retry';
	if (retry) {
		const found = await findEarlierJob.call(this, itemIndex, csv.faxLines(), expectedFaxes);
		if (found) return found;
	}
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
	return [
		{
			json: {
				JobID: Number.isFinite(jobId) ? jobId : (body.JobID ?? null),
				ExpectedFaxes: expectedFaxes,
				...(retry ? { sendOnce: 'sent' } : {}),
			},
		},
	];
}

interface JobPlan {
	settings: JobSettings;
	csv: MailMergeCsv;
	template: FilePart;
}

async function planJob(this: IExecuteFunctions, itemIndex: number): Promise<JobPlan> {
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
export async function checkAllItems(
	this: IExecuteFunctions,
	items: INodeExecutionData[],
): Promise<Array<JobPlan | ItemPlanFailure>> {
	return await planEachItem(this, items, planJob);
}

/** Binary File: one job per input item, from the item's own CSV and template. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	planned: JobPlan,
): Promise<INodeExecutionData[]> {
	const { settings, csv, template } = planned;
	return await createJob.call(this, itemIndex, settings, csv, template);
}

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
	return await createJob.call(this, 0, settings, csv, template);
}
