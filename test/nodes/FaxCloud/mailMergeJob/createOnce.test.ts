import type { INodeExecutionData } from 'n8n-workflow';

import { LINE_SECONDS } from '../../../../emulator/mailmerge/service';
import { useEmulator } from '../../../support/emulator';
import { mailMergeRequests, runMailMerge, useFormPdf, withTemplate } from './support';

/**
 * Mail merge Create in n8n's Retry (mode 'retry', the same items): a job the first run created is
 * found by what the service shows of it (its size in the job list, its faxes' numbers and keywords
 * in line order) and output as found; no second job is created for the same lines.
 */

const emulator = useEmulator();
const template = useFormPdf(['Name', 'FaxNumber']);

function lines(count: number, prefix = 'Client'): INodeExecutionData[] {
	const items: INodeExecutionData[] = Array.from({ length: count }, (_, index) => ({
		json: { FaxNumber: `1212555${2000 + index}`, Name: `${prefix} ${index}` },
	}));
	items[0] = withTemplate(items[0], template());
	return items;
}

const parameters = {
	operation: 'create',
	csvSource: 'items',
	columns: 'all',
	faxNumberColumn: 'FaxNumber',
	options: { keywordColumn: 'Name' },
};

const create = (items: INodeExecutionData[], mode?: 'retry') =>
	runMailMerge(emulator(), parameters, { items, mode });

const jobsListed = () => mailMergeRequests(emulator(), 'GET');

test('a first run asks for no job list and its output is as before', async () => {
	const result = await create(lines(3));
	expect(result.items.map((item) => item.json)).toEqual([{ JobID: 1, ExpectedFaxes: 3 }]);
	expect(jobsListed()).toHaveLength(0);
});

test('Retry after the answer to the create was lost finds the job and creates no second one', async () => {
	emulator().control.addFault({
		api: 'mailMerge',
		method: 'POST',
		kind: 'resetAfterProcessing',
		count: 1,
	});
	const first = await create(lines(3));
	expect(first.error).toBeDefined();
	expect(emulator().control.stats().mailMergeJobCount).toBe(1);
	emulator().control.advance(LINE_SECONDS * 1000);

	const retry = await create(lines(3), 'retry');

	expect(retry.error).toBeUndefined();
	expect(retry.items.map((item) => item.json)).toEqual([
		expect.objectContaining({ JobID: 1, ExpectedFaxes: 3, sendOnce: 'found', Status: 'INPROCESS' }),
	]);
	expect(emulator().control.stats().mailMergeJobCount).toBe(1);
	expect(mailMergeRequests(emulator(), 'POST')).toHaveLength(1);
});

test('Retry creates the job when none of the same lines exists, and says it did', async () => {
	await create(lines(3, 'Other'));
	await create(lines(4));
	emulator().control.advance(10 * LINE_SECONDS * 1000);

	const retry = await create(lines(3), 'retry');

	expect(retry.items.map((item) => item.json)).toEqual([
		{ JobID: 3, ExpectedFaxes: 3, sendOnce: 'sent' },
	]);
	expect(emulator().control.stats().mailMergeJobCount).toBe(3);
});

test('a job of the same size that has made no fax yet stops the Retry without creating', async () => {
	await create(lines(3, 'Other'));

	const retry = await create(lines(3), 'retry');

	expect(retry.error?.message).toBe('Job 1 expects 3 faxes like this one and has made none yet');
	expect(emulator().control.stats().mailMergeJobCount).toBe(1);
});
