import assert from 'node:assert/strict';

import { PDFDocument } from 'pdf-lib';

import { lastSeq } from '../../../emulator/request-log';
import { CREDENTIAL_NAMES } from '../../harness/n8n/credentials';
import type { StepContext } from './step-context';
import { idPicker } from './pickers';
import { asCredentialUser } from './service';

const JOBS = 5;

/** A PDF form with one field, the smallest template the mail merge service takes. */
async function formTemplate(): Promise<Uint8Array> {
	const doc = await PDFDocument.create();
	const page = doc.addPage([612, 792]);
	doc.getForm().createTextField('Name').addToPage(page, { x: 72, y: 700, width: 300, height: 24 });
	return await doc.save();
}

/**
 * The Job ID picker of Mail Merge Job → Get, on a new node: five new jobs of the credential's
 * user; "From List" shows every job newest (highest ID) first, typing an ID leaves just the jobs
 * whose ID or status contains it (worked out from the service's job list), and "By ID" refuses
 * "job-1". Run last: the jobs send outbound faxes.
 */
export async function jobIdPicker(context: StepContext): Promise<void> {
	const { emulator } = context;
	const template = await formTemplate();
	const created: string[] = [];
	for (let i = 0; i < JOBS; i++) {
		const form = new FormData();
		form.append('FaxNumerColumnName', 'Fax');
		form.append('CSV', new Blob([`Name,Fax\nJob ${i},12125550000\n`]), 'data.csv');
		form.append('Template', new Blob([template], { type: 'application/pdf' }), 'form.pdf');
		const answer = await asCredentialUser(emulator.urls.mailMerge, 'POST', '/Job', form);
		created.push(String(answer.JobID));
	}
	const jobs = (await asCredentialUser(emulator.urls.mailMerge, 'GET', '/Job')).Jobs as Array<{
		ID: number;
		Status: string;
	}>;
	const newestFirst = [...jobs].sort((a, b) => b.ID - a.ID);
	// The second job created: its ID is in no other job's ID or status.
	const filter = created[1];
	const matching = newestFirst
		.filter((job) => [String(job.ID), job.Status].some((f) => f.toLowerCase().includes(filter)))
		.map((job) => String(job.ID));
	assert.ok(
		matching.includes(filter) && matching.length < jobs.length,
		`typing ${filter} leaves fewer jobs than there are (${JSON.stringify(jobs)})`,
	);

	const since = lastSeq(emulator);
	await idPicker(context, {
		resource: 'mailMergeJob',
		operation: 'get',
		parameter: 'jobId',
		credential: CREDENTIAL_NAMES.fax,
		newest: newestFirst.map((job) => String(job.ID)),
		filter,
		filtered: { exactly: matching },
		invalidId: 'job-1',
		message: 'Not a valid Job ID: use a whole number greater than 0',
		name: 'job-id-picker',
	});
	const lists = emulator.control.requests({ sinceSeq: since, api: 'mailMerge', path: '^/v1/Job$' });
	assert.ok(
		lists.some((r) => r.method === 'GET' && r.status === 200),
		'the picker read the job list from the service',
	);
}
