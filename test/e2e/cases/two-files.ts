import { SEED_USERS } from '../../../emulator';
import { assert, jsonOf, onlyRequestBy } from '../lib/assert';
import type { E2eCase } from '../lib/types';

/**
 * examples/two-files-on-one-item.json as shipped: a CSV and a PDF form made on two branches,
 * joined on one item by a Merge node (by position), then one mail merge job with both files.
 */
export const twoFilesCases: E2eCase[] = [
	{
		title: 'Example: two files on one item (mail merge CSV and PDF form)',
		workflow: 'examples/two-files-on-one-item.json',
		check(result) {
			const [joined] = result.items('CSV and Template on One Item');
			assert.deepEqual(
				Object.keys(joined.binary ?? {}).sort(),
				['csv', 'template'],
				'the Merge node puts both files on one item, each in its own field',
			);
			const create = onlyRequestBy(result.requests, SEED_USERS.alice, 'POST', '/v1/Job');
			assert.deepEqual(create.files.map((f) => [f.field, f.filename, f.contentType]).sort(), [
				['CSV', 'recipients.csv', 'text/csv'],
				['Template', 'payment-reminder-template.pdf', 'application/pdf'],
			]);
			assert.equal(create.params.FaxNumerColumnName, 'FaxNumber');
			assert.equal(create.params.ExpectedFaxes, '2', 'both recipients of the CSV');
			const [job] = jsonOf(result.items('Create Mail Merge Job'));
			assert.equal(typeof job.JobID, 'number');
			assert.equal(job.ExpectedFaxes, 2);
		},
	},
];
